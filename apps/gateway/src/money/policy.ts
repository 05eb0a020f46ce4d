import type { NewActivity } from '@backoffice/store';
import type { AuthUser } from '../auth/verify-token.js';
import type { Logger } from '../logger.js';
import type { MoveJournal } from './journal.js';
import type { ApprovalGate } from './approvals.js';

/** What the pipeline reads of a request to describe a move: its operator, ids and store namespace. */
export interface MoveRequest {
  user: AuthUser;
  requestId: string;
  meta: { operationName: string | null };
  storeNamespace: string;
}

/**
 * The money pipeline's parts a request uses (pipeline.ts `createMoneyPolicy`): the journal, and what a field's intent
 * row is. Its own module, so that the request's context can name it without the pipeline.
 */
export interface MoneyPolicy {
  journal: MoveJournal;
  logger: Logger;
  /** The approval policies' gate: null, no move is held. */
  approvals: ApprovalGate | null;
  /** The intent row of a root mutation field about to run (its result left out), or null when it is no move. */
  intentOf(
    fieldName: string,
    args: Record<string, unknown>,
    request: MoveRequest,
  ): (() => Omit<NewActivity, 'result'>) | null;
}
