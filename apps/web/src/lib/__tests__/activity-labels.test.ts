import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_RESULT_TEXTS,
  areaLabel,
  operationLabel,
  recordAreaOf,
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
  });

  it("names the kind of record a detail shows, so its activity lists only that area's actions", () => {
    // Every detail reachable by the id names the area its route came from.
    for (const area of ['payments', 'subscriptions', 'payers', 'imports', 'afip', 'bins', 'notifications']) {
      expect(recordAreaOf(recordRoute(area, '1000001') ?? '')).toBe(area);
    }
    // The batch detail (by either of its routes) and the lists whose detail is a dialog; a list has no record.
    const kinds = Object.fromEntries(
      [
        '/lotes/lotes/30/20190',
        '/retiros/lotes/30/20190',
        '/retiros/historial',
        '/retirosUnificados',
        '/distribucion',
        '/pagos',
        '/pagadores',
      ].map((path) => [path, recordAreaOf(path)]),
    );
    expect(kinds).toEqual({
      '/lotes/lotes/30/20190': 'batches',
      '/retiros/lotes/30/20190': 'batches',
      '/retiros/historial': 'withdrawals',
      '/retirosUnificados': 'withdrawals',
      '/distribucion': 'distributions',
      '/pagos': null,
      '/pagadores': null,
    });
  });
});
