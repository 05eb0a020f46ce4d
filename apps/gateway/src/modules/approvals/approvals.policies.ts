/**
 * Approval policies admins add in the app (money/approval-policies.ts): proposing a rule, or the removal of one, is a
 * money move the gate always holds (money/approvals.ts `POLICY_CHANGE_ACTIONS`), so the change waits as an approval
 * request, with its permission (APPROVAL_POLICY_UPDATE, an admin's) for another admin to approve; rejection, expiry, the
 * maker's retry and the sending once approved are the requests' own (approvals.decide.ts). The approved request runs
 * the proposal again as its maker: the gate lets it through, and only then is the rule written (once per request).
 */
import type { ApprovalPolicyRow, ApprovalRow, Store } from '@backoffice/store';
import { approvalPolicyErrors, formatMoney, OPERATION_TEXTS } from '@backoffice/validators';
import { badUserInput } from '../../errors.js';
import type { GatewayContext } from '../../gateway-context.js';
import type { ApprovalPolicy, ResolversTypes } from '../../generated/resolvers-types.js';
import { storeUnavailable } from '../../money/journal.js';
import { centsOf, pesosOf, policyActions, type ApprovalRule } from '../../money/approvals.js';
import { checkId, checkIdempotencyKey } from '../../shared/inputs.js';
import { mutationNames } from '../../shared/mutation-permissions.js';
import type { OperationErrorModel as OperationError } from '../../shared/operation-error.js';
import { withStore } from '../../shared/store-call.js';

type Payload = ResolversTypes['ApprovalPolicyChangePayload'];
type Policy = ApprovalPolicy;

/** The id a deployment's rule answers: its place in APPROVAL_POLICIES, from 1. */
const DEPLOYMENT_ID = /^deployment-(\d{1,4})$/;

let actions: string[] | null = null;
/** The money mutations a rule may name: the list APPROVAL_POLICIES is checked against. */
const allowedActions = (): string[] => (actions ??= policyActions(mutationNames()));

/** A rule as `approvalPolicies` answers it: the deployment's N-th. */
export const deploymentPolicy = (rule: ApprovalRule, index: number): Policy => ({
  id: `deployment-${index + 1}`,
  source: 'DEPLOYMENT',
  action: rule.action,
  minAmount: rule.minAmountCents === null ? null : pesosOf(rule.minAmountCents),
  dailyAmount: rule.dailyAmountCents === null ? null : pesosOf(rule.dailyAmountCents),
  approvals: rule.approvals,
  proposedBy: null,
  approvedBy: null,
  addedAt: null,
  requestId: null,
});

/** A rule added in the app, with who proposed and approved it and when. */
export const appPolicy = (row: ApprovalPolicyRow): Policy => ({
  id: row.id,
  source: 'APP',
  action: row.action,
  minAmount: row.min_amount_cents === null ? null : pesosOf(row.min_amount_cents),
  dailyAmount: row.daily_amount_cents === null ? null : pesosOf(row.daily_amount_cents),
  approvals: row.approvals,
  proposedBy: row.proposed_by,
  approvedBy: row.approved_by,
  addedAt: row.added_at.toISOString(),
  requestId: row.request_id,
});

/** `approvalPolicies`: the deployment's rules, then those added in this namespace (read now, not from the cache). */
export async function policiesInForce(ctx: GatewayContext): Promise<Policy[]> {
  const floor = (ctx.money?.approvals?.settings.policies ?? []).map(deploymentPolicy);
  if (!ctx.money?.approvals) return floor;
  const added = await withStore(ctx, (store) => store.approvals.policies(ctx.storeNamespace));
  return [...floor, ...added.map(appPolicy)];
}

const refused = (error: Omit<OperationError, 'extendedCode'>): Payload => ({
  outcome: 'FAILED',
  error: { ...error, extendedCode: null },
  message: null,
  approval: null,
  policy: null,
});

/**
 * Holds the change at the gate (nothing written: ApprovalRequired, answered PENDING_APPROVAL by the pipeline) until
 * its request is approved; then answers that request and the store. A change is never applied without it.
 */
