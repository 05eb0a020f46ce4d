import { COMMON_DIFF_LABELS, type DiffConfig } from '../../components/versions/version-diff';
import type { SubscriptionStatus } from './gql/graphql';
import { SUBSCRIPTION_STATUS_LABELS } from './subscription-labels';

/** How a subscription reads in the version comparison. */
export const SUBSCRIPTION_DIFF: DiffConfig = {
  labels: {
    ...COMMON_DIFF_LABELS,
    periods: 'Períodos',
    dueDay: 'Día de vencimiento',
    createdPayments: 'Pagos generados',
    recurrence: 'Recurrencia',
    returnUrl: 'URL de retorno (return)',
    subscribedDate: 'Fecha de suscripción',
    startDate: 'Inicio',
    finishedDate: 'Finalización',
    cancelReason: 'Motivo de cancelación',
    paymentMethod: 'Medio de pago',
    mediaPaymentId: 'Código de medio',
    lastFourDigits: 'Últimos cuatro',
    paymentsPeriods: 'Período de pago',
    period: 'Período',
    paymentId: 'Pago',
    collectorId: 'Entidad',
  },
  skipped: new Set(['bulkActions', 'formUrl', 'collector']),
  amountKeys: new Set(['amount']),
  statusLabel: (value) =>
    value in SUBSCRIPTION_STATUS_LABELS ? SUBSCRIPTION_STATUS_LABELS[value as SubscriptionStatus] : undefined,
};
