import type { SubscriptionStatus, SubscriptionType } from './gql/graphql';
import { codeLabel } from '../../lib/code-label';

/** Spanish labels of the subscription codes the screens show (spec 000 §3, §4). */

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  ACTIVE: 'Activa',
  PENDING: 'Pendiente',
  CANCELLED: 'Cancelada',
};

/** MUI colour of each status (chips and the status banner). */
export const SUBSCRIPTION_STATUS_TONES: Record<SubscriptionStatus, 'success' | 'warning' | 'error'> = {
  ACTIVE: 'success',
  PENDING: 'warning',
  CANCELLED: 'error',
};

export const SUBSCRIPTION_TYPE_LABELS: Record<SubscriptionType, string> = {
  SUBSCRIPTION: 'Suscripción',
  ADHESION: 'Adhesión',
  PLAN: 'Plan',
};

/** URL values of the `status` query parameter (spec 000 §2) and the list state. */
const STATUS_PARAMS: Record<SubscriptionStatus, string> = {
  ACTIVE: 'active',
  PENDING: 'pending',
  CANCELLED: 'cancelled',
};

export function subscriptionStatusToParam(status: SubscriptionStatus): string {
  return STATUS_PARAMS[status];
}

export function subscriptionStatusFromParam(value: string | null | undefined): SubscriptionStatus | null {
  const wanted = value?.trim().toLowerCase();
  const found = (Object.keys(STATUS_PARAMS) as SubscriptionStatus[]).find((s) => STATUS_PARAMS[s] === wanted);
  return found ?? null;
}

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
