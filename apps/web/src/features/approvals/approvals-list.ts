import type { ItemNoun } from '@/components/dialogs/item-noun';
import type { StatusTone } from '@/components/detail/status-chip';
import { agoText } from '@/components/detail/fresh-record';
import { operationLabel } from '@/lib/activity-labels';
import { formatAmount } from '@/lib/format';
import { defineListQuery } from '@/lib/list';
import { approvalsList } from './approvals-list.definition';
import { ApprovalRequestsDocument, type ApprovalStatus } from './gql/graphql';

export { APPROVAL_STATUS_LABELS, approvalsList, type ApprovalsFilters } from './approvals-list.definition';

export const APPROVAL_STATUS_TONES: Readonly<Record<ApprovalStatus, StatusTone>> = {
  PENDING: 'warning',
  APPROVED: 'success',
  REJECTED: 'error',
  EXPIRED: 'default',
};

/** Aprobaciones' query for a list state. */
export const approvalsQuery = defineListQuery({
  list: approvalsList,
  document: ApprovalRequestsDocument,
  variables: (state) => ({ status: state.status, page: state.page, pageSize: state.pageSize }),
  pageOf: (data) => data.approvalRequests,
});

export const APPROVAL_NOUN: ItemNoun = { one: 'solicitud', many: 'solicitudes', gender: 'feminine' };

/** The held mutation in Spanish ('Cancelar pago' for cancelPayment); an action without a name, as it is. */
export const actionLabel = (action: string): string => operationLabel(action);

/** A request's age: 'hace 3 min', 'hace 2 h', then 'hace 4 d'. */
export function ageText(createdAt: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 1000));
  return seconds < 86_400 ? agoText(seconds) : `hace ${Math.floor(seconds / 86_400)} d`;
}

/** The Spanish names of the arguments money mutations take; another one reads as its name. */
const ARGUMENT_LABELS: Readonly<Record<string, string>> = {
  id: 'Registro',
  ids: 'Registros',
  reason: 'Motivo',
  amount: 'Importe',
  expectedVersion: 'Versión',
  matching: 'Selección',
  filter: 'Filtro',
  expectedCount: 'Cantidad esperada',
  collectorId: 'Entidad',
  paymentMethod: 'Medio de pago',
  statusDetail: 'Detalle',
  input: 'Datos',
};

/** Names whose values are amounts in pesos (Decimal strings, never floats). */
const AMOUNT_NAMES = /amount$|^importe$/i;

/** One line of what will be sent: its Spanish name (a nested one joined by ' › ') and its value as text. */
export interface ArgumentLine {
  key: string;
  label: string;
  value: string;
}

function valueText(name: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  if ((typeof value === 'string' || typeof value === 'number') && AMOUNT_NAMES.test(name))
    return formatAmount(value);
  return String(value);
}

/**
 * What will be sent (the request's `arguments`, the maker's mutation arguments but the key) as a readable list: one
 * line per value, nested objects flattened ('Selección › Cantidad esperada'), lists of plain values joined.
 */
export function argumentLines(args: unknown, path: readonly string[] = []): ArgumentLine[] {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) {
    if (path.length === 0) return args === null || args === undefined ? [] : [line(['valor'], args)];
    return [line(path, args)];
  }
  return Object.entries(args as Record<string, unknown>).flatMap(([name, value]) => {
    const at = [...path, name];
    if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object'))
      return [
        {
          ...line(at, null),
          value: value.length ? value.map((item) => valueText(name, item)).join(', ') : '—',
        },
      ];
    if (value !== null && typeof value === 'object') return argumentLines(value, at);
    return [line(at, value)];
  });
}

function line(path: readonly string[], value: unknown): ArgumentLine {
  const name = path[path.length - 1] ?? '';
  return {
    key: path.join('.'),
    label: path.map((part) => ARGUMENT_LABELS[part] ?? part).join(' › '),
    value: valueText(name, value),
  };
}
