import type {
  ExportActionKind,
  ExportFilter,
  Permission,
  QueryExportsArgs,
} from '../../generated/resolvers-types.js';
import { defineActions } from '../../shared/actions.js';
import { normalizePaging } from '../../shared/paging.js';
import { periodFilters, type Filter } from '../../upstream/filters.js';
import type { DownloadRefusalText, UpstreamRefusalInfo } from '../../files/types.js';
import { exportPath, type ExportListQuery, type RawExport } from './exports.datasource.js';
import { FORMAT_TO_UPSTREAM, TYPE_TO_UPSTREAM, type ExportModel } from './exports.mappers.js';

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

/** The gateway's code for a download of a failed export (docs/decisions.md, 2026-11-24). */
export const EXPORT_FAILED = 'export_failed';
export const EXPORT_FAILED_MESSAGE = 'La exportación falló: no hay archivo para descargar.';

/**
 * A download the service refused as `export_not_finished`: the service answers so for a failed export too, so the
 * export's status is read and a failed one is said to have failed; anything else keeps the
 * service's refusal.
 */
export async function explainDownloadRefusal(
  refusal: UpstreamRefusalInfo,
  id: string,
  read: (path: string) => Promise<unknown>,
): Promise<DownloadRefusalText | null> {
  if (refusal.extendedCode !== 'export_not_finished') return null;
  const job = (await read(exportPath(id))) as RawExport | null;
  return job?.status === 'error' ? { message: EXPORT_FAILED_MESSAGE, extendedCode: EXPORT_FAILED } : null;
}

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
  const { page, pageSize } = normalizePaging(args.page, args.pageSize);
  return {
    filters: exportFilters(args.filter),
    page,
    limit: pageSize,
    sorts: [{ field: 'created_date', direction: 'desc' }],
  };
}
