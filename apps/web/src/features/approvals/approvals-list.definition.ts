import { codeParam } from '@/lib/list/enum-param';
import { combineFilters, statusFilter, type StatusFilters } from '@/lib/list/filter-parts';
import {
  entryHrefOf,
  sortFieldsOf,
  STANDARD_PAGING,
  type LinkedListDefinition,
} from '@/lib/list/list-definition';
import type { ApprovalStatus } from './gql/graphql';

/** Where a request stands, as the operator reads it. */
export const APPROVAL_STATUS_LABELS: Readonly<Record<ApprovalStatus, string>> = {
  PENDING: 'Pendiente',
  APPROVED: 'Aprobada',
  REJECTED: 'Rechazada',
  EXPIRED: 'Vencida',
};

export type ApprovalsFilters = StatusFilters<ApprovalStatus>;

/** The area of the approval requests: the list's, and the live updates' (a request created, decided or expired). */
export const APPROVALS_AREA = 'approvals';

/** The request whose detail is open over the list: `/aprobaciones?solicitud=42` (copied, reloaded: it opens again). */
export const REQUEST_PARAM = 'solicitud';

/**
 * The decision the address asks for as the request opens (`accion=APPROVE` or `REJECT`: the palette's choice), read
 * once and taken out of the address as every detail's `accion` is (components/actions/action-param.ts, ACTION_PARAM):
 * not a dialog parameter of the list, which drops it when it writes its address.
 */
export const DECISION_PARAM = 'accion';

/** The decisions an address may ask for. */
export type RequestDecision = 'APPROVE' | 'REJECT';

/**
 * Aprobaciones (/aprobaciones, session storage `approvals.list`; its route and codec only, so that a record's detail
 * and the palette may link here): `estado` in the URL ('pendiente' by default, 'todos' for every status); newest
 * first, as the gateway answers (it takes no sort). A request's detail opens over the list at its own address
 * (`solicitud`, `requestHref`).
 */
export const approvalsList: LinkedListDefinition<ApprovalsFilters, 'CREATED_AT'> = {
  area: APPROVALS_AREA,
  path: '/aprobaciones',
  dialogParams: [REQUEST_PARAM],
  filters: combineFilters(statusFilter(codeParam(APPROVAL_STATUS_LABELS))),
  defaultFilters: () => ({ status: 'PENDING' }),
  sortFields: sortFieldsOf(['CREATED_AT']),
  defaultSort: { field: 'CREATED_AT', direction: 'DESC' },
  ...STANDARD_PAGING,
};

/** A request's address: its detail open over the list ('Ver solicitud N.º 42'), with a decision's dialog if asked. */
export function requestHref(id: string, decision?: RequestDecision): string {
  const href = entryHrefOf(approvalsList, { [REQUEST_PARAM]: id });
  return decision ? `${href}&${DECISION_PARAM}=${decision}` : href;
}
