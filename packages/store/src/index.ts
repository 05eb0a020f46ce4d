/**
 * @backoffice/store: the gateway's own data (the operators' activity and preferences) on PostgreSQL, or on the
 * embedded PostgreSQL (PGlite) when no server is configured. docs/architecture.md, "The store".
 */
import type { Kysely } from 'kysely';
import {
  activityUsers,
  clearNamespace,
  insertActivity,
  purgeActivity,
  queryActivity,
  type ActivityPage,
  type ActivityQuery,
} from './activity.js';
import {
  beginMove,
  claimStaleMoves,
  completeMove,
  discardMove,
  findMove,
  progressMove,
  takeMove,
  type BeginMove,
  type MoveFence,
  type MoveIntent,
  type MoveOutcome,
  type MoveRecord,
  reserveMoves,
} from './moves.js';
import { liveStore, LocalLiveHub, type LiveStore } from './live.js';
import {
  addDailyAmount,
  approvalEvent,
  claimDispatch,
  createApproval,
  decideApproval,
  expireApprovals,
  findApproval,
  findApprovalByKey,
  finishDispatch,
  listApprovals,
  type ApprovalQuery,
  type ApprovalRow,
  type Decision,
  type NewApproval,
} from './approvals.js';
import {
  addApprovalPolicy,
  findApprovalPolicy,
  listApprovalPolicies,
  readDailyAmount,
  removeApprovalPolicy,
  type ApprovalPolicyRow,
  type NewApprovalPolicy,
} from './approval-policies.js';
import {
  purgeChained,
  readChain,
  sealActivity,
  writeDigests,
  type ChainDigest,
  type ChainEntry,
  type SealOptions,
  type SealResult,
} from './chain.js';
import { verifyActivity, type VerifyOptions, type VerifyReport } from './verify.js';
import { openDatabase, type StoreOptions } from './open.js';
import {
  mergePreference,
  readPreferences,
  readStoredPreferences,
  writePreference,
  type Preference,
  type PreferenceRead,
  type PreferenceEntries,
  type PreferenceMerge,
  type PreferenceLimits,
  type PreferenceWrite,
  type StoredPreference,
} from './preferences.js';
import type { Database, NewActivity } from './schema.js';

export * from './activity.js';
export * from './moves.js';
export * from './approvals.js';
export * from './approval-policies.js';
export * from './live.js';
export * from './chain.js';
export * from './verify.js';
export * from './preferences.js';
export { LOCK_FILE, lockDataDir, StoreFolderHeldError, type DataDirLock } from './data-dir-lock.js';
export { isMemoryDataDir } from './embedded-template.js';
export { migrate, openDatabase, type OpenedDatabase, type StoreOptions } from './open.js';
export { MIGRATION_NAMES } from './migrations.js';
export { createScratchDatabase, testsEmbeddedStore, type ScratchDatabase } from './scratch-database.js';
export type { ActivityRow, Database, MoveState, NewActivity } from './schema.js';

/** The approval requests' statements (approvals.ts), bound to the store's database. */
export interface ApprovalStore {
  create(request: NewApproval): Promise<{ created: boolean; row: ApprovalRow }>;
  find(id: string, namespace: string): Promise<ApprovalRow | null>;
  findByKey(namespace: string, maker: string, key: string): Promise<ApprovalRow | null>;
  list(query: ApprovalQuery): Promise<{ rows: ApprovalRow[]; total: number }>;
  decide(id: string, namespace: string, decision: Decision, now: Date): Promise<ApprovalRow | null>;
  claimDispatch(options: Parameters<typeof claimDispatch>[1]): Promise<ApprovalRow[]>;
  finishDispatch(
    id: string,
    holder: string,
    outcome: { outcome: string; error: unknown },
    at: Date,
  ): Promise<boolean>;
  expire(now: Date, limit: number): Promise<ApprovalRow[]>;
  addDailyAmount(entry: Parameters<typeof addDailyAmount>[1]): Promise<boolean>;
  /** The maker's total of an action on a day so far, in cents (what a daily bound weighs). */
  dailyAmount(entry: Parameters<typeof readDailyAmount>[1]): Promise<bigint>;
  /** The rules admins added (approval-policies.ts): in force, one namespace's or every one's. */
  policies(namespace?: string): Promise<ApprovalPolicyRow[]>;
  findPolicy(id: string, namespace: string): Promise<ApprovalPolicyRow | null>;
  addPolicy(rule: NewApprovalPolicy): Promise<{ created: boolean; row: ApprovalPolicyRow }>;
  removePolicy(removal: Parameters<typeof removeApprovalPolicy>[1]): Promise<ApprovalPolicyRow | null>;
  /** A live event of the 'approvals' area naming the request: its id. */
  event(namespace: string, requestId: string): Promise<string | null>;
}

