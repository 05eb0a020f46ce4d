/**
 * The import rules (spec 001 §2 "Import detail", §4 "Import"): Confirmar and Cancelar only in pending_approved,
 * Recargar always; every toolbar button under IMPORT_REQUEST (the spec does not show their permission values:
 * docs/decisions.md "Imports"). Also the list queries of /importaciones and of an import's rows.
 */
import { badUserInput } from '../../errors.js';
import type {
  ImportActionKind,
  ImportFilter,
  ImportRowFilter,
  ImportRowSearchField,
  ImportRowSort,
  ImportRowSortField,
  ImportSort,
  ImportSortField,
} from '../../generated/resolvers-types.js';
import { defineActions } from '../../shared/actions.js';
import { permissionOf } from '../../shared/mutation-permissions.js';
import { normalizePaging, normalizeSearch } from '../../shared/paging.js';
import { periodFilters, searchFilter, type Filter, type Sort } from '../../upstream/filters.js';
import type { ImportListQuery } from './imports.datasource.js';
import type { ImportModel } from './imports.mappers.js';

const REQUEST_REASON = 'No tiene permisos para gestionar importaciones.';

export const importActions = defineActions<ImportActionKind, ImportModel>({
  kinds: ['CONFIRM', 'CANCEL', 'RELOAD'],
  permissions: {
    CONFIRM: permissionOf('confirmImport', REQUEST_REASON),
    CANCEL: permissionOf('cancelImport', REQUEST_REASON),
    // Reloading reads (no mutation): the permission of the area's writes, so the list offers it to the same users.
    RELOAD: permissionOf('confirmImport', REQUEST_REASON),
  },
  availableOnPreviousVersion: ['CONFIRM', 'CANCEL', 'RELOAD'],
  previousVersionReason: '',
  isCurrentVersion: () => true,
  stateReason: (kind, doc) =>
    kind === 'RELOAD' || doc.status === 'pending_approved'
      ? null
      : 'Solo se puede confirmar o cancelar una importación pendiente de confirmación.',
});

const IMPORT_SORTS: Readonly<Record<ImportSortField, string>> = {
  REQUEST_DATE: 'request_date',
  TOTAL_AMOUNT: 'total_amount',
  ISSUED_AMOUNT: 'issued_amount',
  REQUEST_COUNT: 'request_count',
  ISSUED_COUNT: 'issued_count',
  ERROR_COUNT: 'error_count',
  STATUS: 'status',
};

const ROW_SORTS: Readonly<Record<ImportRowSortField, string>> = {
  INDEX: 'index',
  EXTERNAL_TRANSACTION_ID: 'external_transaction_id',
  CONCEPT_ID: 'concept_id',
  AMOUNT: 'amount',
  PAYER_EMAIL: 'payer_email',
  STATUS: 'status',
};

const sortOf = <F extends string>(
  sort: { field: F; direction: 'ASC' | 'DESC' } | null | undefined,
  fields: Readonly<Record<F, string>>,
  fallback: Sort,
): Sort[] => [
  sort ? { field: fields[sort.field], direction: sort.direction === 'ASC' ? 'asc' : 'desc' } : fallback,
];

const STATUS = /^[a-z_]{1,40}$/;
const COLLECTOR = /^[A-Za-z0-9_-]{1,64}$/;

/** /importaciones: collector, status, request-date period and search (import id or file name). */
export function importListQuery(args: {
  filter?: ImportFilter | null;
  page?: number | null;
  pageSize?: number | null;
  sort?: ImportSort | null;
}): ImportListQuery {
  const { page, pageSize } = normalizePaging(args.page, args.pageSize);
  const filter = args.filter ?? {};
  const filters: Filter[] = [];
  if (filter.collectorId) {
    if (!COLLECTOR.test(filter.collectorId))
      throw badUserInput('La entidad no es válida.', 'filter.collectorId');
    filters.push({ field: 'collector_id', operation: 'EQUAL', value: filter.collectorId });
  }
  if (filter.status) {
    const status = filter.status.trim().toLowerCase();
    if (!STATUS.test(status)) throw badUserInput('El estado no es válido.', 'filter.status');
    filters.push({ field: 'status', operation: 'EQUAL', value: status });
  }
  filters.push(
    ...periodFilters('request_date', filter.from, filter.to, { from: 'filter.from', to: 'filter.to' }),
  );
  const search = normalizeSearch(filter.search, 'filter.search');
  if (search) filters.push(searchFilter(search, { idField: 'import_id', textField: 'file_name' }));
  const sorts = sortOf(args.sort, IMPORT_SORTS, { field: 'request_date', direction: 'desc' });
  return { filters, page, limit: pageSize, sorts };
}

const ROW_STATUS: Readonly<Record<string, string>> = { ERROR: 'error', PENDING: 'pending', ISSUED: 'issued' };

/** Where each 'Buscar en' choice looks: part of the e-mail, part of the external id, or the row number. */
const ROW_SEARCH: Readonly<Record<ImportRowSearchField, { field: string; operation: 'CONTAINS' | 'EQUAL' }>> =
  {
    EMAIL: { field: 'payer_email', operation: 'CONTAINS' },
    EXTERNAL_ID: { field: 'external_transaction_id', operation: 'CONTAINS' },
    INDEX: { field: 'index', operation: 'EQUAL' },
  };

/**
 * The filter of an import rows' search: in the chosen field (`searchIn`), or by the text's shape (the row number
 * when all digits, part of the e-mail with an '@', otherwise part of the external id). A row number is digits.
 */
export function importRowSearchFilter(search: string, searchIn?: ImportRowSearchField | null): Filter {
  const field = searchIn ?? (/^\d+$/.test(search) ? 'INDEX' : search.includes('@') ? 'EMAIL' : 'EXTERNAL_ID');
  if (field === 'INDEX' && !/^\d+$/.test(search)) {
    throw badUserInput('El número de fila admite solo dígitos.', 'filter.search');
  }
  const { field: upstream, operation } = ROW_SEARCH[field];
  return { field: upstream, operation, value: field === 'EMAIL' ? search.toLowerCase() : search };
}

/** An import's rows: status, search (`importRowSearchFilter`); default index ascending. */
export function importRowsQuery(args: {
  filter?: ImportRowFilter | null;
  page?: number | null;
  pageSize?: number | null;
  sort?: ImportRowSort | null;
}): ImportListQuery {
  const { page, pageSize } = normalizePaging(args.page, args.pageSize);
  const filter = args.filter ?? {};
  const filters: Filter[] = [];
  if (filter.status) filters.push({ field: 'status', operation: 'EQUAL', value: ROW_STATUS[filter.status] });
  const search = normalizeSearch(filter.search, 'filter.search');
  if (search) filters.push(importRowSearchFilter(search, filter.searchIn));
  const sorts = sortOf(args.sort, ROW_SORTS, { field: 'index', direction: 'asc' });
  return { filters, page, limit: pageSize, sorts };
}
