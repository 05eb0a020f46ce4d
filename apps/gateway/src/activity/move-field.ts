/**
 * One root mutation field as a money move (issue 60), around its resolver:
 *
 * 1. With an idempotency key, the operator's earlier move under that key answers first: other arguments are refused
 *    (IDEMPOTENCY_KEY_REUSED, nothing sent), a known outcome is answered again as it was (SUCCESS stays SUCCESS), a
 *    move still running elsewhere is UNKNOWN (MOVE_IN_PROGRESS), and an unknown outcome (or a move whose gateway
 *    died) is taken over and resent under the same key without the gateway's rule checks: the service answers what
 *    it did. Keys are the operator's own: the store finds them by operator, and the services get them scoped to the
 *    operator (upstream/rest-client.ts).
 * 2. The intent is stored before the first upstream write (`beforeWrite`, awaited by the REST client): with a key,
 *    while the resolver reads (one statement that also finds the earlier move: a retry's run is stopped at its first
 *    write); without one, at the first write. When the store cannot take it the write is not sent (MoveNotRecorded:
 *    FAILED, STORE_UNAVAILABLE).
 * 3. A bulk's items are pending in the intent and written as they end; the hold is renewed while the move runs.
 * 4. The outcome is written before the answer leaves (at most a short wait: then in the background).
 *
 * A field that sends nothing upstream (refused by input, rule, version or permission) keeps no move (a keyed intent
 * is forgotten): the audit records it as before, within the operator's refusal budget.
 */
import { createHash } from 'node:crypto';
import type { BeginMove, MoveIntent, MoveRecord, NewActivity } from '@backoffice/store';
import type { GraphQLOutputType } from 'graphql';
import type { MutationOutcome } from '../generated/resolvers-types.js';
import {
  bulkPayload,
  requiredEmpties,
  type OperationErrorModel as OperationError,
} from '../shared/operation-error.js';
import type { Logger } from '../logger.js';
import { countMoveEvent } from '../telemetry/metrics.js';
import { MOVE_NOT_RECORDED_MESSAGE, MoveNotRecorded, type MoveJournal } from './move-journal.js';
import { inMove, type MoveScope, type PriorItem } from './move-scope.js';
import { versionOf } from '../live/version-of.js';

/** What a move became, as the audit reads a payload or an error (audit-plugin.ts). */
export interface MoveResult {
  result: string;
  errorCode: string | null;
  items?: Array<{ id: string; result: string }>;
}

/** How this field's call ended for the audit: a move stored, an answer replayed, or nothing sent upstream. */
export type MoveMark = 'recorded' | 'replayed' | 'unsent';

export interface MoveFieldCall {
  journal: MoveJournal;
  logger: Logger;
  fieldName: string;
  returnType: GraphQLOutputType;
  args: Record<string, unknown>;
  username: string;
  /** The intent's row but its result and the move's columns (the audit event's fields, mapped once). */
  intent: () => Omit<NewActivity, 'result'>;
  /** How the audit reads a payload or a thrown error. */
  resultOf: (value: unknown, error: unknown) => MoveResult;
  resolve: () => unknown;
}

export const IDEMPOTENCY_KEY_REUSED = 'IDEMPOTENCY_KEY_REUSED';
export const MOVE_IN_PROGRESS = 'MOVE_IN_PROGRESS';

const keyReused = (): OperationError => ({
  message:
    'La clave de idempotencia ya se usó para otra operación o con otros datos: no se envió nada. Use una clave nueva para esta operación.',
  code: IDEMPOTENCY_KEY_REUSED,
  extendedCode: null,
});

const inProgress = (): OperationError => ({
  message:
    'Resultado desconocido: la operación con esta clave todavía está en curso. Verifique el estado en unos segundos antes de reintentar.',
  code: MOVE_IN_PROGRESS,
  extendedCode: null,
});

const notRecorded = (): OperationError => ({
  message: MOVE_NOT_RECORDED_MESSAGE,
  code: 'STORE_UNAVAILABLE',
  extendedCode: null,
});

