import { byEnum, WITHDRAW_STATUS_TEXTS, WITHDRAWAL_STATUS_TEXTS } from '@backoffice/validators';
import type { WithdrawalStatus, WithdrawStatus } from './gql/graphql';

/** Spanish texts of the withdrawals area (spec 001 §2, §5, §8). */
export const WITHDRAWALS_MESSAGES = {
  title: 'Retiros',
  transferTitle: 'Retiros a transferir',
  authorizationTitle: 'Retiros pendientes de autorización',
  historyTitle: 'Historial de retiros',
  empty: 'Nada por acá',
  loadError: 'No se pudieron cargar los retiros',
  rejectReason: 'Motivo de rechazo',
  errorTitle: 'Ups! Ocurrió un error',
  approvedOne: 'Retiro Aprobado',
  approvedMany: 'Retiros Aprobados',
  rejectedMany: 'Retiros Rechazados',
  transferred: 'Retiro transferido correctamente',
  rejected: 'Rechazado correctamente',
  reExported: '¡Re-exportación exitosa!',
  detailTitle: 'Detalle de retiro',
  refresh: 'Actualizar',
  deselect: 'Deseleccionar',
  schedule: 'Programar',
  /** Why 'Programar' is disabled, in its tooltip (spec 001 §2 shows it present and disabled). */
  scheduleDisabled: 'Los retiros programados todavía no están habilitados.',
} as const;

/** The validators' catalogues, which the withdrawal files use too. */
export const WITHDRAW_STATUS_LABELS: Readonly<Record<WithdrawStatus, string>> = byEnum(WITHDRAW_STATUS_TEXTS);

export const WITHDRAWAL_STATUS_LABELS: Readonly<Record<WithdrawalStatus, string>> =
  byEnum(WITHDRAWAL_STATUS_TEXTS);

export const WITHDRAW_STATUSES = Object.keys(WITHDRAW_STATUS_LABELS) as WithdrawStatus[];
export const WITHDRAWAL_STATUSES = Object.keys(WITHDRAWAL_STATUS_LABELS) as WithdrawalStatus[];

/** URL values of the statuses: their upstream names. */
export const statusParam = (status: string): string => status.toLowerCase();
export function statusFromParam<S extends string>(all: readonly S[], value: string | null): S | null {
  const wanted = value?.trim().toUpperCase();
  return all.find((s) => s === wanted) ?? null;
}
