import {
  ACTIVITY_RESULT_TEXTS as VALIDATORS_RESULT_TEXTS,
  AREA_TEXTS,
  OPERATION_TEXTS,
  activityErrorText,
  type ActivityResultCode as ValidatorsResultCode,
} from '@backoffice/validators';
import { codeLabel } from './code-label';
import { recordHref } from './record-href';

const LOWER_OPERATION_TEXTS = Object.fromEntries(
  Object.entries(OPERATION_TEXTS).map(([operation, text]) => [operation.toLowerCase(), text]),
);

/** 'Cancelar pago' for cancelPayment; an unknown mutation as its name. */
export const operationLabel = codeLabel(LOWER_OPERATION_TEXTS);

export const areaLabel = codeLabel(AREA_TEXTS);

/** A result of the activity log: the validators' catalogue and a move held for approval (four eyes on money). */
export type ActivityResultCode = ValidatorsResultCode | 'PENDING_APPROVAL';

export const ACTIVITY_RESULT_TEXTS: Readonly<Record<ActivityResultCode, string>> = {
  ...VALIDATORS_RESULT_TEXTS,
  PENDING_APPROVAL: 'Pendiente de aprobación',
};

export { AREA_TEXTS, OPERATION_TEXTS, activityErrorText };

/**
 * The chip colour of a result: a success green, a refusal or error red, an unknown outcome amber, a move held for
 * approval blue (neither).
 */
export const ACTIVITY_RESULT_COLORS: Readonly<
  Record<ActivityResultCode, 'success' | 'error' | 'warning' | 'info' | 'default'>
> = {
  SUCCESS: 'success',
  FAILED: 'error',
  UNKNOWN: 'warning',
  DENIED: 'error',
  ALLOWED: 'default',
  ERROR: 'error',
  PENDING: 'warning',
  PENDING_APPROVAL: 'info',
};

/**
 * The detail route of a record an action named, by the action's area; null when the area has no detail reachable
 * by the id alone (a withdrawal batch needs its collector, a distribution is a dialog of its list).
 */
const DETAIL_ROUTES: Readonly<Record<string, (id: string) => string>> = {
  payments: (id) => recordHref('payment', { id }),
  subscriptions: (id) => recordHref('subscription', { id }),
  payers: (id) => recordHref('payer', { id }),
  imports: (id) => recordHref('import', { id }),
  afip: (id) => recordHref('presentation', { id }),
  bins: (id) => recordHref('bin', { id }),
  notifications: (id) => recordHref('notification', { id }),
};

export function recordRoute(area: string | null | undefined, id: string): string | null {
  const route = area ? DETAIL_ROUTES[area] : undefined;
  return route ? route(id) : null;
}

/**
 * The area (gateway module) whose actions act on the record a detail at `pathname` shows: a record's
 * 'Actividad en el back-office' lists only the actions of its kind, never another area's mutation that happened
 * to name the same id. The detail routes of DETAIL_ROUTES, the batch detail (also reached from /retiros/lotes) and
 * the two lists whose detail is a dialog; null elsewhere.
 */
const RECORD_AREAS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/(retiros\/lotes|lotes\/lotes)(\/|$)/, 'batches'],
  [/^\/pago\//, 'payments'],
  [/^\/suscripcion\//, 'subscriptions'],
  [/^\/pagadores\//, 'payers'],
  [/^\/importacion\//, 'imports'],
  [/^\/afip\//, 'afip'],
  [/^\/bin\//, 'bins'],
  [/^\/notificacion\//, 'notifications'],
  [/^\/(retiros|retirosUnificados)(\/|$)/, 'withdrawals'],
  [/^\/distribucion(\/|$)/, 'distributions'],
];

export function recordAreaOf(pathname: string): string | null {
  return RECORD_AREAS.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
}
