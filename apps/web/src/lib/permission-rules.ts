import type { Permission } from './gql/graphql';

/**
 * The permission rules without React (lib/permissions.ts re-exports them with the session's context): the start-up
 * reads them before React has loaded (app/first-request.ts).
 */
export type { Permission };

/** True when `required` is empty or the user holds at least one of its permissions (spec 000 §2). */
export function hasAny(held: readonly string[], required: readonly string[] | undefined): boolean {
  if (!required || required.length === 0) return true;
  return required.some((permission) => held.includes(permission));
}

/** True when the user holds every one of `required` (e.g. export history needs EXPORT_SHOW and EXPORT_SEARCH). */
export function hasAll(held: readonly string[], required: readonly string[] | undefined): boolean {
  if (!required || required.length === 0) return true;
  return required.every((permission) => held.includes(permission));
}

/** A permission requirement: any of `any` (when given) and all of `all` (when given). */
export interface PermissionRule {
  any?: readonly Permission[];
  all?: readonly Permission[];
}

export function satisfies(held: readonly string[], rule: PermissionRule | undefined): boolean {
  if (!rule) return true;
  return hasAny(held, rule.any) && hasAll(held, rule.all);
}

/**
 * The approval permissions: any permission of a money mutation a policy may name, as the gateway's `approvalRequests`
 * asks (its `@auth`; app/__tests__/approvals-route.test.ts holds the two the same). Who holds one may open
 * 'Aprobaciones' (app/routes.ts) and read a record's pending request; the gateway then lists only the requests of
 * actions the operator holds. Nothing about approvals is asked of an operator holding none.
 */
export const APPROVAL_PERMISSIONS: readonly Permission[] = [
  'AFIP_CREATE',
  'AFIP_DELIVER',
  'AFIP_REPROCESS',
  'BATCH_WITHDRAW_REPROCESS',
  'BATCH_WITHDRAW_RE_EXPORT',
  'BIN_CREATE',
  'BIN_UPDATE',
  'BIN_DELETE',
  'DISTRIBUTION_UPDATE',
  'DISTRIBUTION_FORCE',
  'DISTRIBUTION_SCHEDULED_UPDATE',
  'EXPORT_CREATE',
  'IMPORT_REQUEST',
  'NOTIFICATION_SEND',
  'PAYER_CREATE',
  'PAYER_REFERENCE_CREATE',
  'PAYER_REFERENCE_UPDATE',
  'PAYER_REFERENCE_DELETE',
  'PAYMENT_CANCEL',
  'PAYMENT_UPDATE',
  'PAYMENT_CANCEL_OBJECTION',
  'PAYMENT_REFUND',
  'PAYMENT_REVERSE',
  'PAYMENT_UPDATE_GATEWAY',
  'CONCILIATE_BATCH',
  'SOFT_PROVIDER_APPROVE',
  'SOFT_PROVIDER_REJECT',
  'SUBSCRIPTION_CANCEL',
  'SUBSCRIPTION_UPDATE',
  'SUBSCRIPTION_REMOVE_PAYMENT_METHOD',
  'TRANSFER_UPDATE',
  'WITHDRAW_TRANSFER',
  'WITHDRAW_REJECTED',
  'WITHDRAW_RE_EXPORT',
  'WITHDRAWAL_AUTHORIZE',
];
