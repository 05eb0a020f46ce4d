/**
 * One root mutation field as a money move, around its resolver:
 *
 * 1. With an idempotency key, the operator's earlier move under that key answers first. A key stands for one
 *    request, its fingerprint (every argument that changes what is sent: ids, the `matching` selection, amounts,
 *    the version the operator confirmed): anything else under it is refused (IDEMPOTENCY_KEY_REUSED, nothing sent).
 *    A known outcome is answered again as it was (SUCCESS stays SUCCESS, a refusal stays that refusal), a move still
 *    running elsewhere is UNKNOWN (MOVE_IN_PROGRESS), and an unknown outcome (or a move whose gateway died) is taken
 *    over and resent under the same key after the record is checked again (shared/run-action.ts, shared/bulk.ts:
 *    a record another operator changed meanwhile is never written over). Keys are the operator's own: the store
 *    finds them by operator, and the services get them scoped to the operator (upstream/rest-client.ts).
 * 2. The intent is stored before the first upstream write (`beforeWrite`, awaited by the REST client): with a key,
 *    while the resolver reads (one statement that also finds the earlier move: a retry's run is stopped at its first
 *    write); without one, at the first write. When the store cannot take it the write is not sent (MoveNotRecorded:
 *    FAILED, STORE_UNAVAILABLE).
 * 3. A bulk's items are pending in the intent and written as they end; the hold is renewed while the move runs.
 * 4. The outcome is written before the answer leaves (at most a short wait: then in the background).
 *
 * 5. The move's hold is fenced (its holder and generation, journal.ts): a gateway that lost it (stalled past its
 *    lease while another took the move) sends nothing more and its late outcome is refused.
 *
 * A field without a key that sends nothing upstream (refused by input, rule, version or permission) keeps no move:
 * the audit records it as before, within the operator's refusal budget. With a key, the refusal is the key's answer.
 */
import { createHash } from 'node:crypto';
import type { MoveFence, MoveIntent, MoveRecord, NewActivity } from '@backoffice/store';
import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLOutputType } from 'graphql';
import { isIdempotencyKey } from '../shared/inputs.js';
import type { MutationOutcome } from '../generated/resolvers-types.js';
import {
  bulkPayload,
  requiredEmpties,
  type OperationErrorModel as OperationError,
} from '../shared/operation-error.js';
import type { Logger } from '../logger.js';
import { countMoveEvent } from '../telemetry/metrics.js';
import {
  MOVE_NOT_RECORDED_MESSAGE,
  MoveNotRecorded,
  MoveQuotaExceeded,
  moveQuotaError,
  type JournalBegin,
  type MoveJournal,
} from './journal.js';
import { inMove, type MoveScope, type MoveSlot, type PriorItem } from './scope.js';
import { versionOf } from '../live/version-of.js';
import type { AuthUser } from '../auth/verify-token.js';
import type { ApprovalRow } from '@backoffice/store';
import { amountOfWrite, ApprovalRequired, heldMessage, type ApprovalGate } from './approvals.js';

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
  /** The request's slot of the running move (pipeline.ts). */
  slot: MoveSlot;
  /** The approval policies' gate (money/approvals.ts); null: no move is ever held. */
  approvals: ApprovalGate | null;
  /** The operator making the move (a held move's request keeps who it is, to send it as them once approved). */
  user: AuthUser;
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

const holdLost = (): OperationError => ({
  message:
    'Resultado desconocido: otro servidor continuó esta operación, que ya no se envía desde aquí. Verifique el estado del registro; reintentar con la misma clave informa lo que se hizo.',
  code: MOVE_IN_PROGRESS,
  extendedCode: null,
});

/** Thrown before a write of a move whose hold this gateway lost (another took it): not sent. */
export class MoveHoldLost extends Error {
  override readonly name = 'MoveHoldLost';
  readonly failure = { outcome: 'UNKNOWN' as const, error: holdLost() };
}

/**
 * Arguments that are not in the request's digest: the key itself, and a bulk's selection (`ids`, `matching`),
 * checked on their own (`sameRequest`): a bulk retried under its key may name some of its items only (the unknown
 * ones again, 'Reintentar fallidos'), each item being its own write under `key/id`; naming an item the move did not
 * have is another request, and so is another `matching`.
 */
const NOT_HASHED = new Set(['idempotencyKey', 'ids', 'matching']);

/** Between the digest of a request's substance and that of its `matching` selection, in `request_hash`. */
const SELECTION_MARK = '~';

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

