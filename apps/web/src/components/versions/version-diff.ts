import type { PaymentStatus } from '../gql/graphql';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { PAYMENT_STATUS_LABELS } from '../payment-status';

/** One field of two payment versions, side by side. */
export interface DiffRow {
  path: string;
  label: string;
  left: string;
  right: string;
  changed: boolean;
}

/** Fields that are not part of the payment's state (they describe the viewer or the request). */
const SKIPPED = new Set(['__typename', 'actions', 'isCurrentVersion', 'checkoutUrl', 'collector']);

const LABELS: Record<string, string> = {
  id: 'ID',
  status: 'Estado',
  statusDetail: 'Detalle de estado',
  type: 'Tipo',
  version: 'Versión',
  requestDate: 'Fecha de solicitud',
  lastUpdateDate: 'Última actualización',
  dueDate: 'Vencimiento',
  lastDueDate: 'Último vencimiento',
  processDate: 'Fecha de proceso',
  rejectedDate: 'Fecha de rechazo',
  cancelDate: 'Fecha de cancelación',
  paidDate: 'Fecha de pago',
  payerDeferredDate: 'Diferido por el pagador',
  payerValidationDate: 'Validación del pagador',
  accreditationDate: 'Fecha de acreditación',
  reviewValidationDate: 'Validación de revisión',
  refundedDate: 'Fecha de devolución',
  approvedDate: 'Fecha de aprobación',
  externalTransactionId: 'ID de transacción externo',
  finalAmount: 'Importe final',
  amount: 'Importe',
  costAmount: 'Costo',
  currencyId: 'Moneda',
  details: 'Detalle',
  conceptId: 'Concepto',
  conceptDescription: 'Descripción',
  externalReference: 'Referencia externa',
  review: 'Revisión',
  validation: 'Validación',
  notificationUrl: 'URL de notificación',
  backUrl: 'URL de retorno',
  chargeDelay: 'Recargo fijo',
  rate: 'Recargo (%)',
  reference: 'Referencia',
  payer: 'Pagador',
  name: 'Nombre',
  email: 'E-mail',
  identification: 'Identificación',
  number: 'Número',
  country: 'País',
  paymentMethods: 'Medio de pago',
  mediaPaymentId: 'Código de medio',
  mediaPaymentName: 'Medio',
  mediaPaymentDetail: 'Detalle del medio',
  couponNumber: 'Cupón',
  firstSixDigits: 'Primeros seis',
  lastFourDigits: 'Últimos cuatro',
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
  metadata: 'Información adicional',
  key: 'Clave',
  value: 'Valor',
  statusCode: 'Código',
  message: 'Mensaje',
  notifications: 'Notificación al pagador',
  collectorNotifications: 'Notificación a la entidad',
  source: 'Origen',
  presets: 'Presets',
  active: 'Activo',
  date: 'Fecha',
  index: 'Posición',
  isToken: 'Token',
  linksToSubscription: 'Enlace a suscripción',
  currencyConversionInfo: 'Conversión de moneda',
  paymentMethodIndex: 'Medio devuelto',
};

const AMOUNT_KEYS = new Set([
  'finalAmount',
  'amount',
  'costAmount',
  'chargeDelay',
  'originalAmount',
  'convertedAmount',
]);

function labelOf(key: string): string {
  return LABELS[key] ?? key;
}

function display(key: string, value: unknown, parentKey: string | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'string') {
    if (/Date$|^date$|^lastRetry$/.test(key)) return formatDateTime(value) || value;
    if (AMOUNT_KEYS.has(key)) return formatAmount(value);
    if (key === 'status' && parentKey === undefined && value in PAYMENT_STATUS_LABELS) {
      return PAYMENT_STATUS_LABELS[value as PaymentStatus];
    }
    return value;
  }
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/**
 * The leaves of a payment as ordered path -> { label, text }: nested objects become
 * "Medio de pago 1 › Gateway › Estado"; arrays are numbered from 1.
 */
export function flattenForDiff(value: unknown): Map<string, { label: string; text: string }> {
  const out = new Map<string, { label: string; text: string }>();
  const walk = (
    node: unknown,
    path: string,
    label: string,
    key: string | undefined,
    parentKey: string | undefined,
  ) => {
    if (Array.isArray(node)) {
      if (node.length === 0 && path) out.set(path, { label, text: '—' });
      node.forEach((item, i) => walk(item, `${path}[${i}]`, `${label} ${i + 1}`, key, parentKey));
      return;
    }
    if (node !== null && typeof node === 'object') {
      for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
        if (SKIPPED.has(k)) continue;
        walk(
          v,
          path ? `${path}.${k}` : k,
          label ? `${label} › ${labelOf(k)}` : labelOf(k),
          k,
          path ? key : undefined,
        );
      }
      return;
    }
    if (key !== undefined) out.set(path, { label, text: display(key, node, parentKey) });
  };
  walk(value, '', '', undefined, undefined);
  return out;
}

/** Every field of either version, in the left version's order, marking those whose shown text differs. */
export function diffVersions(left: unknown, right: unknown): DiffRow[] {
  const a = flattenForDiff(left);
  const b = flattenForDiff(right);
  const paths = [...a.keys(), ...[...b.keys()].filter((p) => !a.has(p))];
  return paths.map((path) => {
    const l = a.get(path);
    const r = b.get(path);
    const leftText = l?.text ?? '—';
    const rightText = r?.text ?? '—';
    return {
      path,
      label: (l ?? r)!.label,
      left: leftText,
      right: rightText,
      changed: leftText !== rightText,
    };
  });
}
