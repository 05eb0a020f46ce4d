/**
 * Multi-select actions (spec 000 §4 "multi-select"): the ids checked (each a valid id, duplicates dropped, at
 * most BULK_MAX_ITEMS), one read of the whole selection, then each item on its own: checked against the area's
 * rule for one item (FAILED with its own reason naming the item, ACTION_NOT_ALLOWED, no write, when it no longer
 * holds) and written, with at most BULK_CONCURRENCY writes at once; one result per id in the order given:
 * SUCCESS, FAILED or UNKNOWN. The multi-select rule over the whole selection only decides which buttons the web
 * offers (the documents' `actions`/`bulkActions`): an item that changed since it was selected fails alone.
 *
 * When the gateway is stopping and its drain deadline arrives mid-bulk (shared/drain.ts), the bulk answers at
 * once: items already done keep their outcome, items never sent are FAILED (SERVER_RESTARTING, safe to retry)
 * and items whose write was in flight are UNKNOWN (check before retrying). Nothing is retried.
 */
import { badUserInput } from '../errors.js';
import type { MutationOutcome } from '../generated/resolvers-types.js';
import type { OperationErrorModel as OperationError } from './operation-error.js';
import { notAllowed, readFailure, writeFailure, type Failure } from '../upstream/outcome.js';
import { raceDeadline } from './drain.js';
import { checkId } from './inputs.js';
import type { MoveSlot } from '../money/scope.js';

/** Platform settings of every bulk action, read from the environment once. */
export interface BulkSettings {
  /** BULK_CONCURRENCY: how many items run at once upstream (1-32, default 8). */
  concurrency: number;
  /** BULK_MAX_ITEMS: the most ids one bulk mutation accepts (1-1000, default 500). */
  maxItems: number;
}

type Env = Record<string, string | undefined>;

/** An integer setting between min and max; absent or blank -> fallback; anything else fails the start. */
export function intSetting(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
  }
  return value;
}

export function loadBulkSettings(env: Env = process.env): BulkSettings {
  return {
    concurrency: intSetting(env, 'BULK_CONCURRENCY', 8, 1, 32),
    maxItems: intSetting(env, 'BULK_MAX_ITEMS', 500, 1, 1000),
  };
}

let cached: BulkSettings | null = null;

/** The bulk settings (read on first use). */
export function bulkSettings(): BulkSettings {
  cached ??= loadBulkSettings();
  return cached;
}

/**
 * The ids of a bulk mutation: at most `maxItems` (BAD_USER_INPUT naming the `noun`, e.g. "pagos"), each a valid
 * id (`ids[i]` named), duplicates dropped keeping the first.
 */
export function checkBulkIds(
  ids: readonly unknown[],
  noun: string,
  maxItems: number = bulkSettings().maxItems,
): string[] {
  if (ids.length > maxItems) {
    throw badUserInput(`Se pueden procesar hasta ${maxItems} ${noun} por vez (ids).`, 'ids');
  }
  const unique: string[] = [];
  const seen = new Set<string>();
  ids.forEach((raw, index) => {
    const id = checkId(raw, `ids[${index}]`);
    if (!seen.has(id)) {
      seen.add(id);
      unique.push(id);
    }
  });
  return unique;
}

/** Runs `fn` over `items` with at most `limit` running at once; results keep the input order. */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(limit, 1), items.length) }, worker));
  return results;
}

/** One item's result; `item` is the document to show (null when unread, unknown or missing). */
export interface BulkResult<Item> {
  id: string;
  outcome: MutationOutcome;
  error: OperationError | null;
  item: Item | null;
}

export interface BulkRun<Doc, Item> {
  /** Already checked with checkBulkIds. */
  ids: readonly string[];
  /** One read of the whole selection, by id (ids it lacks are "not found"). */
  readAll: (ids: readonly string[]) => Promise<ReadonlyMap<string, Doc>>;
  /** The area's rule for one item as read now: null when it may be written, else the Spanish reason. */
  itemReason: (doc: Doc) => string | null;
  /**
   * Whether an item shows this action's intended result (absent: it cannot tell). A resent bulk's item the rule
   * now refuses is sent again under its key only when it may have been applied by the first send.
   */
  itemApplied?: (doc: Doc) => boolean;
  /** How a refused item is named before its reason, e.g. "Pago 1000123". */
  itemLabel: (id: string) => string;
  /** The failure of an id the read did not return. */
  notFound: Failure;
  /** One write; resolves to the written document. A contract break inside it is UNKNOWN. */
  write: (id: string, before: Doc) => Promise<Doc>;
  /** The document as the schema shows it. */
  present: (doc: Doc) => Item;
  /** At most this many writes at once (default: BULK_CONCURRENCY). */
  concurrency?: number;
  /** The drain deadline of a stopping gateway (the request's `ctx.drainSignal`, shared/drain.ts); none in tests. */
  deadline: AbortSignal | undefined;
}

