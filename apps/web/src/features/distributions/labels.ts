import type { DistributionStatus } from './gql/graphql';

/** Spec 001 §4: the header's status labels. */
export const HEADER_STATUS_LABELS: Readonly<Record<DistributionStatus, string>> = {
  AUTHORIZATION_PENDING: 'Pendiente',
  ERROR: 'Error',
  IN_PROCESS: 'En proceso',
  PENDING: 'En proceso',
  REJECTED: 'Rechazado',
  SUCCESS: 'Aprobado',
  MANUAL: 'Manual',
  DEFERRED: 'Diferido',
  SCHEDULED: 'Programada',
};

/** Spec 001 §4: the detail's labels differ (authorization_pending 'En proceso', pending 'Pendiente'). */
export const DETAIL_STATUS_LABELS: Readonly<Record<DistributionStatus, string>> = {
  ...HEADER_STATUS_LABELS,
  AUTHORIZATION_PENDING: 'En proceso',
  PENDING: 'Pendiente',
};

export const STATUS_COLORS: Readonly<
  Record<DistributionStatus, 'default' | 'error' | 'warning' | 'success' | 'info'>
> = {
  AUTHORIZATION_PENDING: 'warning',
  ERROR: 'error',
  IN_PROCESS: 'info',
  PENDING: 'info',
  REJECTED: 'error',
  SUCCESS: 'success',
  MANUAL: 'default',
  DEFERRED: 'default',
  SCHEDULED: 'default',
};

/** Spec 001 §4: the state tabs and the status each filters (Todo: none). */
export const STATE_TABS: readonly { label: string; status: DistributionStatus | null }[] = [
  { label: 'Todo', status: null },
  { label: 'Error', status: 'ERROR' },
  { label: 'Pendiente', status: 'AUTHORIZATION_PENDING' },
  { label: 'En proceso', status: 'PENDING' },
  { label: 'Rechazado', status: 'REJECTED' },
  { label: 'Aprobado', status: 'SUCCESS' },
  { label: 'Manuales', status: 'MANUAL' },
];

/**
 * Technical prefixes the payout provider puts before the readable message (a Java exception class, an error
 * code): 'com.payout.bank.TransferException: La cuenta destino no existe' -> 'La cuenta destino no existe'.
 */
const TECHNICAL_PREFIX =
  /^(?:[a-z][\w$]*(?:\.[\w$]+)+(?:Exception|Error)|[A-Z][A-Z0-9_]*_(?:ERROR|EXCEPTION))\s*:\s*/;

/** The detail dialog's status message: shortened past a known technical prefix (spec 001 §2). */
export function readableStatusDetail(text: string | null | undefined): string {
  const value = (text ?? '').trim();
  const shortened = value.replace(TECHNICAL_PREFIX, '');
  return shortened || value;
}
