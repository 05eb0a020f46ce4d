/**
 * Closing decided requests' held moves, and expiring the undecided: every few seconds each replica marks the pending
 * requests past their expiry EXPIRED (one statement: no two replicas expire the same), closes their held moves with
 * that refusal, and writes the expiry to the activity. A late approval is refused by the decision's own statement.
 */
import type { ApprovalRow, Store } from '@backoffice/store';
import type { Logger } from '../logger.js';
import type { MoveJournal } from './journal.js';
import { approvalExpired, approvalRejected } from './move.js';

/**
 * A rejected or expired request's held move, closed with that refusal: the maker's retry under its key answers it
 * (money/move.ts settles it). A failure here is left to the retry, which reads the request (heldAnswer).
 */
export async function settleHeldMove(journal: MoveJournal, row: ApprovalRow): Promise<void> {
  if (!row.move_id) return;
  const taken = await journal.take(row.move_id);
  if (!taken) return;
  const error = row.status === 'REJECTED' ? approvalRejected(row) : approvalExpired();
  await journal.complete(
    row.move_id,
    {
      result: 'failed',
      error_code: error.code ?? null,
      items:
        taken.items?.map((item) => ({
          id: item.id,
          result: item.result === 'pending_approval' ? 'failed' : item.result,
        })) ?? null,
      answer: { outcome: 'FAILED', error, message: null, unsent: true },
    },
    { holder: journal.holder, generation: taken.generation },
  );
}

/** The activity row of a request that expired: nobody's action, in its area. */
const expiredRow = (row: ApprovalRow) => ({
  at: new Date(),
  namespace: row.namespace,
  username: null,
  permission: row.permission,
  area: row.area,
  operation: 'approvalExpired',
  operation_name: null,
  target_ids: [row.id, ...row.target_ids].slice(0, 10),
  target_count: row.target_ids.length + 1,
  result: 'failed',
  error_code: 'APPROVAL_EXPIRED',
  reason: `Solicitud ${row.id} de ${row.maker} (${row.action}) vencida sin decisión`,
  items: null,
  request_id: `approval-expiry-${row.id}`,
  trace_id: null,
});

export interface ApprovalExpiry {
  /** Expires what is due now (tests); how many. */
  run(): Promise<number>;
  close(): void;
}

export function startApprovalExpiry(options: {
  store: () => Store | null;
  journal: MoveJournal;
  logger: Logger;
  everyMs?: number;
}): ApprovalExpiry {
  const { store, journal, logger } = options;
  let running: Promise<number> | null = null;
  const expireDue = async (): Promise<number> => {
    const open = store();
    if (!open) return 0;
    const expired = await open.approvals.expire(new Date(), 100);
    for (const row of expired) {
      logger.info('approval_expired', {
        event: 'approval_expired',
        approvalId: row.id,
        maker: row.maker,
        action: row.action,
      });
      await settleHeldMove(journal, row).catch((error: unknown) =>
        logger.warn('held move not settled', { approvalId: row.id, error: String(error) }),
      );
      await open
        .insertActivity([expiredRow(row)])
        .catch((error: unknown) =>
          logger.warn('approval expiry not in the activity', { approvalId: row.id, error: String(error) }),
        );
      await open.approvals.event(row.namespace, row.id).catch(() => undefined);
    }
    return expired.length;
  };
  const sweep = () =>
    expireDue()
      .catch((error: unknown) => {
        logger.warn('approval expiry failed', { error: String(error) });
        return 0;
      })
      .finally(() => (running = null));
  // A tick skips while a sweep runs; run() waits for it and sweeps again, since that sweep may have read before what
  // is due now was due.
  const tick = () => void (running ??= sweep());
  const run = async (): Promise<number> => {
    while (running) await running;
    return (running = sweep());
  };
  const timer = setInterval(tick, options.everyMs ?? 5_000);
  timer.unref();
  return { run, close: () => clearInterval(timer) };
}
