/**
 * The gateway's side of the money moves in the store (@backoffice/store moves.ts): leases, the outcomes
 * that could not be written yet, and recovery.
 *
 * - A move's intent is held by this gateway for `leaseMs`, renewed while the move runs; a move whose gateway died
 *   keeps its row 'pending' until the lease runs out, then a gateway claims it (`recover`, at start and every
 *   `recoverEveryMs`) and closes it as 'Resultado desconocido' (GATEWAY_STOPPED) for every item without an outcome:
 *   the gateway holds no credential of its own to read the services, and a retry with the same key resends the
 *   write, which the service answers with what it did (docs/decisions.md, "Faults and money moves").
 * - An outcome the store cannot take when the move ends (the store dropped meanwhile) waits in memory, bounded,
 *   and is written again with a backoff; the move stays 'pending' (En curso) meanwhile, its lease renewed, so no other
 *   gateway closes it as unknown. Past the bound the oldest is left to recovery (logged and counted).
 */
import { randomUUID } from 'node:crypto';
import { argentineDay } from '../shared/argentine-day.js';
import {
  MoveFencedOut,
  type BeginMove,
  type MoveFence,
  type MoveIntent,
  type MoveOutcome,
  type MoveRecord,
  type Store,
} from '@backoffice/store';
import { GraphQLError } from 'graphql';
import type { Logger } from '../logger.js';
import { countMoveEvent } from '../telemetry/metrics.js';
import { STORE_UNAVAILABLE_MESSAGE } from '../activity/store-handle.js';

/** The message of a move refused because the store could not take its intent: nothing was sent. */
export const MOVE_NOT_RECORDED_MESSAGE =
  'No se pudo registrar la operación, por eso no se envió: no se realizó ningún cambio. Intente nuevamente en unos minutos.';

/** Thrown before an upstream write whose intent the store did not take: the write is not sent. */
/** Thrown before a write when the operator stored its quota of moves today: nothing stored or sent. */
export class MoveQuotaExceeded extends Error {
  override readonly name = 'MoveQuotaExceeded';
  constructor(readonly max: number) {
    super(`the operator's ${max} moves of the day are stored`);
  }
}

/** What an operator past its daily quota reads (FAILED, nothing sent). */
export const moveQuotaError = (max: number) => ({
  message: `Llegó al máximo de ${max.toLocaleString('es-AR')} operaciones por día: no se registró ni se envió nada. Podrá seguir mañana; si lo necesita hoy, pida a un administrador que lo revise.`,
  code: 'MOVE_LIMIT_REACHED' as const,
  extendedCode: null,
});

export class MoveNotRecorded extends Error {
  override readonly name = 'MoveNotRecorded';
  constructor(cause: unknown) {
    super('move intent not stored: nothing sent', { cause });
  }
}

/** The GraphQL error of a store call that failed (reads of activity and preferences, a key looked up). */
export const storeUnavailable = (): GraphQLError =>
  new GraphQLError(STORE_UNAVAILABLE_MESSAGE, { extensions: { code: 'STORE_UNAVAILABLE' } });

export interface MoveJournalOptions {
  store: () => Store | null;
  logger: Logger;
  /** How long a gateway holds a move it runs without renewing (default 30 s: a write's timeout and more). */
  leaseMs?: number;
  /** Between recoveries (default 15 s). */
  recoverEveryMs?: number;
  /** Most outcomes waiting for the store (default 5 000). */
  maxWaiting?: number;
  /**
   * How long past its lease a move is left to its holder before recovery claims it (default: one lease): a holder
   * that is alive but slow (a store answering late) renews in that time.
   */
  recoverMarginMs?: number;
  /** This gateway process as a holder of moves (default: a new id per journal). */
  holder?: string;
  /**
   * Most moves one operator may store per Argentine day (MOVES_PER_OPERATOR_PER_DAY); past it a new move is refused
   * (MoveQuotaExceeded), nothing stored or sent. Default: no bound.
   */
  maxMovesPerOperatorPerDay?: number;
  now?: () => Date;
}

/** What storing an intent gave: the store's answer, or the operator's moves of the day all taken (nothing stored). */
export type JournalBegin = BeginMove | { begun: false; overQuota: true };

