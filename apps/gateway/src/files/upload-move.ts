/**
 * An upload recorded as the money moves are (money/journal.ts, issue 60): its intent is stored before the
 * first byte leaves for the service, its hold renewed while it is forwarded, and its outcome written once the service
 * answered (or refused). An upload is an operator's action that the service may carry out (an import of payments), so
 * none may end up recorded nowhere:
 *
 * - the store cannot take the intent: the upload is refused (STORE_UNAVAILABLE) and nothing is sent;
 * - the store drops before the outcome: the journal keeps it and writes it again (the row stays 'En curso');
 * - the gateway dies while forwarding: the row stays 'pending' until its lease ends, then a gateway closes it as
 *   'Resultado desconocido' (GATEWAY_STOPPED): the operator checks the imports list, whatever the service got.
 */
import type { MoveFence, NewActivity } from '@backoffice/store';
import { requestHash } from '../money/move.js';
import { MOVE_NOT_RECORDED_MESSAGE, type MoveJournal } from '../money/journal.js';
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
   * Writes the outcome before the answer leaves (`status`: the answer's); the journal keeps what the store cannot take
   * yet. Never throws.
   */
  complete(result: UploadResult, errorCode: string | null, status: number): Promise<void>;
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
): Promise<UploadMove> {
  const pending = { ...event, result: 'pending', errorCode: null } as const;
  const { result: _pending, ...row } = moves.intentRow(pending);
  let id: string;
  let fence: MoveFence;
  try {
    const begun = await moves.journal.begin({
      ...row,
      namespace,
      result: 'pending',
      items: null,
      idempotency_key: null,
      request_hash: requestHash(event.operation, substance),
    });
    // Without a key there is no earlier move to find: a stored intent is all `begin` can give.
    if (!begun.begun) throw new Error('an upload has no idempotency key');
    id = begun.id;
    fence = { holder: moves.journal.holder, generation: begun.generation };
  } catch (error) {
    throw new FileRefusal(503, 'STORE_UNAVAILABLE', MOVE_NOT_RECORDED_MESSAGE, null, String(error));
  }
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
    async complete(result, errorCode, status) {
      clearInterval(hold);
      await journal.complete(id, { result, error_code: errorCode, items: null, answer: { status } }, fence);
    },
  };
}