const digest = (value: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify(canonical(value)))
    .digest('base64url');

/**
 * The request's fingerprint: a digest of the operation and every argument but the key and the selection, then the
 * digest of a `matching` selection when there is one.
 */
export function requestHash(fieldName: string, args: Record<string, unknown>): string {
  const substance = Object.fromEntries(Object.entries(args).filter(([name]) => !NOT_HASHED.has(name)));
  const hash = digest([fieldName, substance]);
  return args.matching == null ? hash : `${hash}${SELECTION_MARK}${digest(args.matching)}`;
}

/**
 * Whether a call is the request its key's move stands for: the same substance; the same `matching` when it names
 * one; items the move had when it names `ids`.
 */
function sameRequest(prior: MoveRecord, hash: string, args: Record<string, unknown>): boolean {
  const [priorSubstance, priorSelection] = (prior.request_hash ?? '').split(SELECTION_MARK);
  const [substance, selection] = hash.split(SELECTION_MARK);
  if (priorSubstance !== substance) return false;
  if (selection !== undefined && selection !== priorSelection) return false;
  const asked = idsOf(args);
  if (!asked) return true;
  const known = new Set(prior.items?.map((item) => item.id) ?? []);
  return asked.every((id) => known.has(id));
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
  /** The answer of a request refused before anything was sent (its key answers it again, or runs it again). */
  unsent?: boolean;
  /** A refusal the resolver threw (input found invalid): thrown again as it was. */
  thrown?: { message: string; extensions: Record<string, unknown> };
  [field: string]: unknown;
}

/**
 * Refusals made before sending that the same request always gets again: its key answers them again. Any other
 * (a read or the store that failed meanwhile) is run again under the key.
 */
const SETTLED_REFUSALS = new Set([
  'INVALID_INPUT',
  'BAD_USER_INPUT',
  'ACTION_NOT_ALLOWED',
  'VERSION_CONFLICT',
  'NOT_FOUND',
  'INVALID_STATE',
  'FORBIDDEN',
  'APPROVAL_REJECTED',
  'APPROVAL_EXPIRED',
]);

/** An unsent refusal's answer: the payload's, or a thrown refusal's message and extensions. */
function unsentAnswer(value: unknown, failure: unknown): StoredAnswer {
  if (!failure) return { ...(replayable(value) as StoredAnswer), unsent: true };
  const error = unwrapResolverError(failure);
  const message = error instanceof Error ? error.message : String(error);
  const extensions = error instanceof GraphQLError ? { ...error.extensions } : {};
  return { outcome: 'FAILED', unsent: true, thrown: { message, extensions } };
}

/** Whether a stored unsent refusal is answered again (else the request runs again under its key). */
const settledRefusal = (move: MoveRecord): boolean => SETTLED_REFUSALS.has(move.error_code ?? '');

const storedAnswer = (answer: unknown): StoredAnswer =>
  (answer && typeof answer === 'object' ? answer : {}) as StoredAnswer;

/** The ids a bulk call names (null: not a bulk by ids). */
const idsOf = (args: Record<string, unknown>): string[] | null =>
  Array.isArray(args.ids) ? [...new Set(args.ids.map(String))] : null;

/** A stored answer as the field's payload again; a bulk's, for the items asked only, in their order. */
/** The record a replayed answer of a single-record move is about (its document is read again by the area). */
const REPLAYED_RECORD = Symbol('replayed record');

/**
 * The record id of a replayed answer (a retry under a used key answered from the store, without documents), or
 * null: an area's payload resolver reads the record again so a retry shows it as the first answer did.
 */
export const replayedRecord = (payload: unknown): string | null =>
  (payload as { [REPLAYED_RECORD]?: string } | null)?.[REPLAYED_RECORD] ?? null;

function replayed(call: MoveFieldCall, move: MoveRecord): unknown {
  const { unsent: _unsent, thrown, ...stored } = storedAnswer(move.answer);
  if (thrown) throw new GraphQLError(thrown.message, { extensions: thrown.extensions });
  const asked = idsOf(call.args);
  const results =
    asked && stored.results?.length
      ? asked.map((id) => stored.results!.find((item) => String(item.id) === id)!)
      : stored.results;
  // A bulk's answer stored before schema 2.0.0 has no outcome of its own: its items make it (bulkPayload).
  const bulk = results && stored.outcome === undefined ? bulkPayload(results) : {};
  const record = !results && move.target_ids?.length === 1 ? { [REPLAYED_RECORD]: move.target_ids[0] } : {};
  return {
    ...requiredEmpties(call.returnType),
    ...bulk,
    ...stored,
    ...(results ? { results } : {}),
    ...record,
  };
}

