/** Spanish labels of the upstream codes the payment detail shows (the raw code is the fallback). */

import { codeLabel as label } from '@/lib/code-label';

export const paymentTypeLabel = label({ online: 'Online', qr: 'QR' });

export const methodTypeLabel = label({
  online: 'Online',
  qr: 'QR',
  debit: 'Débito automático (CBU)',
  transfer: 'Transferencia',
  offline: 'Efectivo (cupón)',
  // The gateway's value for a type it does not know yet (the schema's enums).
  other: 'Otro',
});

export const gatewayStatusLabel = label({
  approved: 'Aprobado',
  rejected: 'Rechazado',
  refunded: 'Devuelto',
  pending: 'Pendiente',
  expired: 'Vencido',
  cancelled: 'Cancelado',
});

export const refundTypeLabel = label({
  total: 'Total',
  partial: 'Parcial',
  reversal: 'Reversión',
  other: 'Otro',
});

export const refundStatusLabel = label({ approved: 'Aprobada', rejected: 'Rechazada' });

export const batchStatusLabel = label({
  for_withdrawing: 'Para retirar',
  in_withdrawn: 'En retiro',
  withdrawn: 'Retirado',
});

export const relatedTypeLabel = label({ retry: 'Reintento', original: 'Pago original' });

export const collectorNotificationStatusLabel = label({ success: 'Exitosa', error: 'Con error' });

export const sourceTypeLabel = label({
  api: 'API',
  import: 'Importación',
  checkout: 'Checkout',
  backoffice: 'Back-office',
  subscription: 'Suscripción',
  qr: 'QR',
});

export const metadataKeyLabel = label({
  subscription_request: 'Solicitud de suscripción',
  canal: 'Canal',
  lote_importacion: 'Lote de importación',
  cancel_reason: 'Motivo de cancelación',
  objection_cancel_reason: 'Motivo de cancelación de objeción',
});

const percentFormat = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** 3.5 -> "3,5 %" (the surcharge rate and fee rates are percents). */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `${percentFormat.format(value)} %`;
}

const factorFormat = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 6 });

export function formatFactor(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return factorFormat.format(value);
}

/**
 * An amount in another currency (the token's original currency): "US$ 25,00". ARS amounts go through
 * lib/format's formatAmount; this is only for currency-conversion info.
 */
export function formatForeignAmount(
  value: string | null | undefined,
  currency: string | null | undefined,
): string {
  if (value === null || value === undefined || value === '') return '—';
  const code = (currency ?? '').toUpperCase();
  try {
    return new Intl.NumberFormat('es-AR', {
      style: 'currency',
      currency: code || 'ARS',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
      .format(value as Intl.StringNumericLiteral)
      .replace(/[\u00a0\u202f]/g, ' ');
  } catch {
    return `${code} ${value}`.trim();
  }
}

/**
 * The card as first six digits, masked, last four ("450799******1234"). The gateway's cardMasked wins;
 * without it the digits are masked here. Empty when the method has no card digits.
 */
export function maskedCard(method: {
  cardMasked?: string | null;
  firstSixDigits?: string | null;
  lastFourDigits?: string | null;
}): string {
  if (method.cardMasked) return method.cardMasked;
  const first = method.firstSixDigits?.trim() ?? '';
  const last = method.lastFourDigits?.trim() ?? '';
  if (!first && !last) return '';
  return `${first || '******'}******${last || '****'}`;
}

/** "03/2029" from month and year; '' when missing. */
export function formatExpiration(month: number | null | undefined, year: number | null | undefined): string {
  if (!month || !year) return '';
  return `${String(month).padStart(2, '0')}/${year}`;
}
