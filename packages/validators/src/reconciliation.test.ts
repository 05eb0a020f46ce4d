import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import {
  checkCompensationAmount,
  compensationAmountOf,
  gatewayReconciliationSchema,
  toReconciliationPayload,
} from './reconciliation.js';
import { formikErrors } from './__tests__/reference.js';

describe('gateway reconciliation', () => {
  it('description free, compensation amount an es-AR amount with its cents', async () => {
    expect(checkCompensationAmount('')).toBeUndefined();
    expect(checkCompensationAmount('1500')).toBeUndefined();
    for (const typed of ['15,00', '26.717,23', '26717,23', '26717.23', '1.500']) {
      expect(checkCompensationAmount(typed), typed).toBeUndefined();
    }
    for (const typed of ['-3', '12a', '1,234', '15,005']) {
      expect(checkCompensationAmount(typed), typed).toBe(MESSAGES.amountFormat);
    }
    expect(compensationAmountOf('26.717,23')).toBe('26717.23');
    expect(compensationAmountOf('1.500')).toBe('1500.00');
    expect(compensationAmountOf('26717.23')).toBe('26717.23');
    expect(compensationAmountOf(' ')).toBeNull();
    expect(compensationAmountOf('-3')).toBeNull();
    expect(
      await formikErrors(gatewayReconciliationSchema, { description: '', compensationAmount: '' }),
    ).toEqual({});
    expect(
      await formikErrors(gatewayReconciliationSchema, { description: 'Ajuste', compensationAmount: '-3' }),
    ).toEqual({ compensationAmount: MESSAGES.amountFormat });
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
