import type {
  ActivityFilter as StoreActivityFilter,
  ActivityRecord,
  ActivitySort,
  PreferenceLimits,
  Store,
} from '@backoffice/store';
import { GraphQLError } from 'graphql';
import { storeUnavailable } from '../../activity/move-journal.js';
import { STORE_UNAVAILABLE_MESSAGE } from '../../activity/store-handle.js';
import { badUserInput } from '../../errors.js';
import type { GatewayContext } from '../../gateway-context.js';
import type {
  ActivityEvent,
  ActivityFilter,
  ActivityResult,
  Preference,
  Resolvers,
} from '../../generated/resolvers-types.js';
import { RawJson } from '../../execution/raw-json.js';
import { normalizePaging, pageOf } from '../../shared/paging.js';
import { type PerKeyTurns, perKeyTurns, TurnsFull } from '../../shared/per-key-turns.js';
import { RATE_LIMITED_CODE, RATE_LIMITED_MESSAGE } from '../../limits/rate-limit.js';
import { selectedFieldNames } from '../../shared/prefetch.js';

export { STORE_UNAVAILABLE_MESSAGE };

const MAX_KEY = 100;
/** A preference is small (a list of columns, a few saved views): 64 KiB of JSON at most. */
const MAX_VALUE_BYTES = 64 * 1024;
const VALUE_TOO_LARGE = 'La preferencia es demasiado grande (hasta 64 KiB).';
const MAX_FILTER_TEXT = 200;
/** The choices 'Operador' lists at once: typing narrows them (schema: `activityUsers`). */
const ACTIVITY_USERS_LIMIT = 20;

/** A preference's key (or a prefix of keys), trimmed and checked: letters, digits, dots, colons and dashes. */
function preferenceKey(text: string, field: 'key' | 'prefix'): string {
  const name = text.trim();
  if (!name || name.length > MAX_KEY || !/^[A-Za-z0-9._:-]+$/.test(name)) {
    throw badUserInput(
      `La ${field === 'key' ? 'clave' : 'parte inicial de la clave'} de la preferencia debe tener entre 1 y ${MAX_KEY} letras, números, puntos o guiones.`,
      field,
    );
  }
  return name;
}

/** How many entries one `mergePreference` changes at most (a list's columns, a few views: far fewer). */
const MAX_ENTRIES = 50;

/** The entries of a `mergePreference`: an object of at most MAX_ENTRIES named entries, each at most MAX_KEY long. */
function preferenceEntries(entries: unknown): Record<string, unknown> {
  const named =
    typeof entries === 'object' && entries !== null && !Array.isArray(entries)
      ? Object.entries(entries as Record<string, unknown>)
      : null;
  if (!named || named.length === 0 || named.length > MAX_ENTRIES) {
    throw badUserInput(
      `Los cambios de la preferencia deben ser un objeto con entre 1 y ${MAX_ENTRIES} entradas.`,
      'entries',
    );
  }
  if (named.some(([entry]) => !entry || entry.length > MAX_KEY)) {
    throw badUserInput(`Cada entrada de la preferencia se nombra con 1 a ${MAX_KEY} caracteres.`, 'entries');
  }
  return Object.fromEntries(named);
}

/** The refusal of a write past the operator's bounds (or, for a merge, the value's own). */
function refusedWrite(
  limit: 'keys' | 'bytes' | 'value',
  limits: PreferenceLimits,
  field: 'value' | 'entries' = 'value',
) {
  const advice = 'elimine alguna (por ejemplo, vistas guardadas que ya no use) antes de guardar otra.';
  if (limit === 'value') return badUserInput(VALUE_TOO_LARGE, field);
  return badUserInput(
    limit === 'keys'
      ? `Se alcanzó el límite de ${limits.maxKeys} preferencias por operador: ${advice}`
      : `Se alcanzó el límite de ${bytesText(limits.maxBytes)} de preferencias por operador: ${advice}`,
    field,
  );
}

