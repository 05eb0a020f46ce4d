import { describe, expect, it } from 'vitest';
import {
  afipCreateSchema,
  afipManualPresentationSchema,
  afipReprocessSchema,
  checkAfipPeriod,
  checkAfipTransactionId,
  normalizeAfipTransactionId,
} from './afip.js';
import { MESSAGES } from './messages.js';
import { formikErrors } from './__tests__/reference.js';

describe('AFIP presentations', () => {
  it('manual presentation needs a trimmed transaction id', async () => {
    expect(checkAfipTransactionId('   ')).toBe(MESSAGES.afipTransactionIdRequired);
    expect(checkAfipTransactionId('ABC123456789')).toBeUndefined();
    expect(normalizeAfipTransactionId('  ABC123 ')).toBe('ABC123');
    expect(normalizeAfipTransactionId('  ')).toBeUndefined();
    expect(await formikErrors(afipManualPresentationSchema, { transactionId: '' })).toEqual({
      transactionId: MESSAGES.afipTransactionIdRequired,
    });
  });

  it('create needs form type and period; reprocess reason optional', async () => {
    expect(await formikErrors(afipCreateSchema, {})).toEqual({
      fileStructureId: MESSAGES.afipFormTypeRequired,
      period: MESSAGES.afipPeriodRequired,
    });
    expect(
      await formikErrors(afipCreateSchema, { fileStructureId: 3, period: new Date(2025, 5, 1) }),
    ).toEqual({});
    expect(await formikErrors(afipCreateSchema, { fileStructureId: '3', period: '2025-06' })).toEqual({});
    expect(checkAfipPeriod(new Date(Number.NaN))).toBe(MESSAGES.afipPeriodRequired);
    expect(await formikErrors(afipReprocessSchema, { reason: '' })).toEqual({});
  });
});