/** Thrown before a write when a concurrent request with the same key stored its intent first: not sent. */
export class MoveInProgress extends Error {
  override readonly name = 'MoveInProgress';
  readonly failure = { outcome: 'UNKNOWN' as const, error: inProgress() };
}

const KEY = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Arguments that are not the request's substance: the key itself, the version the operator saw, and a bulk's
 * selection (`ids`, `matching`): a bulk retried under its key may name some of its items only (the unknown ones
 * again, 'Reintentar fallidos'), each item being its own write under `key:id`; naming an item the move did not
 * have is another request.
 */
const NOT_HASHED = new Set([
  'idempotencyKey',
  'expectedVersion',
  'expectedLastUpdateDate',
  'ids',
  'matching',
]);

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** A digest of the operation and its arguments but the key and the version seen. */
export function requestHash(fieldName: string, args: Record<string, unknown>): string {
  const substance = Object.fromEntries(Object.entries(args).filter(([name]) => !NOT_HASHED.has(name)));
  return createHash('sha256')
    .update(JSON.stringify([fieldName, canonical(substance)]))
    .digest('base64url');
}

const OUTCOME_OF: Record<string, MutationOutcome> = {
  success: 'SUCCESS',
  failed: 'FAILED',
  unknown: 'UNKNOWN',
};

/** The part of a payload a retry gets back: outcome, error, message, each item's outcome, scalars; no documents. */
export function replayable(payload: unknown): unknown {
  if (!payload || typeof payload !== 'object') return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (key === 'results' && Array.isArray(value)) {
      out.results = value.map((item: Record<string, unknown> | null) => ({
        id: item?.id ?? null,
        outcome: item?.outcome ?? null,
        error: item?.error ?? null,
      }));
    } else if (key === 'error' || value === null || typeof value !== 'object') {
      out[key] = value;
    } else if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) {
      out[key] = value;
    }
  }
  return out;
}

/** A payload of the field's type that carries only a failure (every item of a bulk named with it). */
function failurePayload(
  call: MoveFieldCall,
  outcome: Exclude<MutationOutcome, 'SUCCESS'>,
  error: OperationError,
): unknown {
  const ids = Array.isArray(call.args.ids) ? call.args.ids.map(String) : [];
  return {
    ...requiredEmpties(call.returnType),
    outcome,
    error,
    message: null,
    results: ids.map((id) => ({ id, outcome, error, item: null })),
  };
}

interface StoredAnswer {
  results?: Array<{ id: string; outcome: MutationOutcome; error: OperationError | null }>;
  [field: string]: unknown;
}

const storedAnswer = (answer: unknown): StoredAnswer =>
  (answer && typeof answer === 'object' ? answer : {}) as StoredAnswer;

/** The ids a bulk call names (null: not a bulk by ids). */
const idsOf = (args: Record<string, unknown>): string[] | null =>
  Array.isArray(args.ids) ? [...new Set(args.ids.map(String))] : null;

/** A stored answer as the field's payload again; a bulk's, for the items asked only, in their order. */
function replayed(call: MoveFieldCall, move: MoveRecord): unknown {
  const stored = storedAnswer(move.answer);
  const asked = idsOf(call.args);
  const results =
    asked && stored.results
      ? asked.map((id) => stored.results!.find((item) => String(item.id) === id)!)
      : stored.results;
  // A bulk's answer stored before schema 2.0.0 has no outcome of its own: its items make it (bulkPayload).
  const bulk = results && stored.outcome === undefined ? bulkPayload(results) : {};
  return { ...requiredEmpties(call.returnType), ...bulk, ...stored, ...(results ? { results } : {}) };
}

const isFinal = (result: string) => result === 'success' || result === 'failed';

/**
 * Whether a retry gets the stored answer as it is: the move is done and every item asked (every item, for a
 * retry by `matching`) ended SUCCESS or FAILED. Otherwise the move is taken and what is unknown is sent again.
 */
