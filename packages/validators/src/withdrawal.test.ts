import { describe, expect, it } from 'vitest';
import {
  checkCron,
  checkDestinationAccount,
  checkScheduledDestination,
  checkScheduledWithdrawalStep,
  checkWithdrawalAmountType,
  checkWithdrawalStrategy,
  isBatchStrategy,
  scheduledWithdrawalSchema,
  scheduledWithdrawalSteps,
  WITHDRAWAL_AMOUNT_TYPE_LABELS,
} from './withdrawal.js';
import { MESSAGES } from './messages.js';
import { formikErrors } from './__tests__/reference.js';

const STRATEGY_MESSAGE = 'La entidad no tiene estrategia de retiro compatible.';

describe('withdrawal strategy', () => {
  it.each([
    ['batch_accreditation', undefined],
    ['batch_approbation', undefined],
    ['balance', undefined],
    ['', STRATEGY_MESSAGE],
    [null, STRATEGY_MESSAGE],
    ['manual', STRATEGY_MESSAGE],
    ['BALANCE', STRATEGY_MESSAGE],
  ])('checkWithdrawalStrategy(%j) -> %j', (strategy, message) => {
    expect(checkWithdrawalStrategy(strategy)).toBe(message);
  });

  it('skips the amount step for batch strategies', () => {
    expect(isBatchStrategy('batch_accreditation')).toBe(true);
    expect(isBatchStrategy('balance')).toBe(false);
    expect(scheduledWithdrawalSteps('batch_approbation')).toEqual(['collector', 'destination', 'cron']);
    expect(scheduledWithdrawalSteps('balance')).toEqual(['collector', 'destination', 'amount', 'cron']);
  });
});

describe('scheduled withdrawal fields', () => {
  it.each([
    ['', MESSAGES.destinationAccountRequired],
    ['   ', MESSAGES.destinationAccountRequired],
    ['1'.repeat(21), undefined],
    ['1'.repeat(22), undefined], // 22
    ['1'.repeat(23), MESSAGES.destinationAccountMaxLength], // 23
    ['gato.perro.casa', undefined],
  ])('checkDestinationAccount(%j) -> %j', (value, message) => {
    expect(checkDestinationAccount(value)).toBe(message);
  });

  it('amount type is minimum or specific; cron required', () => {
    expect(checkWithdrawalAmountType('minimum')).toBeUndefined();
    expect(checkWithdrawalAmountType('specific')).toBeUndefined();
    expect(checkWithdrawalAmountType('')).toBe(MESSAGES.amountTypeRequired);
    expect(checkWithdrawalAmountType('maximum')).toBe(MESSAGES.amountTypeRequired);
    expect(WITHDRAWAL_AMOUNT_TYPE_LABELS).toEqual({ minimum: 'Monto mínimo', specific: 'Monto específico' });
    expect(checkCron('0 0 1 * *')).toBeUndefined();
    expect(checkCron('')).toBe(MESSAGES.cronRequired);
  });

  it('blocks each step until it is valid', () => {
    expect(checkScheduledWithdrawalStep('collector', {})).toBe(MESSAGES.withdrawalCollectorRequired);
    expect(checkScheduledWithdrawalStep('collector', { collectorId: 7, strategy: 'other' })).toBe(
      STRATEGY_MESSAGE,
    );
    expect(
      checkScheduledWithdrawalStep('collector', { collectorId: 7, strategy: 'balance' }),
    ).toBeUndefined();
    expect(checkScheduledWithdrawalStep('destination', { destinationAccount: '' })).toBe(
      MESSAGES.destinationAccountRequired,
    );
    expect(checkScheduledWithdrawalStep('amount', { strategy: 'balance', amountType: 'minimum' })).toBe(
      MESSAGES.required,
    );
    expect(checkScheduledWithdrawalStep('amount', { strategy: 'batch_accreditation' })).toBeUndefined();
    expect(checkScheduledWithdrawalStep('cron', { cron: '' })).toBe(MESSAGES.cronRequired);
  });
});

describe('checkScheduledDestination', () => {
  it.each([
    ['', MESSAGES.destinationAccountRequired],
    ['1'.repeat(23), MESSAGES.destinationAccountMaxLength],
    ['0720000788000035581530', undefined],
    ['0720000788000035581531', MESSAGES.cbuInvalid],
    ['07200007880000355815', MESSAGES.cbuLength],
    ['gato.perro.casa', undefined],
    ['gato', MESSAGES.distributionAlias],
  ])('checkScheduledDestination(%j) -> %j', (value, message) => {
    expect(checkScheduledDestination(value)).toBe(message);
  });
});

describe('scheduledWithdrawalSchema', () => {
  it('requires amount and type for the balance strategy only', async () => {
    const base = { collectorId: 12, destinationAccount: '0720000788000035581530', cron: '0 0 1 * *' };
    expect(await formikErrors(scheduledWithdrawalSchema, { ...base, strategy: 'balance' })).toEqual({
      amountType: MESSAGES.amountTypeRequired,
      amount: MESSAGES.required,
    });
    expect(
      await formikErrors(scheduledWithdrawalSchema, {
        ...base,
        strategy: 'balance',
        amountType: 'minimum',
        amount: '1500,50',
      }),
    ).toEqual({});
    expect(
      await formikErrors(scheduledWithdrawalSchema, { ...base, strategy: 'batch_accreditation' }),
    ).toEqual({});
  });

  it('reports the strategy and every missing field', async () => {
    expect(
      await formikErrors(scheduledWithdrawalSchema, { strategy: 'none', destinationAccount: '1'.repeat(23) }),
    ).toEqual({
      collectorId: MESSAGES.withdrawalCollectorRequired,
      strategy: STRATEGY_MESSAGE,
      destinationAccount: MESSAGES.destinationAccountMaxLength,
      amountType: MESSAGES.amountTypeRequired,
      amount: MESSAGES.required,
      cron: MESSAGES.cronRequired,
    });
  });
});

describe('the scheduled amount', () => {
  it("refuses 0 and 0,00 at the 'Monto' step, as the schema does", () => {
    for (const amount of ['0', '0,00', '0.00', '000']) {
      expect(
        checkScheduledWithdrawalStep('amount', { strategy: 'balance', amountType: 'minimum', amount }),
      ).toBe(MESSAGES.scheduledAmountPositive);
      expect(() =>
        scheduledWithdrawalSchema
          .pick(['amountType', 'amount'])
          .validateSync({ strategy: 'balance', amountType: 'minimum', amount }),
      ).toThrow(MESSAGES.scheduledAmountPositive);
    }
    expect(
      checkScheduledWithdrawalStep('amount', { strategy: 'balance', amountType: 'specific', amount: '0,01' }),
    ).toBeUndefined();
    expect(
      checkScheduledWithdrawalStep('amount', { strategy: 'batch_accreditation', amount: '0' }),
    ).toBeUndefined();
  });
});
