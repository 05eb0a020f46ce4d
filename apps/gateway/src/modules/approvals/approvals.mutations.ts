import type { ApprovalRow } from '@backoffice/store';
import type { GraphQLSchema } from 'graphql';
import type { MutationResolvers, ResolversTypes } from '../../generated/resolvers-types.js';
import type { GatewayContext } from '../../gateway-context.js';
import { settleHeldMove } from '../../money/approval-expiry.js';
import { storeUnavailable } from '../../money/journal.js';
import { checkId, checkReasonInput } from '../../shared/inputs.js';
import type { OperationErrorModel as OperationError } from '../../shared/operation-error.js';
import { withStore } from '../../shared/store-call.js';
import { decisionRefusal, maySee, sendApproved } from './approvals.decide.js';
import { proposePolicy, proposeRemoval } from './approvals.policies.js';

type Payload = ResolversTypes['ApprovalPayload'];

const APPROVED_MESSAGE = 'Aprobada: la operación se envió.';
const APPROVAL_ADDED_MESSAGE = 'Aprobación registrada: falta la de otro operador.';
const REJECTED_MESSAGE = 'Rechazada: la operación no se enviará.';
const SENT_LATE_MESSAGE = 'Estaba aprobada y no se había enviado: se envió ahora.';

function journalOf(ctx: GatewayContext) {
  const journal = ctx.money?.journal;
  if (!journal) throw storeUnavailable();
  return journal;
}

/** Approves or rejects; an approval that completes the request sends its move (approvals.decide.ts). */
async function decide(
  ctx: GatewayContext,
  schema: GraphQLSchema,
  rawId: string,
  rejection: string | null,
): Promise<Payload> {
  const id = checkId(rawId);
  const journal = journalOf(ctx);
  return withStore(ctx, async (store) => {
    const row = await store.approvals.find(id, ctx.storeNamespace);
    if (!row || !maySee(row, ctx.user))
      return failed(null, { message: `No existe la solicitud de aprobación ${id}.`, code: 'NOT_FOUND' });
    // An approved request whose sending a stopped replica left undone is sent by the next call of one who could
    // have approved it; any other approved request is already decided: refused below as no longer pending.
    // Only once its approver's replica had a lease to send it: a request approved a moment ago is being sent.
    const abandoned = (row.decided_at?.getTime() ?? Infinity) < Date.now() - journal.leaseMs;
    const unsent = rejection === null && row.status === 'APPROVED' && !row.dispatched_at && abandoned;
    if (unsent && !decisionRefusal({ ...row, status: 'PENDING', approvals: [] }, ctx.user)) {
      if (await sendApproved(ctx, schema, store, journal, row))
        return {
          outcome: 'SUCCESS',
          error: null,
          message: SENT_LATE_MESSAGE,
          request: await reread(ctx, row),
        };
    }
    const refusal = decisionRefusal(row, ctx.user);
    if (refusal) return failed(row, refusal);
    const decided = await store.approvals.decide(
      id,
      ctx.storeNamespace,
      rejection === null
        ? { approve: true, approver: ctx.user.username }
        : { approve: false, approver: ctx.user.username, reason: rejection },
      new Date(),
    );
    if (!decided) {
      const now = (await store.approvals.find(id, ctx.storeNamespace)) ?? row;
      return failed(
        now,
        decisionRefusal(now, ctx.user) ?? { message: 'La solicitud cambió.', code: 'APPROVAL_NOT_PENDING' },
      );
    }
    await store.approvals.event(decided.namespace, decided.id);
    if (decided.status === 'REJECTED') {
      await settleHeldMove(journal, decided).catch((error: unknown) =>
        ctx.logger.warn('held move not settled', { requestId: ctx.requestId, error: String(error) }),
      );
      return { outcome: 'SUCCESS', error: null, message: REJECTED_MESSAGE, request: decided };
    }
    if (decided.status !== 'APPROVED')
      return { outcome: 'SUCCESS', error: null, message: APPROVAL_ADDED_MESSAGE, request: decided };
    await sendApproved(ctx, schema, store, journal, decided);
    return {
      outcome: 'SUCCESS',
      error: null,
      message: APPROVED_MESSAGE,
      request: await reread(ctx, decided),
    };
  });
}

const reread = async (ctx: GatewayContext, row: ApprovalRow): Promise<ApprovalRow> =>
  (await ctx.store?.current()?.approvals.find(row.id, row.namespace)) ?? row;

function failed(row: ApprovalRow | null, error: OperationError): Payload {
  return { outcome: 'FAILED', error: { ...error, extendedCode: null }, message: null, request: row };
}

export const approvalsMutations: MutationResolvers = {
  approveRequest: (_root, { id }, ctx, info) => decide(ctx, info.schema, id, null),
  rejectRequest: (_root, { id, reason }, ctx, info) => decide(ctx, info.schema, id, checkReasonInput(reason)),
  proposeApprovalPolicy: (_root, { rule, idempotencyKey }, ctx) => proposePolicy(ctx, rule, idempotencyKey),
  proposeApprovalPolicyRemoval: (_root, { id, idempotencyKey }, ctx) =>
    proposeRemoval(ctx, id, idempotencyKey),
};
