/**
 * An upload recorded as the money moves are (money/journal.ts): its intent is stored before the
 * first byte leaves for the service, its hold renewed while it is forwarded, and its outcome written once the service
 * answered (or refused). An upload is an operator's action that the service may carry out (an import of payments), so
 * none may end up recorded nowhere:
 *
 * - the store cannot take the intent: the upload is refused (STORE_UNAVAILABLE) and nothing is sent;
 * - the store drops before the outcome: the journal keeps it and writes it again (the row stays 'En curso');
 * - the gateway dies while forwarding: the row stays 'pending' until its lease ends, then a gateway closes it as
 *   'Resultado desconocido' (GATEWAY_STOPPED): the operator checks the imports list, whatever the service got.
 *
 * With the client's idempotency key (the `idempotency-key` header) an upload stands for one request, its fingerprint
 * (its parameters, fields, file name, format, size and the file's SHA-256): the same request again is answered from
 * the record (the service's answer as it was; nothing sent again), another one under the key is refused
 * (IDEMPOTENCY_KEY_REUSED), and one still running is MOVE_IN_PROGRESS. An unknown outcome is answered again as
 * unknown: the import service takes no key, so sending the file again could import it twice.
 */
import type { MoveFence, MoveRecord, NewActivity } from '@backoffice/store';
import { requestHash } from '../money/move.js';
import {
  MOVE_NOT_RECORDED_MESSAGE,
  moveQuotaError,
  type JournalBegin,
  type MoveJournal,
} from '../money/journal.js';
import type { AuditEvent } from '../audit/audit-plugin.js';
import type { Logger } from '../logger.js';
import { FileRefusal } from './refusals.js';

/** What an upload's record needs: the journal, and an audit event's activity row (its area, trace, namespace). */
export interface UploadMoves {
  journal: MoveJournal;
  intentRow: (event: Omit<AuditEvent, 'result'> & { result: 'pending' }) => NewActivity;
}

/** How an upload ended, as its record and audit line say. */
export type UploadResult = 'success' | 'failed' | 'unknown';

/** An upload's stored intent, until its outcome is written. */
export interface UploadMove {
  readonly id: string;
  /**
   * Writes the outcome before the answer leaves (`status` and `body`: the answer's, the body kept for a retry under
   * the key when small); the journal keeps what the store cannot take yet. Never throws.
   */
  complete(result: UploadResult, errorCode: string | null, status: number, body?: unknown): Promise<void>;
}

/** The answer an upload's key gives again: the service's status and answer as they were. */
export interface UploadReplay {
  readonly replay: true;
  status: number;
  body: unknown;
  result: UploadResult;
}

/** The largest answer kept for a retry under the key (an import's answer is a few hundred bytes). */
const MAX_KEPT_ANSWER_BYTES = 64 * 1024;

const keptBody = (body: unknown): unknown => {
  if (body === undefined) return undefined;
  const text = JSON.stringify(body);
  return text !== undefined && Buffer.byteLength(text) <= MAX_KEPT_ANSWER_BYTES ? body : undefined;
};

/** What a used key answers: the earlier upload's answer, or the refusal of another request or one in flight. */
function answerOfKey(existing: MoveRecord, hash: string): UploadReplay {
  if (existing.request_hash !== hash) {
    throw new FileRefusal(
      409,
      'IDEMPOTENCY_KEY_REUSED',
      'La clave de idempotencia ya se usó para otro archivo o con otros datos: no se envió nada. Use una clave nueva para esta subida.',
    );
  }
  const answer = (existing.answer ?? {}) as { status?: unknown; body?: unknown };
  if (existing.state !== 'done' || typeof answer.status !== 'number') {
    throw new FileRefusal(
      409,
      'MOVE_IN_PROGRESS',
      'Resultado desconocido: la subida con esta clave todavía está en curso. Verifique el Historial de importaciones en unos segundos.',
    );
  }
  const result = (
    ['success', 'failed'].includes(existing.result) ? existing.result : 'unknown'
  ) as UploadResult;
  return { replay: true, status: answer.status, body: answer.body ?? {}, result };
}

/**
 * Stores the intent of an upload about to be forwarded (`event`: its audit event, `substance`: what it sends, for the
 * row's request hash) and writes its 'pending' audit line. Throws a FileRefusal (503, nothing sent) when the store
 * cannot take it.
 */
export async function beginUploadMove(
  moves: UploadMoves,
  logger: Logger,
  event: Omit<AuditEvent, 'result' | 'errorCode'>,
  substance: Record<string, unknown>,
  /** The request's test namespace ('' but under the gateway's test profile): its row is that namespace's. */
  namespace = '',
  /** The client's idempotency key (checked), or null. */
  key: string | null = null,
): Promise<UploadMove | UploadReplay> {
  const pending = { ...event, result: 'pending', errorCode: null } as const;
  const { result: _pending, ...row } = moves.intentRow(pending);
  const hash = requestHash(event.operation, substance);
  let begun: JournalBegin;
  try {
    begun = await moves.journal.begin({
      ...row,
      namespace,
      result: 'pending',
      items: null,
      idempotency_key: key,
      request_hash: hash,
    });
  } catch (error) {
    throw new FileRefusal(503, 'STORE_UNAVAILABLE', MOVE_NOT_RECORDED_MESSAGE, null, String(error));
  }
  if ('overQuota' in begun) {
    const { message, code } = moveQuotaError(moves.journal.maxMovesPerOperatorPerDay ?? 0);
    throw new FileRefusal(429, code, message, null, 'moves of the day');
  }
  // Only a key finds an earlier move.
  if (!begun.begun) return answerOfKey(begun.existing, hash);
  const id = begun.id;
  const fence: MoveFence = { holder: moves.journal.holder, generation: begun.generation };
  (logger.audit ?? logger.info)('audit', { ...pending, moveId: id });
  // The hold renewed while the body is forwarded (a large file can take longer than a lease); a lost hold (another
  // gateway closed the move meanwhile) refuses this one's late outcome.
  const journal = moves.journal;
  const hold = setInterval(
    () => void journal.progress(id, null, fence),
    Math.max(1_000, Math.floor(journal.leaseMs / 3)),
  );
  hold.unref();
  return {
    id,
    async complete(result, errorCode, status, body) {
      clearInterval(hold);
      const answer = { status, body: keptBody(body) };
      await journal.complete(id, { result, error_code: errorCode, items: null, answer }, fence);
    },
  };
}