export interface Store {
  readonly kind: 'postgres' | 'embedded';
  readonly db: Kysely<Database>;
  insertActivity(rows: readonly NewActivity[]): Promise<void>;
  queryActivity(request: ActivityQuery): Promise<ActivityPage>;
  activityUsers(request: { prefix?: string | null; limit: number; namespace?: string }): Promise<string[]>;
  /**
   * Deletes the events older than `before`; with the chain's secret, as the chain allows (chain.ts `purgeChained`:
   * a chain's start, a signed anchor where it now starts).
   */
  purgeActivity(before: Date, chainSecret?: string): Promise<number>;
  /** The chain (chain.ts): final rows sealed, the heads' signed digests, a namespace's entries for an export. */
  sealActivity(secret: string, options?: SealOptions): Promise<SealResult>;
  writeDigests(secret: string, at?: Date): Promise<ChainDigest[]>;
  readChain(request: { namespace: string; afterSeq: string; limit: number }): Promise<ChainEntry[]>;
  /** The whole store's chain verified (verify.ts). */
  verifyActivity(options: VerifyOptions): Promise<VerifyReport>;
  /** Every row (activity, preferences) of one test namespace deleted: its reset (the gateway's test profile). */
  clearNamespace(namespace: string): Promise<{ activity: number; preferences: number }>;
  /**
   * Money moves (moves.ts): the intent before the first write, its progress and outcome, recovery. A key is the
   * operator's own in its namespace ('' when not given, the normal case; an intent's is its `namespace`).
   */
  findMove(username: string, key: string, namespace?: string): Promise<MoveRecord | null>;
  beginMove(intent: MoveIntent): Promise<BeginMove>;
  /** Up to `block` of an operator's moves of the day within `max`: how many were granted (moves.ts). */
  reserveMoves(entry: {
    namespace: string;
    username: string;
    day: string;
    block: number;
    max: number;
  }): Promise<number>;
  progressMove(
    id: string,
    items: ReadonlyArray<{ id: string; result: string }> | null,
    leaseUntil: Date,
    fence?: MoveFence,
  ): Promise<boolean>;
  /**
   * The outcome, and its live events (live.ts): the last event's id, or null. With a fence, written only while its
   * holder holds the move (MoveFencedOut otherwise).
   */
  completeMove(id: string, outcome: MoveOutcome, at: Date, fence?: MoveFence): Promise<string | null>;
  claimStaleMoves(
    now: Date,
    leaseUntil: Date,
    limit: number,
    only?: { username: string; key: string; namespace?: string },
    holder?: string,
  ): Promise<MoveRecord[]>;
  takeMove(id: string, now: Date, leaseUntil: Date, holder?: string): Promise<MoveRecord | null>;
  discardMove(id: string): Promise<void>;
  /** Approval requests of held moves (approvals.ts). */
  approvals: ApprovalStore;
  /**
   * An operator's preferences; with `prefix`, only the keys that start with it. Each preference call takes the
   * test namespace last ('' when not given, the normal case).
   */
  readPreferences(username: string, prefix?: string | null, namespace?: string): Promise<Preference[]>;
  /** The same, each value as its stored JSON text, unparsed (or left out: `values: false`). */
  readStoredPreferences(username: string, read?: PreferenceRead): Promise<StoredPreference[]>;
  /** Within `limits` (DEFAULT_PREFERENCE_LIMITS when not given): past them nothing is written. */
  writePreference(
    username: string,
    key: string,
    value: unknown,
    limits?: PreferenceLimits,
    namespace?: string,
  ): Promise<PreferenceWrite>;
  /**
   * Sets or removes some entries of one preference (null removes one), keeping its others, within `limits` and
   * `maxValueBytes` for the merged value; answers the value it now holds.
   */
  mergePreference(
    username: string,
    key: string,
    entries: PreferenceEntries,
    limits?: PreferenceLimits,
    maxValueBytes?: number,
    namespace?: string,
  ): Promise<PreferenceMerge>;
  /** Live events and presence across replicas (live.ts). */
  readonly live: LiveStore;
  close(): Promise<void>;
}

