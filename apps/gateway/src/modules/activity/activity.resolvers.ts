import type { ActivityFilter as StoreActivityFilter, ActivityRecord, ActivitySort } from '@backoffice/store';
import { STORE_UNAVAILABLE_MESSAGE } from '../../activity/store-handle.js';
import { badUserInput } from '../../errors.js';
import type {
  ActivityEvent,
  ActivityFilter,
  ActivityResult,
  Resolvers,
} from '../../generated/resolvers-types.js';
import { RawJson } from '../../execution/raw-json.js';
import { activityErrorCodeOf, serviceCodeOf } from '../../shared/operation-error.js';
import { normalizePaging, pageOf } from '../../shared/paging.js';
import { selectedFieldNames } from '../../shared/prefetch.js';
import { activityMutations } from './activity.mutations.js';
import { preferenceKey, readStore } from './activity.store.js';

export { STORE_UNAVAILABLE_MESSAGE };

const MAX_FILTER_TEXT = 200;
/** The choices 'Operador' lists at once: typing narrows them (schema: `activityUsers`). */
const ACTIVITY_USERS_LIMIT = 20;

const SORTS: Record<string, ActivitySort> = {
  AT: 'at',
  USER: 'username',
  OPERATION: 'operation',
  RESULT: 'result',
};

const filterText = (value: string | null | undefined, field: string): string | null => {
  const text = value?.trim() ?? '';
  if (text.length > MAX_FILTER_TEXT) {
    throw badUserInput(`El filtro ${field} admite hasta ${MAX_FILTER_TEXT} caracteres.`, field);
  }
  return text || null;
};

const instant = (value: string | null | undefined, field: string): Date | null => {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw badUserInput(`La fecha ${field} no es válida.`, field);
  return date;
};

/** The store's filter of the API's (the list and its CSV): texts trimmed and bounded, instants checked. */
export function storeFilter(filter: ActivityFilter | null | undefined): StoreActivityFilter {
  const from = instant(filter?.from, 'from');
  const to = instant(filter?.to, 'to');
  if (from && to && from >= to)
    throw badUserInput('La fecha "desde" debe ser anterior a la fecha "hasta".', 'from');
  return {
    user: filterText(filter?.user, 'user'),
    area: filterText(filter?.area, 'area'),
    operation: filterText(filter?.operation, 'operation'),
    recordId: filterText(filter?.recordId, 'recordId'),
    from,
    to,
  };
}

const resultOf = (result: string): ActivityResult => result.toUpperCase() as ActivityResult;

export function presentActivity(row: ActivityRecord): ActivityEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    user: row.username,
    permission: row.permission,
    area: row.area,
    operation: row.operation,
    recordIds: row.target_ids,
    // Older rows have no count: they kept every id.
    recordCount: row.target_count ?? row.target_ids.length,
    result: resultOf(row.result),
    errorCode: row.error_code,
    code: activityErrorCodeOf(row.error_code),
    serviceCode: row.error_code ? serviceCodeOf({ code: row.error_code }) : null,
    reason: row.reason,
    items: row.items?.map((item) => ({ id: item.id, result: resultOf(item.result) })) ?? null,
    requestId: row.request_id,
    traceId: row.trace_id,
  };
}

export const activityResolvers: Resolvers = {
  Query: {
    async activity(_root, { filter, page: rawPage, pageSize: rawSize, sort }, context) {
      const { page, pageSize } = normalizePaging(rawPage, rawSize);
      const answer = await readStore(context, (store) =>
        store.queryActivity({
          filter: storeFilter(filter),
          page,
          pageSize,
          sort: SORTS[sort?.field ?? 'AT'] ?? 'at',
          descending: sort?.direction !== 'ASC',
          namespace: context.storeNamespace,
        }),
      );
      return pageOf(answer.rows.map(presentActivity), answer.total, page, pageSize);
    },
    async activityUsers(_root, { prefix }, context) {
      const request = {
        prefix: filterText(prefix, 'prefix'),
        limit: ACTIVITY_USERS_LIMIT,
        namespace: context.storeNamespace,
      };
      return readStore(context, (store) => store.activityUsers(request));
    },
    async preferences(_root, { prefix }, context, info) {
      const start = prefix ? preferenceKey(prefix, 'prefix') : null;
      // The values as the JSON text stored, spliced into the answer unparsed (execution/raw-json.ts); not read at
      // all when the operation does not ask for them.
      const read = {
        prefix: start,
        namespace: context.storeNamespace,
        values: selectedFieldNames(info).has('value'),
      };
      const rows = await readStore(context, (store) =>
        store.readStoredPreferences(context.user.username, read),
      );
      return rows.map((p) => ({
        key: p.key,
        value: p.json === null ? null : new RawJson(p.json),
        updatedAt: p.updatedAt.toISOString(),
      }));
    },
  },
  Mutation: activityMutations,
};
