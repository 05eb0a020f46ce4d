import type {
  ExportActionKind,
  ExportFilter,
  Permission,
  QueryExportsArgs,
} from '../../generated/resolvers-types.js';
import { defineActions } from '../../shared/actions.js';
import { normalizePaging } from '../../shared/paging.js';
import { periodFilters, type Filter } from '../../upstream/filters.js';
import type { ExportListQuery } from './exports.datasource.js';
import { FORMAT_TO_UPSTREAM, TYPE_TO_UPSTREAM, type ExportModel } from './exports.mappers.js';

export const DEFAULT_EXPORT_PAGE_SIZE = 25;

/** Who may download the file: the DOWNLOAD action and the file route of index.ts read this one statement. */
export const DOWNLOAD_REQUIRES = ['EXPORT_SHOW'] as const satisfies readonly Permission[];

/** Descargar (spec 001 §2, §5): only a finished export, with EXPORT_SHOW. */
export const exportActions = defineActions<ExportActionKind, ExportModel>({
  kinds: ['DOWNLOAD'],
  permissions: {
    DOWNLOAD: { requires: DOWNLOAD_REQUIRES, reason: 'Requiere el permiso de ver exportaciones.' },
  },
  availableOnPreviousVersion: ['DOWNLOAD'],
  previousVersionReason: '',
  isCurrentVersion: () => true,
  stateReason: (_kind, doc) =>
    doc.status === 'FINISHED'
      ? null
      : doc.status === 'ERROR'
        ? 'La exportación terminó con error.'
        : 'La exportación todavía no finalizó.',
});

/** The history's filters: request date period, type, format, status. */
export function exportFilters(filter: ExportFilter | null | undefined): Filter[] {
  if (!filter) return [];
  const filters: Filter[] = [];
  if (filter.type) filters.push({ field: 'type', operation: 'EQUAL', value: TYPE_TO_UPSTREAM[filter.type] });
  if (filter.format) {
    filters.push({ field: 'format', operation: 'EQUAL', value: FORMAT_TO_UPSTREAM[filter.format] });
  }
  if (filter.status)
    filters.push({ field: 'status', operation: 'EQUAL', value: filter.status.toLowerCase() });
  filters.push(
    ...periodFilters('created_date', filter.from, filter.to, { from: 'filter.from', to: 'filter.to' }),
  );
  return filters;
}

export function exportListQuery(args: Partial<QueryExportsArgs>): ExportListQuery {
  const { page, pageSize } = normalizePaging(args.page, args.pageSize, DEFAULT_EXPORT_PAGE_SIZE);
  return {
    filters: exportFilters(args.filter),
    page,
    limit: pageSize,
    sorts: [{ field: 'created_date', direction: 'desc' }],
  };
}
