/**
 * Four eyes on money: a move an approval policy held waits here as a request for other operators' approvals
 * (the gateway's money/approvals). Every change of a request is one conditional statement, so two replicas deciding
 * the same request at once cannot both approve it, and only one replica sends an approved move (`claimDispatch`).
 */
import { sql, type Kysely } from 'kysely';
import { LIVE_CHANNEL, LIVE_EVENT_LOCK } from './live.js';
import type { Database } from './schema.js';

export type ApprovalStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'EXPIRED';

export interface ApprovalDecisionRow {
  username: string;
  at: string;
}

export interface ApprovalRow {
  id: string;
  namespace: string;
  action: string;
  permission: string;
  area: string | null;
  maker: string;
  /** The maker's identity as the gateway authenticated it (the move is sent as the maker). */
  maker_user: unknown;
  idempotency_key: string;
  request_hash: string;
  /** The maker's move row (the activity's), held with result 'pending_approval'. */
  move_id: string | null;
  target_ids: string[];
  amount_cents: string | null;
  arguments: Record<string, unknown>;
  reason: string | null;
  status: ApprovalStatus;
  approvals_needed: number;
  approvals: ApprovalDecisionRow[];
  rejected_by: string | null;
  rejection_reason: string | null;
  created_at: Date;
  expires_at: Date;
  decided_at: Date | null;
  dispatched_at: Date | null;
  /** How the sent move ended: its outcome and error as the maker's retry answers them. */
  move_outcome: { outcome: string; error: unknown } | null;
}

/** A request to store: the row's own fields, but what the store sets (id, status, decisions, sending). */
export interface NewApproval extends Pick<
  ApprovalRow,
  | 'namespace'
  | 'action'
  | 'permission'
  | 'area'
  | 'maker'
  | 'maker_user'
  | 'idempotency_key'
  | 'request_hash'
  | 'move_id'
  | 'target_ids'
  | 'arguments'
  | 'reason'
  | 'approvals_needed'
  | 'created_at'
  | 'expires_at'
> {
  amount_cents: bigint | null;
}

export interface ApprovalQuery {
  namespace: string;
  /** The operator reading: sees requests of actions whose permission it holds, and its own. */
  username: string;
  permissions: readonly string[];
  status?: ApprovalStatus | null;
  area?: string | null;
  /** Only the requests this operator may decide now (the menu's badge). */
  decidable?: boolean;
  /** Only the requests that act on this record (a record's detail shows its pending request). */
  recordId?: string | null;
  page: number;
  pageSize: number;
}

const COLUMNS = sql`id::text as id, namespace, action, permission, area, maker, maker_user, idempotency_key,
  request_hash, move_id::text as move_id, target_ids, amount_cents::text as amount_cents, arguments, reason, status,
  approvals_needed, approvals, rejected_by, rejection_reason, created_at, expires_at, decided_at, dispatched_at,
  move_outcome`;

const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
const date = (value: unknown) => (value == null ? null : new Date(value as string | Date));

function asApproval(row: Record<string, unknown>): ApprovalRow {
  return {
    ...(row as unknown as ApprovalRow),
    maker_user: json(row.maker_user),
    arguments: json(row.arguments) as Record<string, unknown>,
    approvals: json(row.approvals) as ApprovalDecisionRow[],
    move_outcome: json(row.move_outcome) as ApprovalRow['move_outcome'],
    created_at: date(row.created_at)!,
    expires_at: date(row.expires_at)!,
    decided_at: date(row.decided_at),
    dispatched_at: date(row.dispatched_at),
  };
}

/**
 * Stores a held move's request, unless the maker's key already holds one (a concurrent retry): then that one.
 * Answers the request and whether this call stored it.
 */