async function approvedRequest(
  ctx: GatewayContext,
  key: string,
): Promise<{ request: ApprovalRow; store: Store }> {
  const move = ctx.moveSlot.current;
  const gate = ctx.money?.approvals;
  if (!move || !gate) throw storeUnavailable();
  await move.beforeWrite({});
  const request = await gate.byKey(ctx.storeNamespace, ctx.user.username, key);
  const store = ctx.store?.current();
  if (!request || request.status !== 'APPROVED' || !store) throw storeUnavailable();
  return { request, store };
}

/** The admin whose approval completed the request. */
const approverOf = (request: ApprovalRow): string => request.approvals.at(-1)?.username ?? '';

/** A rule in words: 'Devolver pago desde $ 1.000.000,00, 2 aprobaciones'. */
export function ruleText(rule: {
  action: string;
  minAmount?: string | null;
  dailyAmount?: string | null;
  approvals: number;
}): string {
  const bounds = [
    rule.minAmount ? `desde ${formatMoney(rule.minAmount)}` : null,
    rule.dailyAmount ? `pasado ${formatMoney(rule.dailyAmount)} por día` : null,
  ].filter(Boolean);
  const approvals = rule.approvals === 1 ? '1 aprobación' : `${rule.approvals} aprobaciones`;
  return `${OPERATION_TEXTS[rule.action] ?? rule.action} ${bounds.length ? bounds.join(' o ') : 'siempre'}, ${approvals}`;
}

export async function proposePolicy(
  ctx: GatewayContext,
  rule: ResolversTypes['ApprovalPolicyInput'],
  rawKey: string,
): Promise<Payload> {
  const key = checkIdempotencyKey(rawKey);
  const approvals = rule.approvals ?? 1;
  const errors = approvalPolicyErrors(
    { action: rule.action, minAmount: rule.minAmount, dailyAmount: rule.dailyAmount, approvals },
    allowedActions(),
  );
  const [field, message] = Object.entries(errors ?? {})[0] ?? [];
  if (field && message) throw badUserInput(message.replace(/^\*/, ''), `rule.${field}`);
  const { request, store } = await approvedRequest(ctx, key);
  const { row } = await store.approvals.addPolicy({
    namespace: ctx.storeNamespace,
    action: rule.action,
    min_amount_cents: rule.minAmount ? centsOf(rule.minAmount) : null,
    daily_amount_cents: rule.dailyAmount ? centsOf(rule.dailyAmount) : null,
    approvals,
    proposed_by: request.maker,
    approved_by: approverOf(request),
    request_id: request.id,
    added_at: new Date(),
  });
  return applied(ctx, 'Regla agregada', row);
}

export async function proposeRemoval(ctx: GatewayContext, rawId: string, rawKey: string): Promise<Payload> {
  const key = checkIdempotencyKey(rawKey);
  if (DEPLOYMENT_ID.test(rawId.trim()))
    return refused({
      message:
        'Las reglas definidas por la instalación (APPROVAL_POLICIES) no se pueden quitar desde la aplicación.',
      code: 'ACTION_NOT_ALLOWED',
    });
  const id = checkId(rawId);
  const current = await withStore(ctx, (store) => store.approvals.findPolicy(id, ctx.storeNamespace));
  if (!current) return refused({ message: `No hay una regla ${id} en vigor.`, code: 'NOT_FOUND' });
  const { request, store } = await approvedRequest(ctx, key);
  const removed = await store.approvals.removePolicy({
    id,
    namespace: ctx.storeNamespace,
    removedBy: approverOf(request),
    requestId: request.id,
    at: new Date(),
  });
  if (!removed)
    return refused({
      message: `La regla ${id} ya no estaba en vigor: no se cambió nada.`,
      code: 'NOT_FOUND',
    });
  return applied(ctx, 'Regla quitada', removed);
}

/** A change written: this replica applies it at once (the others within their refresh), and says it in words. */
async function applied(ctx: GatewayContext, done: string, row: ApprovalPolicyRow): Promise<Payload> {
  await ctx.money?.approvals
    ?.reload()
    .catch((error: unknown) =>
      ctx.logger.warn('approval policies not read again', { requestId: ctx.requestId, error: String(error) }),
    );
  const policy = appPolicy(row);
  return {
    outcome: 'SUCCESS',
    error: null,
    message: `${done}: ${ruleText(policy)}.`,
    approval: null,
    policy,
  };
}
