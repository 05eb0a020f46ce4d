import {
  COMMON_DIFF_LABELS,
  diffVersions as diffWith,
  flattenForDiff as flattenWith,
  type DiffConfig,
  type DiffRow,
} from '@/components/versions/version-diff';
import type { PaymentStatus } from '../gql/graphql';
import { PAYMENT_STATUS_LABELS } from '../payment-status';
import { feeTypeLabel, presetLabel, webhookResultLabel } from '@/lib/code-label';
import { notificationActionLabel, notificationChannelLabel } from '@/components/detail/notification-labels';
import {
  batchStatusLabel,
  collectorNotificationStatusLabel,
  gatewayStatusLabel,
  metadataKeyLabel,
  methodTypeLabel,
  paymentTypeLabel,
  refundStatusLabel,
  refundTypeLabel,
  relatedTypeLabel,
  sourceTypeLabel,
} from '../detail/labels';

/** The codes of a payment's fields, through the Spanish catalogue. */
function paymentValueLabel(key: string, value: string, parentKey: string | undefined): string | undefined {
  const where = `${parentKey ?? ''}.${key}`;
  switch (where) {
    case '.type':
      return paymentTypeLabel(value);
    case 'paymentMethods.type':
      return methodTypeLabel(value);
    case 'gateway.status':
      return gatewayStatusLabel(value);
    case 'feeDetails.type':
      return feeTypeLabel(value);
    case 'refunds.type':
      return refundTypeLabel(value);
    case 'refunds.status':
      return refundStatusLabel(value);
    case 'relateds.type':
      return relatedTypeLabel(value);
    case 'batchWithdrawal.status':
      return batchStatusLabel(value);
    case 'notifications.type':
      return notificationChannelLabel(value);
    case 'notifications.action':
      return notificationActionLabel(value);
    case 'collectorNotifications.status':
      return collectorNotificationStatusLabel(value);
    case 'collectorNotifications.statusDetail':
      return webhookResultLabel(value);
    case 'metadata.key':
      return metadataKeyLabel(value);
    case 'actions.name':
      return presetLabel(value);
    case 'source.type':
      return sourceTypeLabel(value);
    default:
      return undefined;
  }
}

/** How a payment reads in the version comparison. */
export const PAYMENT_DIFF: DiffConfig = {
  labels: {
    ...COMMON_DIFF_LABELS,
    dueDate: 'Vencimiento',
    lastDueDate: 'Último vencimiento',
    processDate: 'Fecha de proceso',
    paidDate: 'Fecha de pago',
    accreditationDate: 'Fecha de acreditación',
    refundedDate: 'Fecha de devolución',
    approvedDate: 'Fecha de aprobación',
    externalTransactionId: 'ID de transacción externo',
    finalAmount: 'Importe final',
    costAmount: 'Costo',
    chargeDelay: 'Recargo fijo',
    rate: 'Recargo (%)',
    reference: 'Referencia',
    identification: 'Identificación',
    number: 'Número',
    country: 'País',
    paymentMethods: 'Medio de pago',
    mediaPaymentName: 'Medio',
    mediaPaymentDetail: 'Detalle del medio',
    couponNumber: 'Cupón',
    firstSixDigits: 'Primeros seis',
    cardMasked: 'Tarjeta',
    expirationMonth: 'Mes de vencimiento',
    expirationYear: 'Año de vencimiento',
    installments: 'Cuotas',
    authorizationCode: 'Código de autorización',
    gateway: 'Gateway',
    batchNumber: 'Lote',
    ticketNumber: 'Ticket',
    transactionId: 'ID de transacción',
    pptOwner: 'Procesador',
    holderName: 'Titular',
    refunds: 'Devolución',
    reason: 'Motivo',
    feeDetails: 'Comisión',
    description: 'Descripción',
    relateds: 'Pago relacionado',
    paymentId: 'Pago',
    subscriptionId: 'Suscripción',
    batchWithdrawal: 'Lote de retiro',
    statusCode: 'Código',
    message: 'Mensaje',
    collectorNotifications: 'Notificación a la entidad',
    presets: 'Presets',
    active: 'Activo',
    index: 'Posición',
    isToken: 'Token',
    linksToSubscription: 'Enlace a suscripción',
    currencyConversionInfo: 'Conversión de moneda',
    paymentMethodIndex: 'Medio devuelto',
    checkoutVersion: 'Versión del checkout',
    conversionFactor: 'Factor de conversión',
    convertedAmount: 'Importe convertido',
    originalAmount: 'Importe original',
    originalCurrency: 'Moneda original',
    destinationCurrency: 'Moneda de destino',
    originalRequest: 'Solicitud original',
    promotionId: 'Promoción',
  },
  skipped: new Set(['checkoutUrl', 'collector']),
  amountKeys: new Set([
    'finalAmount',
    'amount',
    'costAmount',
    'chargeDelay',
    'originalAmount',
    'convertedAmount',
  ]),
  statusLabel: (value) =>
    value in PAYMENT_STATUS_LABELS ? PAYMENT_STATUS_LABELS[value as PaymentStatus] : undefined,
  valueLabel: paymentValueLabel,
};

export const flattenForDiff = (value: unknown) => flattenWith(value, PAYMENT_DIFF);
export const diffVersions = (left: unknown, right: unknown): DiffRow[] => diffWith(left, right, PAYMENT_DIFF);