export async function createApproval(
  db: Kysely<Database>,
  request: NewApproval,
): Promise<{ created: boolean; row: ApprovalRow }> {
  const { rows } = await sql<Record<string, unknown>>`
    insert into approval_request (namespace, action, permission, area, maker, maker_user, idempotency_key,
      request_hash, move_id, target_ids, amount_cents, arguments, reason, status, approvals_needed, created_at,
      expires_at)
    values (${request.namespace}, ${request.action}, ${request.permission}, ${request.area}, ${request.maker},
      ${JSON.stringify(request.maker_user)}::jsonb, ${request.idempotency_key}, ${request.request_hash},
      ${request.move_id}::bigint, ${request.target_ids}::text[],
      ${request.amount_cents === null ? null : request.amount_cents.toString()}::bigint,
      ${JSON.stringify(request.arguments)}::jsonb, ${request.reason}, 'PENDING', ${request.approvals_needed},
      ${request.created_at}, ${request.expires_at})
    on conflict (namespace, maker, idempotency_key) do nothing
    returning ${COLUMNS}`.execute(db);
  if (rows[0]) return { created: true, row: asApproval(rows[0]) };
  const existing = await findApprovalByKey(db, request.namespace, request.maker, request.idempotency_key);
  if (!existing) throw new Error('approval request not stored and none holds its key');
  return { created: false, row: existing };
}

export async function findApproval(
  db: Kysely<Database>,
  id: string,
  namespace: string,
): Promise<ApprovalRow | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  const { rows } = await sql<Record<string, unknown>>`
    select ${COLUMNS} from approval_request where id = ${id}::bigint and namespace = ${namespace}`.execute(
    db,
  );
  return rows[0] ? asApproval(rows[0]) : null;
}

export async function findApprovalByKey(
  db: Kysely<Database>,
  namespace: string,
  maker: string,
  key: string,
): Promise<ApprovalRow | null> {
  const { rows } = await sql<Record<string, unknown>>`
    select ${COLUMNS} from approval_request
    where namespace = ${namespace} and maker = ${maker} and idempotency_key = ${key}`.execute(db);
  return rows[0] ? asApproval(rows[0]) : null;
}

/** The requests an operator may see (its permissions' actions, and its own), newest first, one page. */
export async function listApprovals(
  db: Kysely<Database>,
  query: ApprovalQuery,
): Promise<{ rows: ApprovalRow[]; total: number }> {
  const permissions = [...query.permissions];
  const where = sql`namespace = ${query.namespace}
    and ${
      query.decidable
        ? sql`status = 'PENDING' and maker <> ${query.username} and permission = any(${permissions}::text[])
            and not approvals @> ${JSON.stringify([{ username: query.username }])}::jsonb`
        : sql`(permission = any(${permissions}::text[]) or maker = ${query.username})`
    }
    ${query.status ? sql`and status = ${query.status}` : sql``}
    ${query.area ? sql`and area = ${query.area}` : sql``}
    ${query.recordId ? sql`and target_ids @> array[${query.recordId}]::text[]` : sql``}`;
  const [page, count] = await Promise.all([
    sql<Record<string, unknown>>`select ${COLUMNS} from approval_request where ${where}
      order by id desc limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`.execute(db),
    sql<{ total: number }>`select count(*)::int as total from approval_request where ${where}`.execute(db),
  ]);
  return { rows: page.rows.map(asApproval), total: count.rows[0]?.total ?? 0 };
}

export type Decision =
  { approve: true; approver: string } | { approve: false; approver: string; reason: string };

/**
 * An approver's decision, stored only while the request is PENDING, unexpired, not its maker's and not already
 * approved by this approver: the request as it now is, or null when it was not stored (the caller reads why).
 */
export async function decideApproval(
  db: Kysely<Database>,
  id: string,
  namespace: string,
  decision: Decision,
  now: Date,
): Promise<ApprovalRow | null> {
  const entry = JSON.stringify([{ username: decision.approver, at: now.toISOString() }]);
  const set = decision.approve
    ? sql`approvals = approvals || ${entry}::jsonb,
        status = case when jsonb_array_length(approvals) + 1 >= approvals_needed then 'APPROVED' else 'PENDING' end,
        decided_at = case when jsonb_array_length(approvals) + 1 >= approvals_needed then ${now}::timestamptz end`
    : sql`status = 'REJECTED', decided_at = ${now}, rejected_by = ${decision.approver},
        rejection_reason = ${decision.reason}`;
  const { rows } = await sql<Record<string, unknown>>`
    update approval_request set ${set}
    where id = ${id}::bigint and namespace = ${namespace} and status = 'PENDING' and expires_at > ${now}
      and maker <> ${decision.approver}
      and not approvals @> ${JSON.stringify([{ username: decision.approver }])}::jsonb
    returning ${COLUMNS}`.execute(db);
  return rows[0] ? asApproval(rows[0]) : null;
}

