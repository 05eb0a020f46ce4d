/**
 * Deciding an approval request, and sending an approved move: the maker's mutation run again as the maker (its
 * permissions checked again by @auth), under the maker's key, through the money pipeline, which finds the held
 * move's row, sees its request APPROVED and sends it once (money/move.ts). The decision is one conditional statement
 * (packages/store approvals.ts): two approvers deciding the same request at once store one decision each or one
 * APPROVED; whichever replica claims the sending first sends, the others find it claimed.
 */
import type { ApprovalRow, Store } from '@backoffice/store';
import { execute, parse, type GraphQLSchema } from 'graphql';
import type { AuthUser } from '../../auth/verify-token.js';
import type { GatewayContext } from '../../gateway-context.js';
import type { OperationErrorModel as OperationError } from '../../shared/operation-error.js';
import type { MoveJournal } from '../../money/journal.js';

const notPending = (row: ApprovalRow): OperationError => ({
  message:
    row.status === 'PENDING'
      ? 'Ya aprobó esta solicitud: falta la aprobación de otro operador.'
      : `La solicitud ya está ${STATUS_TEXT[row.status]}: no se cambió nada.`,
  code: 'APPROVAL_NOT_PENDING',
  extendedCode: null,
});

const STATUS_TEXT: Record<ApprovalRow['status'], string> = {
  PENDING: 'pendiente',
  APPROVED: 'aprobada',
  REJECTED: 'rechazada',
  EXPIRED: 'vencida',
};

/** Why `user` may not decide `row` (null: may). Checked here for everyone, admins included. */
export function decisionRefusal(row: ApprovalRow, user: AuthUser): OperationError | null {
  if (!user.permissions.includes(row.permission as AuthUser['permissions'][number]))
    return {
      message: `Para decidir esta solicitud hace falta el permiso de la acción (${row.permission}).`,
      code: 'FORBIDDEN',
      extendedCode: null,
    };
  if (row.maker === user.username)
    return {
      message: 'Quien pidió la operación no puede aprobarla ni rechazarla: debe hacerlo otro operador.',
      code: 'SELF_APPROVAL',
      extendedCode: null,
    };
  if (row.status !== 'PENDING' || row.expires_at.getTime() <= Date.now()) return notPending(row);
  if (row.approvals.some((decision) => decision.username === user.username)) return notPending(row);
  return null;
}

/** Whether `user` may see `row`: holds the action's permission, or made it. */
export const maySee = (row: ApprovalRow, user: AuthUser): boolean =>
  row.maker === user.username || user.permissions.includes(row.permission as AuthUser['permissions'][number]);

/** The maker's mutation again, its arguments as variables: answers its outcome and error. */
function moveDocument(schema: GraphQLSchema, action: string) {
  const field = schema.getMutationType()?.getFields()[action];
  if (!field) throw new Error(`no mutation ${action}`);
  const defs = field.args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const args = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  return parse(
    `mutation ApprovedMove${defs ? `(${defs})` : ''} { move: ${action}${args ? `(${args})` : ''} { outcome error { code message } } }`,
  );
}

/**
 * Sends an approved request's move, when this gateway claims its sending (another replica or the maker's retry
 * may have): as the maker, with the approver's token (the maker's expired long ago; the services see who approved),
 * under the maker's key. Its outcome is kept on the request.
 */
export async function sendApproved(
  ctx: GatewayContext,
  schema: GraphQLSchema,
  store: Store,
  journal: MoveJournal,
  row: ApprovalRow,
): Promise<boolean> {
  const now = new Date();
  const [claimed] = await store.approvals.claimDispatch({
    now,
    until: new Date(now.getTime() + journal.leaseMs),
    holder: journal.holder,
    limit: 1,
    id: row.id,
  });
  if (!claimed) return false;
  const maker = { ...(claimed.maker_user as Omit<AuthUser, 'token'>), token: ctx.user.token };
  const makerCtx = ctx.asOperator(maker);
  makerCtx.meta.operationName = 'ApprovedMove';
  const result = await execute({
    schema,
    document: moveDocument(schema, claimed.action),
    variableValues: { ...claimed.arguments, idempotencyKey: claimed.idempotency_key },
    contextValue: makerCtx,
  });
  const payload = (result.data as { move?: { outcome: string; error: unknown } } | null)?.move;
  const outcome = payload
    ? { outcome: payload.outcome, error: payload.error ?? null }
    : {
        outcome: 'FAILED',
        error: { message: result.errors?.[0]?.message ?? 'No se pudo enviar.', code: 'FORBIDDEN' },
      };
  await store.approvals.finishDispatch(claimed.id, journal.holder, outcome, new Date());
  await store.approvals.event(claimed.namespace, claimed.id);
  return true;
}