function answersAgain(move: MoveRecord, asked: string[] | null): boolean {
  if (move.state !== 'done' || move.answer == null) return false;
  if (!move.items) return isFinal(move.result);
  const results = new Map(move.items.map((item) => [item.id, item.result]));
  const stored = new Set((storedAnswer(move.answer).results ?? []).map((item) => String(item.id)));
  return (asked ?? [...results.keys()]).every((id) => isFinal(results.get(id) ?? '') && stored.has(id));
}

/** The items of a taken move that ended (SUCCESS or FAILED): a resent bulk answers them again. */
function priorItems(move: MoveRecord | null): Map<string, PriorItem> {
  const prior = new Map<string, PriorItem>();
  if (!move?.items) return prior;
  const answered = new Map<string, OperationError | null>();
  for (const item of storedAnswer(move.answer).results ?? [])
    answered.set(String(item.id), item.error ?? null);
  for (const item of move.items) {
    if (isFinal(item.result)) {
      prior.set(item.id, { outcome: OUTCOME_OF[item.result]!, error: answered.get(item.id) ?? null });
    }
  }
  return prior;
}

/** Runs the field as a move; `mark` tells the audit how it ended. */
export async function runMoveField(call: MoveFieldCall, mark: (mark: MoveMark) => void): Promise<unknown> {
  const { journal, args } = call;
  const rawKey = typeof args.idempotencyKey === 'string' ? args.idempotencyKey.trim() : null;
  const key = rawKey && KEY.test(rawKey) ? rawKey : null;
  const hash = requestHash(call.fieldName, args);
  if (!key) return runMove(new FieldMove(call, null, hash, null, null), mark);

  // With a key, the intent is stored while the resolver reads (its first write waits for it), in one statement that
  // also finds the operator's earlier move under that key. A move that sends nothing in the end is forgotten.
  const stored: Promise<Begun> = journal.begin(intentOf(call, key, hash, idsOf(args))).then(
    (attempt) => attempt,
    (error: unknown) => ({ failed: error }),
  );
  const first = new FieldMove(call, key, hash, null, stored);
  const running = settled(() => inMove(first, call.resolve));
  const attempt = await stored;
  if ('failed' in attempt) {
    // Without the store no retry can be told from a first try, and no move recorded: nothing was sent.
    await running;
    mark('unsent');
    return failurePayload(call, 'FAILED', notRecorded());
  }
  if (attempt.begun) return finishMove(first, await running, mark);

  // A retry: this run's first write was stopped before it left (its answer is not the one); the earlier move answers.
  await running;
  const prior = attempt.existing;
  const asked = idsOf(args);
  const known = new Set(prior.items?.map((item) => item.id) ?? []);
  if (prior.request_hash !== hash || (asked && !asked.every((id) => known.has(id)))) {
    mark('unsent');
    return failurePayload(call, 'FAILED', keyReused());
  }
  if (answersAgain(prior, asked)) {
    mark('replayed');
    countMoveEvent('replayed');
    return replayed(call, prior);
  }
  let taken: MoveRecord | null;
  try {
    taken = await journal.take(prior.id);
  } catch {
    mark('unsent');
    return failurePayload(call, 'FAILED', notRecorded());
  }
  if (!taken) {
    mark('unsent');
    return failurePayload(call, 'UNKNOWN', inProgress());
  }
  return runMove(new FieldMove(call, key, hash, taken, null), mark);
}

/** What storing a keyed move's intent gave: the intent stored, the operator's earlier move, or the store's failure. */
type Begun = BeginMove | { failed: unknown };

interface Settled {
  value: unknown;
  failure: unknown;
}

/** Runs `run` (a resolver, which may throw at once or resolve later) to its end, never rejecting. */
async function settled(run: () => unknown): Promise<Settled> {
  try {
    return { value: await run(), failure: null };
  } catch (failure) {
    return { value: undefined, failure };
  }
}

/** Runs the resolver inside the move, then writes its outcome. */
async function runMove(move: FieldMove, mark: (mark: MoveMark) => void): Promise<unknown> {
  return finishMove(move, await settled(() => inMove(move, move.call.resolve)), mark);
}

async function finishMove(move: FieldMove, run: Settled, mark: (mark: MoveMark) => void): Promise<unknown> {
  await move.finish(run.value, run.failure);
  mark(move.rowId && (move.sent || move.resending) ? 'recorded' : 'unsent');
  if (run.failure) throw run.failure;
  return run.value;
}

