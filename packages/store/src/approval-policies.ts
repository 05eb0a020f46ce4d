/**
 * Approval policies admins add in the app (the gateway's money/approval-policies.ts), on top of the deployment's
 * APPROVAL_POLICIES: a rule is stored by the approved request that proposed it and stays in force until an approved
 * removal marks it removed (kept, not deleted: who added and who removed a rule stays readable). Each write is one
 * conditional statement keyed by its request, so the request's move run again (a retry, another replica) writes
 * nothing more.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

export interface ApprovalPolicyRow {
  id: string;
  namespace: string;
  action: string;
  /** Held from this amount on (cents, as text); null: any amount. */
  min_amount_cents: string | null;
  /** Held past the maker's daily total of the action (cents, as text); null: no daily bound. */
  daily_amount_cents: string | null;
  approvals: number;
  proposed_by: string;
  approved_by: string;
  /** The approval request that added it. */
  request_id: string;
  added_at: Date;
  removed_at: Date | null;
  removed_by: string | null;
}

export interface NewApprovalPolicy {
  namespace: string;
  action: string;
  min_amount_cents: bigint | null;
  daily_amount_cents: bigint | null;
  approvals: number;
  proposed_by: string;
  approved_by: string;
  request_id: string;
  added_at: Date;
}

const COLUMNS = sql`id::text as id, namespace, action, min_amount_cents::text as min_amount_cents,
  daily_amount_cents::text as daily_amount_cents, approvals, proposed_by, approved_by, request_id::text as request_id,
  added_at, removed_at, removed_by`;

const asPolicy = (row: Record<string, unknown>): ApprovalPolicyRow => ({
  ...(row as unknown as ApprovalPolicyRow),
  added_at: new Date(row.added_at as string | Date),
  removed_at: row.removed_at == null ? null : new Date(row.removed_at as string | Date),
});

const cents = (value: bigint | null) => (value === null ? null : value.toString());

/** The rules in force, oldest first: one namespace's, or every namespace's (the gateway's cache reads them all). */
export async function listApprovalPolicies(
  db: Kysely<Database>,
  namespace?: string,
): Promise<ApprovalPolicyRow[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select ${COLUMNS} from approval_policy
    where removed_at is null ${namespace === undefined ? sql`` : sql`and namespace = ${namespace}`}
    order by id`.execute(db);
  return rows.map(asPolicy);
}

/** A rule in force of the namespace, or null (unknown, another namespace's, or removed). */
export async function findApprovalPolicy(
  db: Kysely<Database>,
  id: string,
  namespace: string,
): Promise<ApprovalPolicyRow | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  const { rows } = await sql<Record<string, unknown>>`
    select ${COLUMNS} from approval_policy
    where id = ${id}::bigint and namespace = ${namespace} and removed_at is null`.execute(db);
  return rows[0] ? asPolicy(rows[0]) : null;
}

/** Stores the rule its request adds, once: a second call for the same request answers the rule stored first. */
export async function addApprovalPolicy(
  db: Kysely<Database>,
  rule: NewApprovalPolicy,
): Promise<{ created: boolean; row: ApprovalPolicyRow }> {
  const { rows } = await sql<Record<string, unknown>>`
    insert into approval_policy (namespace, action, min_amount_cents, daily_amount_cents, approvals, proposed_by,
      approved_by, request_id, added_at)
    values (${rule.namespace}, ${rule.action}, ${cents(rule.min_amount_cents)}::bigint,
      ${cents(rule.daily_amount_cents)}::bigint, ${rule.approvals}, ${rule.proposed_by}, ${rule.approved_by},
      ${rule.request_id}::bigint, ${rule.added_at})
    on conflict (request_id) do nothing
    returning ${COLUMNS}`.execute(db);
  if (rows[0]) return { created: true, row: asPolicy(rows[0]) };
  const { rows: stored } = await sql<Record<string, unknown>>`
    select ${COLUMNS} from approval_policy where request_id = ${rule.request_id}::bigint`.execute(db);
  if (!stored[0]) throw new Error('approval policy not stored and none holds its request');
  return { created: false, row: asPolicy(stored[0]) };
}

/**
 * Marks a rule of the namespace removed by its removal's request: the rule as it now is, or null when it is not in
 * force (removed by another request, or unknown). The same request again answers the rule it removed.
 */
export async function removeApprovalPolicy(
  db: Kysely<Database>,
  removal: { id: string; namespace: string; removedBy: string; requestId: string; at: Date },
): Promise<ApprovalPolicyRow | null> {
  if (!/^\d{1,18}$/.test(removal.id)) return null;
  const { rows } = await sql<Record<string, unknown>>`
    update approval_policy
    set removed_at = coalesce(removed_at, ${removal.at}), removed_by = coalesce(removed_by, ${removal.removedBy}),
      removal_request_id = coalesce(removal_request_id, ${removal.requestId}::bigint)
    where id = ${removal.id}::bigint and namespace = ${removal.namespace}
      and (removed_at is null or removal_request_id = ${removal.requestId}::bigint)
    returning ${COLUMNS}`.execute(db);
  return rows[0] ? asPolicy(rows[0]) : null;
}

/** The maker's total of `action` on `day` so far (cents): what a daily bound weighs a move against. */
export async function readDailyAmount(
  db: Kysely<Database>,
  entry: { namespace: string; username: string; action: string; day: string },
): Promise<bigint> {
  const { rows } = await sql<{ total: string }>`
    select total_cents::text as total from approval_daily
    where namespace = ${entry.namespace} and username = ${entry.username} and action = ${entry.action}
      and day = ${entry.day}::date`.execute(db);
  return BigInt(rows[0]?.total ?? '0');
}
