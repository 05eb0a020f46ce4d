/**
 * Withdrawals (001 §5): the scheduled-withdrawal dialog ('Retiro programado')
 * and the strategy rule. The reject reason is in reason.ts.
 */
import './locale.js';
import * as yup from 'yup';
import { checkAmount, parseAmount } from './amount.js';
import { checkCbu } from './cbu.js';
import { classifyDestination } from './destination.js';
import { checkAlias } from './distribution.js';
import { DESTINATION_MAX } from './limits.js';
import { MESSAGES } from './messages.js';
import { isPresent, trimmed } from './text.js';
import { mixedField, siblingStringField, stringField } from './yup-helpers.js';

export const WITHDRAWAL_STRATEGIES = ['batch_accreditation', 'batch_approbation', 'balance'] as const;
export type WithdrawalStrategy = (typeof WITHDRAWAL_STRATEGIES)[number];
/** Strategies whose scheduling skips the amount step. */
export const BATCH_WITHDRAWAL_STRATEGIES = ['batch_accreditation', 'batch_approbation'] as const;

export const WITHDRAWAL_AMOUNT_TYPES = ['minimum', 'specific'] as const;
export type WithdrawalAmountType = (typeof WITHDRAWAL_AMOUNT_TYPES)[number];
/** 'Monto mínimo' / 'Monto específico'. */
export const WITHDRAWAL_AMOUNT_TYPE_LABELS: Readonly<Record<WithdrawalAmountType, string>> = {
  minimum: 'Monto mínimo',
  specific: 'Monto específico',
};

/** True for the strategies that allow scheduling. */
export function isWithdrawalStrategy(value: unknown): value is WithdrawalStrategy {
  return (WITHDRAWAL_STRATEGIES as readonly unknown[]).includes(value);
}

/** True for batch_accreditation and batch_approbation (no amount step). */
export function isBatchStrategy(value: unknown): boolean {
  return (BATCH_WITHDRAWAL_STRATEGIES as readonly unknown[]).includes(value);
}

/** 'La entidad no tiene estrategia de retiro compatible.' unless the strategy is known. */
export function checkWithdrawalStrategy(value: unknown): string | undefined {
  return isWithdrawalStrategy(value) ? undefined : MESSAGES.withdrawalStrategyUnsupported;
}

/** Collector step: 'Seleccione una entidad'. */
export function checkWithdrawalCollector(value: unknown): string | undefined {
  return isPresent(value) ? undefined : MESSAGES.withdrawalCollectorRequired;
}

/** Destination account ('Cuenta de destino'): required, at most 22 characters. */
export function checkDestinationAccount(value: unknown): string | undefined {
  const text = trimmed(value);
  if (text === '') return MESSAGES.destinationAccountRequired;
  return text.length > DESTINATION_MAX ? MESSAGES.destinationAccountMaxLength : undefined;
}

/**
 * The scheduled destination ('Cuenta de destino'): `checkDestinationAccount` first (required, at most 22), then a
 * numeric value is a CBU checked with its check digits (22 digits) and any other an alias (at least 5 characters).
 */
export function checkScheduledDestination(value: unknown): string | undefined {
  const first = checkDestinationAccount(value);
  if (first) return first;
  const destination = classifyDestination(value);
  return destination?.type === 'cbu' ? checkCbu(destination.value) : checkAlias(value);
}

/** A scheduled amount: an amount, and more than zero ('El monto debe ser mayor a cero.'), at the 'Monto' step. */
export function checkScheduledAmount(value: unknown): string | undefined {
  return checkAmount(value) ?? (parseAmount(value) === '0.00' ? MESSAGES.scheduledAmountPositive : undefined);
}

/** Amount type: 'minimum' or 'specific' ('Seleccione el tipo de monto'). */
export function checkWithdrawalAmountType(value: unknown): string | undefined {
  return (WITHDRAWAL_AMOUNT_TYPES as readonly unknown[]).includes(value)
    ? undefined
    : MESSAGES.amountTypeRequired;
}

/** Cron criterion: required before 'Finalizar' ('Seleccione un criterio de periodicidad'). */
export function checkCron(value: unknown): string | undefined {
  return trimmed(value) === '' ? MESSAGES.cronRequired : undefined;
}

export interface ScheduledWithdrawalValues {
  collectorId?: string | number | null;
  /** The collector's withdrawal_strategy. */
  strategy?: string | null;
  destinationAccount?: string | null;
  amountType?: string | null;
  amount?: string | number | null;
  cron?: string | null;
}

/**
 * The whole dialog: collector and a compatible strategy, destination account,
 * amount type and amount (only for the balance strategy; batch strategies skip
 * the step), cron. The strategy message is reported on `strategy`.
 */
export const scheduledWithdrawalSchema = yup.object({
  collectorId: mixedField<string | number>(checkWithdrawalCollector, 'withdrawalCollector'),
  strategy: stringField(checkWithdrawalStrategy, 'withdrawalStrategy'),
  destinationAccount: stringField(checkScheduledDestination, 'destinationAccount'),
  amountType: siblingStringField<ScheduledWithdrawalValues>(
    (value, parent) => (isBatchStrategy(parent.strategy) ? undefined : checkWithdrawalAmountType(value)),
    'withdrawalAmountType',
  ),
  amount: siblingStringField<ScheduledWithdrawalValues>(
    (value, parent) => (isBatchStrategy(parent.strategy) ? undefined : checkScheduledAmount(value)),
    'withdrawalAmount',
  ),
  cron: stringField(checkCron, 'cron'),
});

/** The stepper's steps, in order: 'Entidad', 'Destino', 'Monto', 'Criterio de periodicidad'. */
export const SCHEDULED_WITHDRAWAL_STEPS = ['collector', 'destination', 'amount', 'cron'] as const;
export type ScheduledWithdrawalStep = (typeof SCHEDULED_WITHDRAWAL_STEPS)[number];

/** The steps shown for a strategy: the amount step is skipped for batch strategies. */
export function scheduledWithdrawalSteps(strategy: unknown): ScheduledWithdrawalStep[] {
  return SCHEDULED_WITHDRAWAL_STEPS.filter((step) => step !== 'amount' || !isBatchStrategy(strategy));
}

/**
 * The first message blocking a step's 'Siguiente' / 'Finalizar', or undefined.
 * The collector step also needs a compatible strategy.
 */
export function checkScheduledWithdrawalStep(
  step: ScheduledWithdrawalStep,
  values: ScheduledWithdrawalValues,
): string | undefined {
  switch (step) {
    case 'collector':
      return checkWithdrawalCollector(values.collectorId) ?? checkWithdrawalStrategy(values.strategy);
    case 'destination':
      return checkScheduledDestination(values.destinationAccount);
    case 'amount':
      if (isBatchStrategy(values.strategy)) return undefined;
      return checkWithdrawalAmountType(values.amountType) ?? checkScheduledAmount(values.amount);
    case 'cron':
      return checkCron(values.cron);
  }
}