/** Thrown before a write of a run whose key named an earlier move (a retry): not sent; the earlier move answers. */
class MoveSuperseded extends Error {
  override readonly name = 'MoveSuperseded';
}

/** The intent's row: the call's, pending, with a bulk's items (the ids it names, as the bulk runner reads them). */
function intentOf(
  call: MoveFieldCall,
  key: string | null,
  hash: string,
  items: readonly string[] | null,
): Omit<MoveIntent, 'lease_until'> {
  return {
    ...call.intent(),
    result: 'pending',
    items: items ? JSON.stringify(items.map((id) => ({ id, result: 'pending' }))) : null,
    idempotency_key: key,
    request_hash: hash,
  };
}

/** The scope of one field's move (move-scope.ts): the intent written at its first write, items, the hold. */
class FieldMove implements MoveScope {
  rowId: string | null;
  readonly resending: boolean;
  /** Whether a write was sent (or about to be) upstream. */
  sent = false;
  private intent: Promise<void> | null = null;
  private items: Map<string, string> | null = null;
  /** The items the stored row holds (a bulk's ids when its intent was stored): written again only when they differ. */
  private storedItems: string;
  private readonly prior: Map<string, PriorItem>;
  /** A taken move's stored answer, whose items this run's answer completes. */
  private readonly priorAnswer: StoredAnswer | null;
  private progressTimer: NodeJS.Timeout | undefined;
  private holdTimer: NodeJS.Timeout | undefined;
  /** A stored move's items being written before its first write (a resent bulk). */
  private itemsWritten: Promise<void> | null = null;

  constructor(
    readonly call: MoveFieldCall,
    private readonly key: string | null,
    private readonly hash: string,
    taken: MoveRecord | null,
    /** A keyed move's intent, being stored while the resolver reads (its first write waits for it). */
    private readonly storing: Promise<Begun> | null,
  ) {
    this.rowId = taken?.id ?? null;
    this.resending = taken !== null;
    this.prior = priorItems(taken);
    this.priorAnswer = taken ? storedAnswer(taken.answer) : null;
    if (taken?.items) this.items = new Map(taken.items.map((item) => [item.id, item.result]));
    const asked = idsOf(call.args);
    if (storing && asked) this.items = new Map(asked.map((id) => [id, 'pending']));
    this.storedItems = JSON.stringify(this.itemList());
    if (this.rowId) this.hold();
  }

  beforeWrite(): Promise<void> {
    this.sent = true;
    this.intent ??= this.storing
      ? this.storing.then(async (attempt) => {
          if ('failed' in attempt) throw new MoveNotRecorded(attempt.failed);
          if (!attempt.begun) throw new MoveSuperseded('a retry: the earlier move answers');
          this.rowId = attempt.id;
          // A bulk by `matching` learnt its items after its intent was stored: they go first.
          if (JSON.stringify(this.itemList()) !== this.storedItems) await this.writeProgress();
          this.announce();
          this.hold();
        })
      : this.rowId
        ? (this.itemsWritten ?? Promise.resolve())
        : this.begin();
    return this.intent;
  }

  /** Stores the intent of a move without a key, at its first write. */
  private async begin(): Promise<void> {
    const begun = await this.call.journal.begin(intentOf(this.call, this.key, this.hash, null));
    if (!begun.begun) throw new MoveInProgress();
    this.rowId = begun.id;
    if (this.items) await this.writeProgress();
    this.announce();
    this.hold();
  }

  /** The intent's audit line, at the move's first write: the outcome's follows when the move ends (or recovery's). */
  private announce(): void {
    if (this.resending) return;
    const row = this.call.intent();
    const items = this.itemList();
    (this.call.logger.audit ?? this.call.logger.info)('audit', {
      event: 'audit',
      user: row.username,
      permissionUsed: row.permission,
      operation: row.operation,
      operationName: row.operation_name,
      targetIds: row.target_ids,
      ...(row.target_count != null ? { targetCount: row.target_count } : {}),
      reason: row.reason,
      result: 'pending',
      errorCode: null,
      ...(items ? { items } : {}),
      requestId: row.request_id,
      moveId: this.rowId,
    });
  }