const isFinal = (result: string) => result === 'success' || result === 'failed';

/**
 * Whether a retry gets the stored answer as it is: the move is done and every item asked (every item, for a
 * retry by `matching`) ended SUCCESS or FAILED. Otherwise the move is taken and what is unknown is sent again.
 */
function answersAgain(move: MoveRecord, asked: string[] | null): boolean {
  if (move.state !== 'done' || move.answer == null) return false;
  const answer = storedAnswer(move.answer);
  // A move that ended SUCCESS without sending anything (an approval's decision) is final too.
  if (answer.unsent) return move.result === 'success' || settledRefusal(move);
  if (!move.items) return isFinal(move.result);
  const results = new Map(move.items.map((item) => [item.id, item.result]));
  // A bulk refused as a whole (no item's own answer) answers that refusal again.
  if (!answer.results?.length) return isFinal(move.result);
  const stored = new Set(answer.results.map((item) => String(item.id)));
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
  const key = rawKey && isIdempotencyKey(rawKey) ? rawKey : null;
  const hash = requestHash(call.fieldName, args);
  if (!key) return runMove(new FieldMove(call, null, hash, null, null), mark);

  // With a key, the intent is stored while the resolver reads (its first write waits for it), in one statement that
  // also finds the operator's earlier move under that key. A move that sends nothing in the end (a refusal) stays as
  // the key's answer.
  const stored: Promise<Begun> = journal.begin(intentOf(call, key, hash, idsOf(args))).then(
    (attempt) => attempt,
    (error: unknown) => ({ failed: error }),
  );
  const first = new FieldMove(call, key, hash, null, stored);
  const running = settled(() => inMove(call.slot, first, call.resolve));
  const attempt = await stored;
  if ('overQuota' in attempt) {
    await running;
    mark('unsent');
    return failurePayload(call, 'FAILED', moveQuotaError(journal.maxMovesPerOperatorPerDay ?? 0));
  }
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
  if (!sameRequest(prior, hash, args)) {
    mark('unsent');
    return failurePayload(call, 'FAILED', keyReused());
  }
  if (prior.result === PENDING_APPROVAL_RESULT) {
    const held = await heldAnswer(call, key, prior);
    if (held.answer !== undefined) {
      mark('replayed');
      return held.answer;
    }
  } else if (answersAgain(prior, asked)) {
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
  return runMove(new FieldMove(call, key, hash, taken, null, { generation: taken.generation }), mark);
}

/** A move row's result while its approval request waits. */
export const PENDING_APPROVAL_RESULT = 'pending_approval';

/**
 * A retry of a held move: its request still PENDING answers PENDING_APPROVAL again; REJECTED or EXPIRED answers that
 * refusal (the decision completes the move's row too, so this is for a row that completion missed); APPROVED (not
 * sent yet) runs the move now, under its key: whoever takes its row first sends it, once.
 */
async function heldAnswer(
  call: MoveFieldCall,
  key: string,
  prior: MoveRecord,
): Promise<{ answer?: unknown }> {
  let request: ApprovalRow | null = null;
  try {
    request = (await call.approvals?.byKey(prior.namespace ?? '', call.username, key)) ?? null;
  } catch {
    return { answer: failurePayload(call, 'FAILED', notRecorded()) };
  }
  if (!request) return { answer: failurePayload(call, 'FAILED', notRecorded()) };
  if (request.status === 'PENDING')
    return {
      answer: heldPayload(
        call,
        request,
        prior.items?.map((i) => i.id),
      ),
    };
  if (request.status === 'REJECTED')
    return { answer: failurePayload(call, 'FAILED', approvalRejected(request)) };
  if (request.status === 'EXPIRED') return { answer: failurePayload(call, 'FAILED', approvalExpired()) };
  return {};
}

export const approvalRejected = (
  request: Pick<ApprovalRow, 'rejected_by' | 'rejection_reason'>,
): OperationError => ({
  message: `Rechazada por ${request.rejected_by ?? 'otro operador'}: ${request.rejection_reason ?? ''}. No se envió nada.`,
  code: 'APPROVAL_REJECTED',
  extendedCode: null,
});

export const approvalExpired = (): OperationError => ({
  message:
    'Vencida: nadie aprobó la operación a tiempo y no se envió nada. Vuelva a pedirla si todavía corresponde.',
  code: 'APPROVAL_EXPIRED',
  extendedCode: null,
});

/** The answer of a held move: PENDING_APPROVAL with its request, a bulk's every item too; nothing was sent. */
function heldPayload(
  call: MoveFieldCall,
  request: ApprovalRow,
  itemIds?: readonly string[],
  value?: unknown,
): unknown {
  const ids = itemIds ?? idsOf(call.args) ?? [];
  // A bulk's items a rule refused before the hold keep that answer; the others wait with the request.
  const answered = new Map<string, unknown>();
  const ran = (value as { results?: Array<{ id: string; outcome: string }> } | undefined)?.results;
  for (const item of ran ?? []) if (item.outcome !== 'PENDING_APPROVAL') answered.set(String(item.id), item);
  return {
    ...requiredEmpties(call.returnType),
    outcome: 'PENDING_APPROVAL',
    error: null,
    message: heldMessage(call.fieldName),
    approval: request,
    results: ids.map(
      (id) => answered.get(id) ?? { id, outcome: 'PENDING_APPROVAL', error: null, item: null },
    ),
  };
}

/** What storing a keyed move's intent gave: the intent stored, the operator's earlier move, or the store's failure. */
type Begun = JournalBegin | { failed: unknown };

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
  return finishMove(move, await settled(() => inMove(move.call.slot, move, move.call.resolve)), mark);
}