export interface MoveJournal {
  readonly leaseMs: number;
  /** The operator's bound on moves stored per day (none: undefined). */
  readonly maxMovesPerOperatorPerDay: number | undefined;
  /** This gateway as the holder of the moves it begins and takes. */
  readonly holder: string;
  /**
   * Stores an intent, held by this gateway (MoveNotRecorded when the store cannot), or finds the operator's move
   * already under its key in its namespace (the intent carries both).
   */
  begin(intent: Omit<MoveIntent, 'lease_until' | 'holder'>): Promise<JournalBegin>;
  /** Takes a move again to resend it (a retry of an unknown outcome); null when another gateway holds it. */
  take(id: string): Promise<MoveRecord | null>;
  /**
   * A bulk's items so far, and the hold renewed: 'held', 'lost' (another took the move: send nothing more) or
   * 'unknown' (the store did not answer). Never throws (a missed progress is written with the outcome).
   */
  progress(
    id: string,
    items: ReadonlyArray<{ id: string; result: string }> | null,
    fence: MoveFence,
  ): Promise<'held' | 'lost' | 'unknown'>;
  /**
   * Writes a move's outcome while `fence` still holds it (a late outcome of a lost hold is refused and logged);
   * waits at most `waitMs` for the store (default 2 s), then leaves it to the retries in the background. Never throws.
   */
  complete(id: string, outcome: MoveOutcome, fence: MoveFence, waitMs?: number): Promise<void>;
  /** Forgets an intent that sent nothing. Never throws (recovery would close it as unknown otherwise). */
  discard(id: string): Promise<void>;
  /** Closes the moves whose gateway stopped before completing them; how many. */
  recover(): Promise<number>;
  /** Outcomes written again until now (stop): what is still waiting is logged. */
  close(): Promise<void>;
}

/** The error of an item (or a move) whose gateway stopped before it knew the outcome. */
export const GATEWAY_STOPPED = 'GATEWAY_STOPPED';
export const GATEWAY_STOPPED_MESSAGE =
  'Resultado desconocido: el servidor se detuvo durante la operación. Verifique el estado del registro; ' +
  'reintentar con la misma clave informa lo que se hizo.';

const RETRY_DELAYS_MS = [250, 500, 1_000, 2_000, 5_000];

/** What the journal's parts share: the store, the log, the clock and this gateway as a holder. */
interface JournalParts {
  store: () => Store | null;
  logger: Logger;
  holder: string;
  now: () => Date;
  leaseFromNow: () => Date;
}

/** The store, or a throw when it is not open. */
const openStoreOf = (parts: JournalParts): Store => {
  const store = parts.store();
  if (!store) throw new Error('store not open');
  return store;
};

/** The outcome of a holder that lost its move: another holds it now, and what it writes is the record. */
function refusedLate({ logger }: JournalParts, id: string, fence: MoveFence): void {
  countMoveEvent('late_outcome_refused');
  logger.error('late move outcome refused: another gateway holds the move now', {
    moveId: id,
    holder: fence.holder,
    generation: fence.generation,
  });
}

/**
 * The outcomes the store did not take when their moves ended, kept in memory (at most `maxWaiting`, the oldest left to
 * recovery past it) and written again with a backoff, their holds renewed meanwhile.
 */
function waitingOutcomes(parts: JournalParts, maxWaiting: number) {
  const { logger, now, leaseFromNow } = parts;
  /** By move id (insertion order: the oldest first), with their holds. */
  const waiting = new Map<string, { outcome: MoveOutcome; fence: MoveFence }>();
  let retryTimer: NodeJS.Timeout | undefined;
  let attempt = 0;
  let closed = false;

  const writeWaiting = async (): Promise<void> => {
    retryTimer = undefined;
    for (const [id, { outcome, fence }] of [...waiting]) {
      try {
        await openStoreOf(parts).completeMove(id, outcome, now(), fence);
        waiting.delete(id);
        countMoveEvent('completed_late');
      } catch (error) {
        if (!(error instanceof MoveFencedOut)) break;
        waiting.delete(id);
        refusedLate(parts, id, fence);
      }
    }
    if (waiting.size) {
      // Renew the holds of what waits, so that no other gateway closes those moves as unknown meanwhile.
      const store = parts.store();
      if (store) {
        for (const [id, { fence }] of waiting) {
          await store.progressMove(id, null, leaseFromNow(), fence).catch(() => undefined);
        }
      }
      schedule();
    } else {
      attempt = 0;
    }
  };

  function schedule() {
    if (retryTimer || closed || !waiting.size) return;
    const delay = RETRY_DELAYS_MS[Math.min(attempt++, RETRY_DELAYS_MS.length - 1)]!;
    retryTimer = setTimeout(() => void writeWaiting(), delay);
    retryTimer.unref();
  }

  return {
    /** An outcome of a move whose hold is `fence`, to write again later. */
    add(id: string, outcome: MoveOutcome, fence: MoveFence, error: unknown) {
      if (!waiting.has(id) && waiting.size >= maxWaiting) {
        const [oldest] = waiting.keys();
        waiting.delete(oldest!);
        countMoveEvent('completion_dropped');
        logger.error('move outcome not stored: left to recovery', { moveId: oldest, maxWaiting });
      }
      waiting.set(id, { outcome, fence });
      countMoveEvent('completion_waiting');
      if (waiting.size === 1 || attempt === 0) {
        logger.warn('move outcome waits for the store', { moveId: id, error: String(error) });
      }
      schedule();
    },
    /** This gateway's outcome of a move, waiting: the truth, which wins over recovery's "unknown". */
    take(id: string): MoveOutcome | null {
      const mine = waiting.get(id);
      if (mine) waiting.delete(id);
      return mine?.outcome ?? null;
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      if (waiting.size) await writeWaiting();
      if (waiting.size) {
        logger.error('move outcomes not stored at stop: left to recovery', { moves: waiting.size });
      }
    },
  };
}

