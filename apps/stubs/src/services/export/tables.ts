/**
 * The columns of each export type (xlsx and csv headers in Spanish; json keys as the upstream names them). Values as
 * the screens show them: statuses and types by their Spanish labels, dates in Argentine time.
 */
import {
  argentineDateTime,
  PAYMENT_STATUS_TEXTS,
  statusText,
  SUBSCRIPTION_STATUS_TEXTS,
  SUBSCRIPTION_TYPE_TEXTS,
} from '@backoffice/validators';
import type { Column } from '../../lib/file-writers.js';
import type { Payment } from '../payment/store.js';
import type { Subscription } from '../subscription/store.js';
import type { ExportType } from './store.js';

/** Money as the upstream's two-decimal number, written as text so no reader rounds it. */
const money = (value: number) => value.toFixed(2);

export const PAYMENT_COLUMNS: readonly Column<Payment>[] = [
  { key: 'id', header: 'ID', value: (p) => p.id },
  { key: 'collector_id', header: 'Entidad', value: (p) => p.collector_id },
  { key: 'payer_name', header: 'Pagador', value: (p) => p.payer.name, width: 28 },
  { key: 'payer_email', header: 'Email', value: (p) => p.payer.email, width: 30 },
  { key: 'status', header: 'Estado', value: (p) => statusText(PAYMENT_STATUS_TEXTS, p.status) },
  { key: 'final_amount', header: 'Importe', value: (p) => money(p.final_amount) },
  { key: 'currency_id', header: 'Moneda', value: (p) => p.currency_id },
  {
    key: 'request_date',
    header: 'Fecha de solicitud',
    value: (p) => argentineDateTime(p.request_date),
    width: 20,
  },
  { key: 'external_transaction_id', header: 'Transacción externa', value: (p) => p.external_transaction_id },
];

export const SUBSCRIPTION_COLUMNS: readonly Column<Subscription>[] = [
  { key: 'id', header: 'ID', value: (s) => s.id },
  { key: 'collector_id', header: 'Entidad', value: (s) => s.collector_id },
  { key: 'payer_name', header: 'Pagador', value: (s) => s.payer.name, width: 28 },
  { key: 'payer_email', header: 'Email', value: (s) => s.payer.email, width: 30 },
  { key: 'type', header: 'Tipo', value: (s) => statusText(SUBSCRIPTION_TYPE_TEXTS, s.type) },
  { key: 'status', header: 'Estado', value: (s) => statusText(SUBSCRIPTION_STATUS_TEXTS, s.status) },
  { key: 'amount', header: 'Importe', value: (s) => money(s.amount) },
  {
    key: 'request_date',
    header: 'Fecha de solicitud',
    value: (s) => argentineDateTime(s.request_date),
    width: 20,
  },
];

export const columnsOf = (type: ExportType): readonly Column<never>[] =>
  (type === 'payments' ? PAYMENT_COLUMNS : SUBSCRIPTION_COLUMNS) as readonly Column<never>[];

export const SHEET_NAMES: Readonly<Record<ExportType, string>> = {
  payments: 'Pagos',
  subscription: 'Suscripciones',
};
