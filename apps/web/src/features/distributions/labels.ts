import { DISTRIBUTION_DETAIL_STATUS_TEXTS, DISTRIBUTION_HEADER_STATUS_TEXTS } from '@backoffice/validators';
import type { ItemNoun } from '@/components/dialogs/item-noun';
import type { DistributionStatus } from './gql/graphql';

const byEnum = (texts: Readonly<Record<string, string>>) =>
  Object.fromEntries(Object.entries(texts).map(([code, text]) => [code.toUpperCase(), text])) as Record<
    DistributionStatus,
    string
  >;

/** Spec 001 §4: the header's status labels (the validators' catalogue, which the gateway's report writes too). */
export const HEADER_STATUS_LABELS: Readonly<Record<DistributionStatus, string>> = byEnum(
  DISTRIBUTION_HEADER_STATUS_TEXTS,
);

/** Spec 001 §4: the detail's labels differ (authorization_pending 'En proceso', pending 'Pendiente'). */
export const DETAIL_STATUS_LABELS: Readonly<Record<DistributionStatus, string>> = byEnum(
  DISTRIBUTION_DETAIL_STATUS_TEXTS,
);

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

export { STATE_TABS } from './distributions-list.definition';

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

/** The list bar's total ('4 distribuciones'). */
export const DISTRIBUTION_NOUN: ItemNoun = {
  one: 'distribución',
  many: 'distribuciones',
  gender: 'feminine',
};