/** Resolves after `ms` unless `work` settles first; never rejects. */
const within = (work: Promise<unknown>, ms: number) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    timer.unref();
    const settle = () => {
      clearTimeout(timer);
      resolve(true);
    };
    work.then(settle, settle);
  });

/** Closes one move its gateway did not finish: what has no outcome is unknown. */
async function closeAbandoned(parts: JournalParts, store: Store, move: MoveRecord): Promise<void> {
  const { logger, holder, now } = parts;
  const items = move.items?.map((item) => ({
    id: item.id,
    result: item.result === 'pending' ? 'unknown' : item.result,
  }));
  const result = items
    ? items.every((item) => item.result === 'success')
      ? 'success'
      : items.some((item) => item.result === 'unknown')
        ? 'unknown'
        : 'failed'
    : 'unknown';
  const error = { message: GATEWAY_STOPPED_MESSAGE, code: GATEWAY_STOPPED, extendedCode: null };
  const answer = {
    outcome: result.toUpperCase(),
    error: result === 'success' ? null : error,
    message: null,
    ...(items
      ? {
          results: items.map((item) => ({
            id: item.id,
            outcome: item.result.toUpperCase(),
            error: item.result === 'unknown' ? error : null,
          })),
        }
      : {}),
  };
  await store.completeMove(
    move.id,
    { result, error_code: result === 'success' ? null : GATEWAY_STOPPED, items: items ?? null, answer },
    now(),
    { holder, generation: move.generation },
  );
  countMoveEvent('recovered');
  // The outcome's audit line, which the stopped gateway could not write.
  (logger.audit ?? logger.info)('audit', {
    event: 'audit',
    user: move.username,
    permissionUsed: move.permission,
    operation: move.operation,
    operationName: move.operation_name,
    targetIds: move.target_ids,
    reason: move.reason,
    result,
    errorCode: result === 'success' ? null : GATEWAY_STOPPED,
    ...(items ? { items } : {}),
    requestId: move.request_id,
    recovered: true,
  });
}

/**
 * Closes the moves whose holder stopped: pending past their lease and the margin (a holder alive but slow renews
 * within it), claimed by this gateway in their next generation; an outcome of ours still waiting wins.
 */
async function recoverStale(
  parts: JournalParts,
  marginMs: number,
  waiting: ReturnType<typeof waitingOutcomes>,
): Promise<number> {
  const { logger, holder, now, leaseFromNow } = parts;
  const store = parts.store();
  if (!store) return 0;
  let closedMoves = 0;
  try {
    for (;;) {
      const staleBefore = new Date(now().getTime() - marginMs);
      const claimed = await store.claimStaleMoves(staleBefore, leaseFromNow(), 50, undefined, holder);
      for (const move of claimed) {
        const mine = waiting.take(move.id);
        if (mine) await store.completeMove(move.id, mine, now(), { holder, generation: move.generation });
        else await closeAbandoned(parts, store, move);
        closedMoves++;
      }
      if (claimed.length < 50) break;
    }
  } catch (error) {
    logger.warn('move recovery failed', { error: String(error) });
  }
  if (closedMoves) logger.warn('moves of a stopped gateway closed', { moves: closedMoves });
  return closedMoves;
}

/** Moves taken from the store's count at once: the store is asked once a block (a restart forgets at most one). */
const QUOTA_BLOCK = 25;

/**
 * Each operator's moves of the day, counted down here from blocks taken from the store's count (move_daily), so that
 * the bound holds across replicas without a statement per move. One entry per operator with moves today.
 */