/** A limit in bytes as an operator reads it: '1 MiB', '512 KiB', '1500 bytes'. */
function bytesText(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/**
 * One call to the store: STORE_UNAVAILABLE when it is not open, and when the call fails (a server that went away
 * while the store was open: issue 60), never an unexpected error.
 */
async function withStore<T>(context: GatewayContext, call: (store: Store) => Promise<T>): Promise<T> {
  const store = context.store?.current();
  if (!store) throw storeUnavailable();
  try {
    return await call(store);
  } catch (error) {
    if (error instanceof GraphQLError) throw error;
    context.logger.warn('store call failed', { requestId: context.requestId, error: String(error) });
    throw storeUnavailable();
  }
}

/** Each store's turns per operator (shared/per-key-turns.ts): one gateway's, whatever its contexts. */
const readTurns = new WeakMap<object, PerKeyTurns>();

/**
 * A read of the store in the operator's turn: one read of an operator at a time, at most 16 waiting (issue 61): an
 * operator who keeps heavy reads in flight waits for his own, instead of making every other operator's store calls
 * queue behind all of them on the embedded store's one thread. Past the bound, refused as the rate limit is.
 */
async function readStore<T>(context: GatewayContext, call: (store: Store) => Promise<T>): Promise<T> {
  const handle = context.store;
  if (!handle) throw storeUnavailable();
  let turns = readTurns.get(handle);
  if (!turns) readTurns.set(handle, (turns = perKeyTurns({ concurrent: 1, maxWaiting: 16 })));
  try {
    return await turns.run(`${context.storeNamespace}\u0000${context.user.username}`, () =>
      withStore(context, call),
    );
  } catch (error) {
    if (!(error instanceof TurnsFull)) throw error;
    throw new GraphQLError(RATE_LIMITED_MESSAGE, { extensions: { code: RATE_LIMITED_CODE } });
  }
}

/**
 * A preference's write as every mutation answers (schema 2.0.0, `PreferencePayload`); a refusal (bounds, store) is
 * thrown as before and answered FAILED by shared/operation-error.ts `answerRefusalsAsPayloads`.
 */
const preferencePayload = (preference: Preference | null) => ({
  preference,
  outcome: 'SUCCESS' as const,
  error: null,
  message: preference ? 'Preferencia guardada.' : 'Preferencia eliminada.',
});

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
    // Rows stored before the count (issue 43) kept every id.
    recordCount: row.target_count ?? row.target_ids.length,
    result: resultOf(row.result),
    errorCode: row.error_code,
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
  Mutation: {
    async setPreference(_root, { key, value }, context) {
      const name = preferenceKey(key, 'key');
      const json = value === null || value === undefined ? null : JSON.stringify(value);
      if (json !== null && Buffer.byteLength(json) > MAX_VALUE_BYTES) {
        throw badUserInput(VALUE_TOO_LARGE, 'value');
      }
      // Always the signed-in operator's own: the user name comes from the token, never from the arguments.
      const limits = context.preferenceLimits;
      const write = await withStore(context, (store) =>
        store.writePreference(
          context.user.username,
          name,
          json === null ? null : value,
          limits,
          context.storeNamespace,
        ),
      );
      if (!write.written) throw refusedWrite(write.limit, limits);
      return preferencePayload(
        json === null ? null : { key: name, value, updatedAt: new Date().toISOString() },
      );
    },
    async mergePreference(_root, { key, entries }, context) {
      const name = preferenceKey(key, 'key');
      const changes = preferenceEntries(entries);
      const limits = context.preferenceLimits;
      // Always the signed-in operator's own, as setPreference.
      const merge = await withStore(context, (store) =>
        store.mergePreference(
          context.user.username,
          name,
          changes,
          limits,
          MAX_VALUE_BYTES,
          context.storeNamespace,
        ),
      );
      if (!merge.written) throw refusedWrite(merge.limit, limits, 'entries');
      return preferencePayload(
        merge.value === null ? null : { key: name, value: merge.value, updatedAt: new Date().toISOString() },
      );
    },
  },
};
