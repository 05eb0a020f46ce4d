import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_RESULT_TEXTS,
  activityRouteFor,
  areaLabel,
  operationLabel,
  recordRoute,
} from '../activity-labels';

describe('activity labels', () => {
  it('names an action in Spanish, an unknown one by its mutation', () => {
    expect(operationLabel('cancelPayment')).toBe('Cancelar pago');
    expect(operationLabel('authorizeWithdrawal')).toBe('Autorizar retiro');
    expect(operationLabel('someNewMutation')).toBe('someNewMutation');
    expect(areaLabel('withdrawals')).toBe('Retiros');
  });

  it('names a call refused before it ran "Denegado", an unknown outcome apart', () => {
    expect(ACTIVITY_RESULT_TEXTS.DENIED).toBe('Denegado');
    expect(ACTIVITY_RESULT_TEXTS.UNKNOWN).toBe('Resultado desconocido');
  });

  it('links a record to its detail when its area has one reachable by the id', () => {
    expect(recordRoute('payments', '1000001')).toBe('/pago/1000001');
    expect(recordRoute('subscriptions', 'a/b')).toBe('/suscripcion/a%2Fb');
    expect(recordRoute('batches', '20190')).toBeNull();
    expect(recordRoute(null, '1')).toBeNull();
    expect(activityRouteFor('1000001')).toBe('/actividad?registro=1000001');
  });
});