async function finishMove(move: FieldMove, run: Settled, mark: (mark: MoveMark) => void): Promise<unknown> {
  await move.finish(run.value, run.failure);
  mark(move.rowId ? 'recorded' : 'unsent');
  if (move.heldBy && move.rowId) return heldPayload(move.call, move.heldBy, move.itemIds(), run.value);
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
): Omit<MoveIntent, 'lease_until' | 'holder'> {
  return {
    ...call.intent(),
    result: 'pending',
    items: items ? JSON.stringify(items.map((id) => ({ id, result: 'pending' }))) : null,
    idempotency_key: key,
    request_hash: hash,
  };
}

/** The scope of one field's move (scope.ts): the intent written at its first write, items, the fenced hold. */
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
  /** The move taken again (a retry), as it was stored. */
  private readonly taken: MoveRecord | null;
  private progressTimer: NodeJS.Timeout | undefined;
  private holdTimer: NodeJS.Timeout | undefined;
  /** A stored move's items being written before its first write (a resent bulk). */
  private itemsWritten: Promise<void> | null = null;
  /** This gateway's hold on the stored move: its generation, and until when (by this process's clock) it is sure. */
  private fence: MoveFence | null = null;
  private heldUntil = 0;
  /** Another gateway took the move: nothing more is sent for it from here. */
  private lost = false;
  /** The amount the action declared (shared/run-action.ts), weighed by the approval policies before the write's. */
  private declaredCents: bigint | null = null;
  /** The approval policies' answer, asked once at the move's first write (a bulk's writes all wait for it). */
  private gating: Promise<void> | null = null;
  /** The approval request holding this move: nothing of it is sent. */
  heldBy: ApprovalRow | null = null;

  constructor(
    readonly call: MoveFieldCall,
    private readonly key: string | null,
    private readonly hash: string,
    taken: MoveRecord | null,
    /** A keyed move's intent, being stored while the resolver reads (its first write waits for it). */
    private readonly storing: Promise<Begun> | null,
    held: { generation: number } | null = null,
  ) {
    this.rowId = taken?.id ?? null;
    // A move taken again after a refusal that sent nothing is a first send, checked as one, with nothing before it.
    const sentBefore = taken !== null && !storedAnswer(taken.answer).unsent;
    this.resending = sentBefore;
    this.prior = priorItems(sentBefore ? taken : null);
    this.priorAnswer = sentBefore ? storedAnswer(taken.answer) : null;
    this.taken = taken;
    if (sentBefore && taken.items) this.items = new Map(taken.items.map((item) => [item.id, item.result]));
    const asked = idsOf(call.args);
    if (storing && asked) this.items = new Map(asked.map((id) => [id, 'pending']));
    this.storedItems = JSON.stringify(this.itemList());
    if (this.rowId && held) this.holdFrom(held.generation);
  }

  beforeWrite(write?: { body?: unknown }): Promise<void> {
    if (this.heldBy) return Promise.reject(new ApprovalRequired(this.heldBy));
    this.sent = true;
    this.intent ??= this.storing
      ? this.storing.then(async (attempt) => {
          if ('failed' in attempt) throw new MoveNotRecorded(attempt.failed);
          if ('overQuota' in attempt)
            throw new MoveQuotaExceeded(this.call.journal.maxMovesPerOperatorPerDay ?? 0);
          if (!attempt.begun) throw new MoveSuperseded('a retry: the earlier move answers');
          this.rowId = attempt.id;
          this.holdFrom(attempt.generation);
          // A bulk by `matching` learnt its items after its intent was stored: they go first.
          if (JSON.stringify(this.itemList()) !== this.storedItems) await this.writeProgress();
          this.announce();
        })
      : this.rowId
        ? (this.itemsWritten ?? Promise.resolve())
        : this.begin();
    return this.intent.then(() => this.gate(write?.body)).then(() => this.stillHeld());
  }

  weigh(amount: string | null): void {
    this.declaredCents = amount === null ? null : amountOfWrite({ amount });
  }

  /**
   * At the move's first write, the approval policies: a move they hold sends nothing and stores its request (every
   * later write of it, a bulk's next items, is held the same). A move its key's request approved is sent.
   */
  private gate(body: unknown): Promise<void> {
    const gate = this.call.approvals;
    if (!gate || !this.key || !gate.names(this.call.fieldName)) return Promise.resolve();
    this.gating ??= this.decideGate(gate, this.key, body);
    return this.gating.then(() => {
      if (this.heldBy) throw new ApprovalRequired(this.heldBy);
    });
  }

  private async decideGate(gate: ApprovalGate, key: string, body: unknown): Promise<void> {
    const row = this.call.intent();
    const namespace = row.namespace ?? '';
    try {
      if (this.taken && (await gate.byKey(namespace, this.call.username, key))?.status === 'APPROVED') return;
      const move = {
        action: this.call.fieldName,
        namespace,
        username: this.call.username,
        amountCents: this.declaredCents ?? amountOfWrite(body),
      };
      const needed = await gate.weigh(move);
      if (!needed) return;
      const request = await gate.hold({
        ...move,
        maker: this.call.user,
        key,
        hash: this.hash,
        moveId: this.rowId,
        targetIds: row.target_ids ?? [],
        reason: row.reason ?? null,
        area: row.area ?? null,
        permission: row.permission ?? '',
        args: this.call.args,
        approvalsNeeded: needed,
      });
      if (request.status === 'APPROVED') return;
      this.heldBy = request;
    } catch (error) {
      // Without its policies' answer a move is not sent: nothing may pass a rule because the store was away.
      throw new MoveNotRecorded(error);
    }
  }

  /** The ids of a bulk's items (its answer's order). */
  itemIds(): string[] | undefined {
    return this.items ? [...this.items.keys()] : undefined;
  }

  /** Stores the intent of a move without a key, at its first write. */
  private async begin(): Promise<void> {
    const begun = await this.call.journal.begin(intentOf(this.call, this.key, this.hash, null));
    if ('overQuota' in begun) throw new MoveQuotaExceeded(this.call.journal.maxMovesPerOperatorPerDay ?? 0);
    if (!begun.begun) throw new MoveInProgress();
    this.rowId = begun.id;
    this.holdFrom(begun.generation);
    if (this.items) await this.writeProgress();
    this.announce();
  }

  /**
   * Every send checks the hold: sure while this process renewed it within a lease (by its own clock, so a process
   * that was stopped finds its lease run out when it wakes); otherwise renewed first, and a lost hold sends nothing.
   */
  private async stillHeld(): Promise<void> {
    if (!this.lost && Date.now() >= this.heldUntil) await this.writeProgress();
    if (this.lost) throw new MoveHoldLost();
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

  /** Holds the stored move in `generation`, renewed while the move runs (a write's timeout can outlast a lease). */
  private holdFrom(generation: number) {
    const { journal } = this.call;
    this.fence = { holder: journal.holder, generation };
    this.heldUntil = Date.now() + journal.leaseMs / 2;
    if (this.holdTimer) return;
    const every = Math.max(1_000, Math.floor(journal.leaseMs / 3));
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

  /** The items so far and the hold renewed, while this gateway holds the move. */
  private async writeProgress(): Promise<void> {
    if (!this.rowId || !this.fence || this.lost) return;
    const items = this.itemList();
    this.storedItems = JSON.stringify(items);
    const asked = Date.now();
    const hold = await this.call.journal.progress(this.rowId, items, this.fence);
    if (hold === 'lost') this.lost = true;
    else if (hold === 'held')
      this.heldUntil = Math.max(this.heldUntil, asked + this.call.journal.leaseMs / 2);
  }

  /**
   * Writes the outcome of a move that was stored, a keyed refusal's too (its key answers it again). A holder that
   * lost the move still offers its outcome: the store refuses it, and the journal logs it.
   */
  async finish(value: unknown, failure: unknown): Promise<void> {
    clearTimeout(this.progressTimer);
    const attempt = await this.storing;
    if (attempt && !('failed' in attempt) && attempt.begun && !this.rowId) {
      this.rowId = attempt.id;
      this.holdFrom(attempt.generation);
    }
    try {
      if (this.rowId && this.fence) await this.complete(value, failure);
    } finally {
      clearInterval(this.holdTimer);
    }
  }

  private async restore(taken: MoveRecord): Promise<void> {
    await this.call.journal.complete(this.rowId!, restored(taken), this.fence!);
  }

  /** A held move's row: 'pending_approval', its items too, its key answering the request's state (heldAnswer). */
  private async completeHeld(request: ApprovalRow): Promise<void> {
    for (const [id, result] of this.items ?? [])
      if (result === 'pending' || result === 'pending_approval') this.items!.set(id, PENDING_APPROVAL_RESULT);
    await this.call.journal.complete(
      this.rowId!,
      {
        result: PENDING_APPROVAL_RESULT,
        error_code: null,
        items: this.itemList(),
        answer: {
          outcome: 'PENDING_APPROVAL',
          error: null,
          message: heldMessage(this.call.fieldName),
          approval: request.id,
          unsent: true,
        },
      },
      this.fence!,
    );
  }

  private async complete(value: unknown, failure: unknown): Promise<void> {
    // A resend refused before it sent anything (the record changed, a selection counted again differs) leaves the
    // move as it was: what its first send did is still unknown, and the next retry checks again.
    if (this.resending && !this.sent && this.taken) return this.restore(this.taken);
    if (this.heldBy) return this.completeHeld(this.heldBy);
    const outcome = this.call.resultOf(value, failure);
    const unsent = !this.sent;
    const answer = unsent
      ? unsentAnswer(value, failure)
      : failure
        ? { outcome: 'UNKNOWN', error: inProgressError(outcome), message: null }
        : (replayable(value) as StoredAnswer);
    for (const item of outcome.items ?? []) this.items?.set(item.id, item.result);
    // A bulk refused as a whole: its items were never sent.
    const refusedWhole = unsent || (outcome.result === 'failed' && answer.outcome === 'FAILED');
    if (refusedWhole)
      for (const [id, result] of this.items ?? []) if (result === 'pending') this.items!.set(id, 'failed');
    const items = this.itemList();
    // A resent bulk that named some items: the others keep their stored answer.
    if (answer.results && this.priorAnswer?.results) {
      const now = new Map(answer.results.map((item) => [String(item.id), item]));
      const kept = this.priorAnswer.results.filter((item) => !now.has(String(item.id)));
      answer.results = [...kept, ...answer.results];
    }
    const result = items
      ? bulkResult(items)
      : outcome.result === 'error'
        ? unsent
          ? 'failed'
          : 'unknown'
        : outcome.result;
    await this.call.journal.complete(
      this.rowId!,
      {
        result,
        error_code: outcome.errorCode,
        items,
        answer,
        // A single record's live event carries its new version when the payload shows it.
        version: failure ? null : versionOf(value),
      },
      this.fence!,
    );
  }
}

/** A taken move's record as it was, its unfinished items unknown (a dead gateway's move may still say pending). */
function restored(taken: MoveRecord) {
  const items = taken.items?.map((item) => ({
    id: item.id,
    result: item.result === 'pending' ? 'unknown' : item.result,
  }));
  const result = items ? bulkResult(items) : taken.result === 'pending' ? 'unknown' : taken.result;
  return {
    result,
    error_code: taken.error_code,
    items: items ?? null,
    answer: taken.answer ?? {
      outcome: 'UNKNOWN',
      error: inProgressError({ result, errorCode: taken.error_code }),
      message: null,
    },
  };
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
