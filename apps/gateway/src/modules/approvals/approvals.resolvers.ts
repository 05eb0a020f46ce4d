import type { Resolvers, ResolversTypes } from '../../generated/resolvers-types.js';
import { badUserInput } from '../../errors.js';
import { pesosOf } from '../../money/approvals.js';
import { checkId } from '../../shared/inputs.js';
import { normalizePaging } from '../../shared/paging.js';
import { withStore } from '../../shared/store-call.js';
import { decisionRefusal, maySee } from './approvals.decide.js';
import { approvalsMutations } from './approvals.mutations.js';
import { policiesInForce } from './approvals.policies.js';

const STATUSES = new Set(['PENDING', 'APPROVED', 'REJECTED', 'EXPIRED']);

export const approvalsResolvers: Resolvers = {
  Query: {
    approvalRequests: async (_root, { status, area, decidable, recordId, page, pageSize }, ctx) => {
      if (status && !STATUSES.has(status)) throw badUserInput('Estado desconocido.', 'status');
      const paging = normalizePaging(page, pageSize);
      const { rows, total } = await withStore(ctx, (store) =>
        store.approvals.list({
          namespace: ctx.storeNamespace,
          username: ctx.user.username,
          permissions: ctx.user.permissions,
          status: status ?? null,
          area: area?.trim() || null,
          decidable: decidable === true,
          recordId: recordId == null ? null : checkId(recordId, 'recordId'),
          ...paging,
        }),
      );
      return { rows, total, ...paging, hasNextPage: paging.page * paging.pageSize < total };
    },
    approvalRequest: async (_root, { id }, ctx) => {
      const row = await withStore(ctx, (store) => store.approvals.find(checkId(id), ctx.storeNamespace));
      return row && maySee(row, ctx.user) ? row : null;
    },
    approvalPolicies: (_root, _args, ctx) => policiesInForce(ctx),
  },
  Mutation: approvalsMutations,
  ApprovalRequest: {
    targetIds: (row) => row.target_ids,
    amount: (row) => (row.amount_cents === null ? null : pesosOf(row.amount_cents)),
    approvalsNeeded: (row) => row.approvals_needed,
    rejectedBy: (row) => row.rejected_by,
    rejectionReason: (row) => row.rejection_reason,
    createdAt: (row) => row.created_at.toISOString(),
    expiresAt: (row) => row.expires_at.toISOString(),
    decidedAt: (row) => row.decided_at?.toISOString() ?? null,
    moveOutcome: (row) =>
      (row.move_outcome?.outcome as ResolversTypes['MutationOutcome'] | undefined) ?? null,
    moveError: (row) =>
      (row.move_outcome?.error as ResolversTypes['OperationError'] | null | undefined) ?? null,
    canDecide: (row, _args, ctx) => decisionRefusal(row, ctx.user) === null,
  },
};
