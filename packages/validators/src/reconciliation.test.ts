import { describe, expect, it } from 'vitest';
import {
  checkCompensationAmount,
  gatewayReconciliationSchema,
  toReconciliationPayload,
} from './reconciliation.js';
import { formikErrors } from './__tests__/reference.js';

describe('gateway reconciliation', () => {
  it('description free, compensation amount digits only', async () => {
    expect(checkCompensationAmount('')).toBeUndefined();
    expect(checkCompensationAmount('1500')).toBeUndefined();
    expect(checkCompensationAmount('15,00')).toBe('*Solo números.');
    expect(
      await formikErrors(gatewayReconciliationSchema, { description: '', compensationAmount: '' }),
    ).toEqual({});
    expect(
      await formikErrors(gatewayReconciliationSchema, { description: 'Ajuste', compensationAmount: '-3' }),
    ).toEqual({ compensationAmount: '*Solo números.' });
  });

  it("keeps the batch's values for empty fields", () => {
    const existing = { description: 'Lote 7', compensation_amount: 250 };
    expect(toReconciliationPayload({ description: ' ', compensationAmount: '' }, existing)).toEqual({
      description: 'Lote 7',
      compensation_amount: 250,
    });
    expect(toReconciliationPayload({ description: 'Ajuste', compensationAmount: '300' }, existing)).toEqual({
      description: 'Ajuste',
      compensation_amount: '300',
    });
    expect(toReconciliationPayload({}, {})).toEqual({ description: null, compensation_amount: null });
  });
});