/** Code of the items a stopping gateway did not finish (FAILED: never sent; UNKNOWN: sent, unconfirmed). */
export const SERVER_RESTARTING = 'SERVER_RESTARTING';

/** An item the stopping gateway never sent upstream: nothing was written, it may be retried. */
export const notSentFailure = (label: string): Failure => ({
  outcome: 'FAILED',
  error: {
    message: `${label}: no se envió porque el servidor se estaba reiniciando. Puede reintentarlo sin riesgo.`,
    code: SERVER_RESTARTING,
    extendedCode: null,
  },
});

/** An item whose write was in flight when the stopping gateway had to answer: it may or may not be applied. */
export const inFlightFailure = (label: string): Failure => ({
  outcome: 'UNKNOWN',
  error: {
    message: `${label}: el servidor se reinició mientras se enviaba; no se pudo confirmar el resultado. Verifique el estado antes de reintentar.`,
    code: SERVER_RESTARTING,
    extendedCode: null,
  },
});

/** `ctx`: the request's, whose slot holds the money move running (its items reported, a retry checked again). */
export async function runBulk<Doc, Item>(
  ctx: { moveSlot: MoveSlot },
  run: BulkRun<Doc, Item>,
): Promise<BulkResult<Item>[]> {
  const { ids, notFound, present, itemLabel } = run;
  if (!ids.length) return [];
  const { deadline } = run;
  const result = (id: string, failure: Failure | null, doc: Doc | null): BulkResult<Item> => ({
    id,
    outcome: failure ? failure.outcome : 'SUCCESS',
    error: failure ? failure.error : null,
    item: doc === null ? null : present(doc),
  });
  let found: ReadonlyMap<string, Doc> | null;
  try {
    // A read writes nothing: cut short by the deadline, every item is "not sent".
    found = await raceDeadline<ReadonlyMap<string, Doc> | null>(run.readAll(ids), deadline, () => null);
  } catch (error) {
    const failure = readFailure(error);
    return ids.map((id) => result(id, failure, null));
  }
  if (found === null) return ids.map((id) => result(id, notSentFailure(itemLabel(id)), null));
  const read = found;
  // The money move of this bulk (money/scope.ts): its items are pending in the intent, each written as it ends; a
  // retry of an unknown outcome answers the items it knows and checks the others again before sending them.
  const move = ctx.moveSlot.current;
  move?.bulkItems(ids);
  const item = async (id: string): Promise<BulkResult<Item>> => {
    const prior = move?.priorItem(id);
    if (prior) return { id, outcome: prior.outcome, error: prior.error, item: null };
    if (deadline?.aborted) return result(id, notSentFailure(itemLabel(id)), null);
    const before = read.get(id);
    if (before === undefined) return result(id, notFound, null);
    // Every item is checked before it is sent, a resent one too: one the rule refuses that cannot show the first
    // send applied is refused here; one that may is the service's to answer under its key.
    const reason = run.itemReason(before);
    const resendable = move?.resending && run.itemApplied?.(before) !== false;
    if (reason !== null && !resendable) return result(id, notAllowed(`${itemLabel(id)}: ${reason}`), before);
    const unconfirmed = Symbol('unconfirmed');
    try {
      const written = await raceDeadline<Doc | typeof unconfirmed>(
        run.write(id, before),
        deadline,
        () => unconfirmed,
      );
      if (written === unconfirmed) return result(id, inFlightFailure(itemLabel(id)), null);
      return result(id, null, written);
    } catch (error) {
      const failure = writeFailure(error);
      return result(id, failure, failure.outcome === 'UNKNOWN' ? null : before);
    }
  };
  return mapWithConcurrency(ids, run.concurrency ?? bulkSettings().concurrency, async (id) => {
    const answer = await item(id);
    move?.itemDone(id, answer.outcome);
    return answer;
  });
}
