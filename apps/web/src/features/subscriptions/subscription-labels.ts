import { byEnum, SUBSCRIPTION_STATUS_TEXTS, SUBSCRIPTION_TYPE_TEXTS } from '@backoffice/validators';
import type { SubscriptionStatus, SubscriptionType } from './gql/graphql';
import { codeLabel } from '@/lib/code-label';
import { formatAmount } from '@/lib/format';

/** Spanish labels of the subscription codes the screens show (spec 000 §3, §4). */

/** The validators' catalogues, which the files an operator downloads use too. */
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> =
  byEnum(SUBSCRIPTION_STATUS_TEXTS);

/** MUI colour of each status (chips and the status banner). */
export const SUBSCRIPTION_STATUS_TONES: Record<SubscriptionStatus, 'success' | 'warning' | 'error'> = {
  ACTIVE: 'success',
  PENDING: 'warning',
  CANCELLED: 'error',
};

/** A subscription's state as an operator reads it: its status and the amount it charges ('Activa · $ 1.500,00'). */
export function subscriptionStateText(subscription: {
  status: SubscriptionStatus;
  amount?: string | null;
}): string {
  const amount = subscription.amount ? formatAmount(subscription.amount) : '';
  return [SUBSCRIPTION_STATUS_LABELS[subscription.status], amount].filter(Boolean).join(' · ');
}

export const SUBSCRIPTION_TYPE_LABELS: Record<SubscriptionType, string> = byEnum(SUBSCRIPTION_TYPE_TEXTS);

export const recurrenceLabel = codeLabel({
  monthly: 'Mensual',
  bimonthly: 'Bimestral',
  quarterly: 'Trimestral',
  yearly: 'Anual',
  weekly: 'Semanal',
});

export const sourceTypeText = codeLabel({
  api: 'API',
  backoffice: 'Back-office',
  checkout: 'Formulario de pago',
  import: 'Importación',
});

export const yesNo = (value: boolean | null | undefined): string =>
  value === null || value === undefined ? '—' : value ? 'Sí' : 'No';
