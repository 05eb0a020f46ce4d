import type { Withdraw, Withdrawal } from '../../generated/resolvers-types.js';
import type { WithdrawalModel, WithdrawModel } from './withdrawals.mappers.js';
import { withdrawActions, withdrawalActions } from './withdrawals.rules.js';

/** A withdraw with its actions for this user. */
export const presentWithdraw = (w: WithdrawModel, permissions: readonly string[]): Withdraw => ({
  ...w,
  actions: withdrawActions.list(w, permissions),
});

/** A withdrawal with its actions for this user (the collector is resolved by Withdrawal.collector). */
export const presentWithdrawal = (
  w: WithdrawalModel,
  permissions: readonly string[],
): Omit<Withdrawal, 'collector'> => ({ ...w, actions: withdrawalActions.list(w, permissions) });

/** Spanish success messages (spec 001 §8). */
export const WITHDRAWAL_SUCCESS = {
  reExport: '¡Re-exportación exitosa!',
  authorize: 'Retiro Aprobado',
  reject: 'Rechazado correctamente',
  scheduled: 'El retiro fue programado exitosamente',
  scheduleDeleted: 'El retiro programado fue eliminado.',
} as const;