/**
 * Takes the sending of approved requests not sent yet whose last taker's hold ran out (`id`: only that one), at
 * most `limit`: each is then this holder's to send. Concurrent takers never get the same request.
 */
export async function claimDispatch(
  db: Kysely<Database>,
  options: { now: Date; until: Date; holder: string; limit: number; id?: string },
): Promise<ApprovalRow[]> {
  const { rows } = await sql<Record<string, unknown>>`
    update approval_request set dispatch_holder = ${options.holder}, dispatch_until = ${options.until}
    where id in (
      select id from approval_request
      where status = 'APPROVED' and dispatched_at is null
        and (dispatch_until is null or dispatch_until < ${options.now})
        ${options.id ? sql`and id = ${options.id}::bigint` : sql``}
      order by id limit ${options.limit} for update skip locked)
    returning ${COLUMNS}`.execute(db);
  return rows.map(asApproval);
}

/** The sent move's outcome, by the holder that sent it. */
export async function finishDispatch(
  db: Kysely<Database>,
  id: string,
  holder: string,
  outcome: { outcome: string; error: unknown },
  at: Date,
): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    update approval_request set dispatched_at = ${at}, move_outcome = ${JSON.stringify(outcome)}::jsonb,
      dispatch_until = null
    where id = ${id}::bigint and dispatch_holder = ${holder} and dispatched_at is null
    returning id::text as id`.execute(db);
  return rows.length > 0;
}

/** Pending requests past their expiry become EXPIRED (at most `limit`): those. */
export async function expireApprovals(
  db: Kysely<Database>,
  now: Date,
  limit: number,
): Promise<ApprovalRow[]> {
  const { rows } = await sql<Record<string, unknown>>`
    update approval_request set status = 'EXPIRED', decided_at = ${now}
    where id in (
      select id from approval_request where status = 'PENDING' and expires_at <= ${now}
      order by id limit ${limit} for update skip locked)
    returning ${COLUMNS}`.execute(db);
  return rows.map(asApproval);
}

/**
 * Adds `cents` to the maker's total of `action` on `day`, only when it stays within `limitCents`: whether it did
 * (false: the move passes the daily amount and is held; nothing added).
 */
export async function addDailyAmount(
  db: Kysely<Database>,
  entry: {
    namespace: string;
    username: string;
    action: string;
    day: string;
    cents: bigint;
    limitCents: bigint;
  },
): Promise<boolean> {
  if (entry.cents > entry.limitCents) return false;
  const { rows } = await sql<{ total: string }>`
    insert into approval_daily (namespace, username, action, day, total_cents)
    values (${entry.namespace}, ${entry.username}, ${entry.action}, ${entry.day}::date, ${entry.cents.toString()}::bigint)
    on conflict (namespace, username, action, day) do update
      set total_cents = approval_daily.total_cents + excluded.total_cents
      where approval_daily.total_cents + excluded.total_cents <= ${entry.limitCents.toString()}::bigint
    returning total_cents::text as total`.execute(db);
  return rows.length > 0;
}

/**
 * A live event of the 'approvals' area naming the request (the menu's badge and the queue hear it): its id. On a
 * server, taken under the events' lock and notified at commit, as a move's outcome's (moves.ts `completeMove`).
 */
export async function approvalEvent(
  db: Kysely<Database>,
  namespace: string,
  requestId: string,
  server: boolean,
): Promise<string | null> {
  const lock = server ? sql`pg_advisory_xact_lock(${sql.lit(LIVE_EVENT_LOCK)})` : sql`1`;
  const notify = server ? sql`, pg_notify(${LIVE_CHANNEL}, e.id::text)::text as notified` : sql``;
  const { rows } = await sql<{ event_id: string | null }>`
    with ordered as (select ${lock}),
    events as (
      insert into live_event (namespace, area, ids, version)
      select ${namespace}, 'approvals', array[${requestId}]::text[], null from ordered
      returning id
    )
    select e.id::text as event_id${notify} from events e`.execute(db);
  return rows[0]?.event_id ?? null;
}
