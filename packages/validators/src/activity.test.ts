import { describe, expect, it } from 'vitest';
import { activityResultText, operationText } from './activity.js';

describe('activity results', () => {
  it('reads UNKNOWN as "Resultado desconocido" and keeps a code it does not know', () => {
    expect(activityResultText('SUCCESS')).toBe('Correcto');
    expect(activityResultText('FAILED')).toBe('Con error');
    expect(activityResultText('UNKNOWN')).toBe('Resultado desconocido');
    expect(activityResultText('OTHER')).toBe('OTHER');
  });

  it('names an action in Spanish, an unknown one by its mutation', () => {
    expect(operationText('cancelPayment')).toBe('Cancelar pago');
    expect(operationText('toString')).toBe('toString');
  });
});