function movesQuota(parts: JournalParts, max: number) {
  const left = new Map<string, { day: string; moves: number }>();
  return {
    async take(namespace: string, username: string): Promise<boolean> {
      const day = argentineDay(parts.now());
      const key = `${namespace}\u0000${username}`;
      let entry = left.get(key);
      if (entry?.day !== day) {
        // A new day: yesterday's entries go (the map holds today's operators only).
        if (entry) for (const [other, kept] of left) if (kept.day !== day) left.delete(other);
        entry = { day, moves: 0 };
        left.set(key, entry);
      }
      if (entry.moves === 0) {
        entry.moves = await openStoreOf(parts).reserveMoves({
          namespace,
          username,
          day,
          block: QUOTA_BLOCK,
          max,
        });
        if (entry.moves === 0) return false;
      }
      entry.moves--;
      return true;
    },
    /** A move taken for a call that stored none (a retry): counted back. */
    giveBack(namespace: string, username: string): void {
      const entry = left.get(`${namespace}\u0000${username}`);
      if (entry) entry.moves++;
    },
  };
}

export function createMoveJournal(options: MoveJournalOptions): MoveJournal {
  const { logger } = options;
  const leaseMs = options.leaseMs ?? 30_000;
  const recoverMarginMs = options.recoverMarginMs ?? leaseMs;
  const holder = options.holder ?? randomUUID();
  const now = options.now ?? (() => new Date());
  const parts: JournalParts = {
    store: options.store,
    logger,
    holder,
    now,
    leaseFromNow: () => new Date(now().getTime() + leaseMs),
  };
  const waiting = waitingOutcomes(parts, options.maxWaiting ?? 5_000);
  const quota = options.maxMovesPerOperatorPerDay
    ? movesQuota(parts, options.maxMovesPerOperatorPerDay)
    : null;
  const recover = () => recoverStale(parts, recoverMarginMs, waiting);
  const recoverTimer = setInterval(() => void recover(), options.recoverEveryMs ?? 15_000);
  recoverTimer.unref();

  return {
    leaseMs,
    maxMovesPerOperatorPerDay: options.maxMovesPerOperatorPerDay,
    holder,
    async begin(intent) {
      try {
        const store = openStoreOf(parts);
        const namespace = intent.namespace ?? '';
        const username = intent.username ?? '';
        if (quota && !(await quota.take(namespace, username))) {
          // A retry of a move stored before is no new move: it is answered past the bound too.
          const existing = intent.idempotency_key
            ? await store.findMove(username, intent.idempotency_key, namespace)
            : null;
          return existing ? { begun: false, existing } : { begun: false, overQuota: true };
        }
        const begun = await store.beginMove({ ...intent, holder, lease_until: parts.leaseFromNow() });
        if (begun.begun) countMoveEvent('intent');
        else quota?.giveBack(namespace, username);
        return begun;
      } catch (error) {
        countMoveEvent('intent_refused');
        throw new MoveNotRecorded(error);
      }
    },
    async take(id) {
      try {
        // A pending move is taken from its holder only past its lease and the margin, as recovery would.
        const staleBefore = new Date(now().getTime() - recoverMarginMs);
        return await openStoreOf(parts).takeMove(id, staleBefore, parts.leaseFromNow(), holder);
      } catch {
        throw storeUnavailable();
      }
    },
    async progress(id, items, fence) {
      try {
        if (await openStoreOf(parts).progressMove(id, items, parts.leaseFromNow(), fence)) return 'held';
        countMoveEvent('hold_lost');
        logger.error('move hold lost: another gateway took the move, this one sends nothing more for it', {
          moveId: id,
          holder: fence.holder,
          generation: fence.generation,
        });
        return 'lost';
      } catch (error) {
        logger.warn('move progress not stored', { moveId: id, error: String(error) });
        return 'unknown';
      }
    },
    async complete(id, outcome, fence, waitMs = 2_000) {
      const work = (async () => openStoreOf(parts).completeMove(id, outcome, now(), fence))();
      work.catch((error: unknown) => {
        if (error instanceof MoveFencedOut) refusedLate(parts, id, fence);
        else waiting.add(id, outcome, fence, error);
      });
      await within(work, waitMs);
    },
    async discard(id) {
      try {
        await openStoreOf(parts).discardMove(id);
      } catch (error) {
        logger.warn('unsent move not discarded: recovery closes it', { moveId: id, error: String(error) });
      }
    },
    recover,
    async close() {
      clearInterval(recoverTimer);
      await waiting.close();
    },
  };
}
