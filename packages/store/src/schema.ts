/** The store's tables, as Kysely sees them (the migrations in `migrations.ts` create them). */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

export interface ActivityTable {
  id: Generated<string>;
  /** The test namespace of the request that wrote it (the gateway's test profile only); '' otherwise. */
  namespace: ColumnType<string, string | undefined, never>;
  /** When the gateway answered the mutation. */
  at: ColumnType<Date, Date | string, never>;
  username: string | null;
  permission: string | null;
  /** The gateway module of the mutation ('payments', 'withdrawals'…): the screen's "área". */
  area: string | null;
  operation: string;
  operation_name: string | null;
  target_ids: string[];
  /** How many distinct ids the action named (target_ids holds the first ones); null on older rows: all are kept. */
  target_count: ColumnType<number | null, number | null | undefined, never>;
  /** allowed | denied | success | failed | unknown | error (the audit event's result). */
  result: string;
  error_code: string | null;
  reason: string | null;
  /** A bulk's per-item results, as JSON text. */
  items: ColumnType<unknown, string | null, string | null>;
  request_id: string;
  trace_id: string | null;
  /** 'pending' while a money move's intent waits for its outcome (moves.ts), 'done' after; null: written after the fact. */
  state: ColumnType<MoveState | null, MoveState | null | undefined, MoveState | null>;
  /** The operator's idempotency key of the move (unique per operator), null when it sent none. */
  idempotency_key: ColumnType<string | null, string | null | undefined, never>;
  /** A digest of the operation and its arguments but the key: a retry must send the same. */
  request_hash: ColumnType<string | null, string | null | undefined, never>;
  /** What a retry with the same key answers (the payload without its documents), as JSON text. */
  answer: ColumnType<unknown, string | null | undefined, string | null>;
  /** Until when the gateway that wrote the intent holds it; past it, another completes it (recovery). */
  lease_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  completed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The gateway process holding a pending move (its replica id); null on rows written after the fact. */
  holder: ColumnType<string | null, string | null | undefined, string | null>;
  /** Raised each time the move is taken by another holder: a holder's writes must name the generation it holds. */
  generation: ColumnType<number, number | undefined, number>;
  /** The client's address the request came from (the gateway's peer); null on rows stored before it. */
  origin: ColumnType<string | null, string | null | undefined, never>;
  /** The gateway's keyed digest of the row as written (chain.ts `stampActivity`): a row without it was not. */
  stamp: ColumnType<string | null, string | null | undefined, never>;
}

export type MoveState = 'pending' | 'done';

export interface PreferenceTable {
  /** As the activity's: '' but in a test namespace. */
  namespace: ColumnType<string, string | undefined, never>;
  username: string;
  key: string;
  /** The value's JSON text as written (`json`, not `jsonb`: numbers kept as written). */
  value: ColumnType<unknown, string, string>;
  /** The UTF-8 bytes of the value's JSON as written and stored (what the per-operator bound adds up). */
  bytes: ColumnType<number, number | undefined, number>;
  updated_at: ColumnType<Date, Date | string, Date | string>;
}

/** A change pushed to the gateway's live streams (live.ts): kept 5 minutes for reconnects. */
export interface LiveEventTable {
  /** The event id every replica sends (bigserial, in the order the store committed the changes). */
  id: Generated<string>;
  at: ColumnType<Date, Date | string | undefined, never>;
  namespace: ColumnType<string, string | undefined, never>;
  /** The gateway module's area, as the activity's. */
  area: string;
  /** The record ids the change touched (at most 500). */
  ids: string[];
  /** The record's new version when the gateway knew it. */
  version: string | null;
}

/** A final activity row's place in its namespace's chain (chain.ts): one per row and generation sealed. */
export interface ActivitySealTable {
  namespace: string;
  /** 1, 2, 3… in each namespace, in the order the sealer chained the rows. */
  seq: ColumnType<string, string | number, never>;
  activity_id: ColumnType<string, string | number, never>;
  generation: number;
  /** SHA-256 of the row's canonical content (hex). */
  hash: string;
  /** HMAC-SHA256 of the previous link and this entry (hex). */
  link: string;
  sealed_at: ColumnType<Date, Date | string | undefined, never>;
}

/** A chain's signed head: hourly (`digest`, also logged) or where a purge cut its start (`purge`). */
export interface ActivityDigestTable {
  id: Generated<string>;
  namespace: string;
  kind: 'digest' | 'purge';
  seq: ColumnType<string, string | number, never>;
  activity_id: ColumnType<string, string | number, never>;
  link: string;
  at: ColumnType<Date, Date | string, never>;
  signature: string;
}

/** A final row the sealer found without a valid stamp: left out of the chain (written by hand). */
export interface ActivityRejectedTable {
  activity_id: ColumnType<string, string | number, never>;
  namespace: string;
  seen_at: ColumnType<Date, Date | string | undefined, never>;
}

/** Where the sealer stands (one row, id 1). */
export interface ActivityChainStateTable {
  id: number;
  /** Every row up to this id is sealed or rejected (or waits as a retaken move). */
  frontier: ColumnType<string, string | number, string | number>;
  /** The highest id seen at `seen_at`: the frontier passes it only once its writers are surely done. */
  seen_max_id: ColumnType<string, string | number, string | number>;
  seen_at: ColumnType<Date, Date | string, Date | string>;
  /** Rows up to this id were stored before the chain (no stamp): chained as they are. */
  legacy_max_id: ColumnType<string, string | number, string | number>;
}

/** Each operator's count of money moves stored per day (moves.ts `beginMove`'s quota). */
export interface MoveDailyTable {
  namespace: string;
  username: string;
  day: ColumnType<string, string, string>;
  moves: number;
}

export interface Database {
  move_daily: MoveDailyTable;
  activity: ActivityTable;
  preference: PreferenceTable;
  live_event: LiveEventTable;
  activity_seal: ActivitySealTable;
  activity_digest: ActivityDigestTable;
  activity_rejected: ActivityRejectedTable;
  activity_chain_state: ActivityChainStateTable;
}

export type ActivityRow = Selectable<ActivityTable>;
export type NewActivity = Insertable<ActivityTable>;