  /** Renews the hold while the move runs (a write's timeout can outlast part of the lease). */
  private hold() {
    if (this.holdTimer) return;
    const every = Math.max(1_000, Math.floor(this.call.journal.leaseMs / 3));
    this.holdTimer = setInterval(() => void this.writeProgress(), every);
    this.holdTimer.unref();
  }

  bulkItems(ids: readonly string[]): void {
    // A taken move keeps the items this run does not name.
    this.items ??= new Map();
    for (const id of ids) this.items.set(id, this.prior.get(id)?.outcome.toLowerCase() ?? 'pending');
    // A stored move gets its items before its first write, unless it holds them already (its intent named them).
    if (this.rowId && JSON.stringify(this.itemList()) !== this.storedItems)
      this.itemsWritten = this.writeProgress();
  }

  itemDone(id: string, outcome: MutationOutcome): void {
    if (!this.items?.has(id)) return;
    this.items.set(id, outcome.toLowerCase());
    if (!this.rowId || this.progressTimer) return;
    this.progressTimer = setTimeout(() => {
      this.progressTimer = undefined;
      void this.writeProgress();
    }, 250);
    this.progressTimer.unref();
  }

  priorItem(id: string): PriorItem | null {
    return this.prior.get(id) ?? null;
  }

  private itemList(): Array<{ id: string; result: string }> | null {
    return this.items ? [...this.items].map(([id, result]) => ({ id, result })) : null;
  }

  private async writeProgress(): Promise<void> {
    if (!this.rowId) return;
    const items = this.itemList();
    this.storedItems = JSON.stringify(items);
    await this.call.journal.progress(this.rowId, items);
  }

  /** Writes the outcome of a move that was stored; forgets the intent of one that sent nothing. */
  async finish(value: unknown, failure: unknown): Promise<void> {
    clearTimeout(this.progressTimer);
    clearInterval(this.holdTimer);
    const attempt = await this.storing;
    if (attempt && !('failed' in attempt) && attempt.begun && !this.sent) {
      await this.call.journal.discard(attempt.id);
      return;
    }
    if (!this.rowId) return;
    const outcome = this.call.resultOf(value, failure);
    const answer = failure
      ? { outcome: 'UNKNOWN', error: inProgressError(outcome), message: null }
      : (replayable(value) as StoredAnswer);
    for (const item of outcome.items ?? []) this.items?.set(item.id, item.result);
    const items = this.itemList();
    // A resent bulk that named some items: the others keep their stored answer.
    if (answer.results && this.priorAnswer?.results) {
      const now = new Map(answer.results.map((item) => [String(item.id), item]));
      const kept = this.priorAnswer.results.filter((item) => !now.has(String(item.id)));
      answer.results = [...kept, ...answer.results];
    }
    await this.call.journal.complete(this.rowId, {
      result: items ? bulkResult(items) : outcome.result === 'error' ? 'unknown' : outcome.result,
      error_code: outcome.errorCode,
      items,
      answer,
      // A single record's live event carries its new version when the payload shows it (issue 63).
      version: failure ? null : versionOf(value),
    });
  }
}

/** A bulk's result from its items: success when all are, unknown when any is, else failed (as the audit). */
function bulkResult(items: ReadonlyArray<{ result: string }>): string {
  if (items.every((item) => item.result === 'success')) return 'success';
  if (items.some((item) => item.result === 'unknown' || item.result === 'pending' || item.result === 'error'))
    return 'unknown';
  return 'failed';
}

/** The stored answer of a move whose resolver failed after it wrote: unknown, retried by resending. */
function inProgressError(outcome: MoveResult): OperationError {
  return {
    message:
      'Resultado desconocido: no se pudo confirmar el resultado de la operación. Verifique el estado antes de reintentar.',
    code: outcome.errorCode ?? 'INTERNAL_SERVER_ERROR',
    extendedCode: null,
  };
}