/** Opens the store and brings its schema up to date (see `openDatabase`). */
export async function openStore(options: StoreOptions = {}): Promise<Store> {
  const { db, kind } = await openDatabase(options);
  // The embedded store is this process's alone: its live events are told here, not notified by the server.
  const hub = kind === 'embedded' ? new LocalLiveHub() : null;
  let closed: Promise<void> | null = null;
  return {
    kind,
    db,
    insertActivity: (rows) => insertActivity(db, rows),
    queryActivity: (request) => queryActivity(db, request),
    activityUsers: (request) => activityUsers(db, request),
    purgeActivity: (before, chainSecret) =>
      chainSecret ? purgeChained(db, chainSecret, before) : purgeActivity(db, before),
    sealActivity: (secret, options) => sealActivity(db, secret, options),
    writeDigests: (secret, at) => writeDigests(db, secret, at),
    readChain: (request) => readChain(db, request),
    verifyActivity: (options) => verifyActivity(db, options),
    clearNamespace: (namespace) => clearNamespace(db, namespace),
    findMove: (username, key, namespace = '') => findMove(db, username, key, namespace),
    beginMove: (intent) => beginMove(db, intent),
    reserveMoves: (entry) => reserveMoves(db, entry),
    progressMove: (id, items, leaseUntil, fence) => progressMove(db, id, items, leaseUntil, fence),
    completeMove: async (id, outcome, at, fence) => {
      const eventId = await completeMove(db, id, outcome, at, hub === null, fence);
      if (eventId && hub) hub.event(eventId);
      return eventId;
    },
    claimStaleMoves: (now, leaseUntil, limit, only, holder) =>
      claimStaleMoves(db, now, leaseUntil, limit, only, holder),
    takeMove: (id, now, leaseUntil, holder) => takeMove(db, id, now, leaseUntil, holder),
    discardMove: (id) => discardMove(db, id),
    approvals: {
      create: (request) => createApproval(db, request),
      find: (id, namespace) => findApproval(db, id, namespace),
      findByKey: (namespace, maker, key) => findApprovalByKey(db, namespace, maker, key),
      list: (query) => listApprovals(db, query),
      decide: (id, namespace, decision, now) => decideApproval(db, id, namespace, decision, now),
      claimDispatch: (options) => claimDispatch(db, options),
      finishDispatch: (id, holder, outcome, at) => finishDispatch(db, id, holder, outcome, at),
      expire: (now, limit) => expireApprovals(db, now, limit),
      addDailyAmount: (entry) => addDailyAmount(db, entry),
      dailyAmount: (entry) => readDailyAmount(db, entry),
      policies: (namespace) => listApprovalPolicies(db, namespace),
      findPolicy: (id, namespace) => findApprovalPolicy(db, id, namespace),
      addPolicy: (rule) => addApprovalPolicy(db, rule),
      removePolicy: (removal) => removeApprovalPolicy(db, removal),
      event: async (namespace, requestId) => {
        const eventId = await approvalEvent(db, namespace, requestId, hub === null);
        if (eventId && hub) hub.event(eventId);
        return eventId;
      },
    },
    readPreferences: (username, prefix, namespace) => readPreferences(db, username, prefix, namespace),
    readStoredPreferences: (username, read) => readStoredPreferences(db, username, read),
    writePreference: (username, key, value, limits, namespace) =>
      writePreference(db, username, key, value, limits, namespace),
    mergePreference: (username, key, entries, limits, maxValueBytes, namespace) =>
      mergePreference(db, username, key, entries, limits, maxValueBytes, namespace),
    live: liveStore(db, hub ? { hub } : { databaseUrl: options.databaseUrl! }),
    close: () => (closed ??= db.destroy()),
  };
}
