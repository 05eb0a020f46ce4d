import type { ApprovalRow } from '@backoffice/store';

/**
 * An approval request as the store keeps it: the parent of ApprovalRequest's fields.
 * @mapper ApprovalRequest
 */
export type ApprovalRequestModel = ApprovalRow;
