/**
 * The activity's keyed hash chain: a trail that proves itself (docs/operations.md, "The chain").
 *
 * - When the gateway writes a row it stamps it (`stampActivity`): an HMAC of what the row holds at its insert, so a
 *   row written by hand, without the secret, is told from the gateway's.
 * - A row is chained once final (not 'pending'): the sealer (`sealActivity`, run every few seconds by the gateway)
 *   takes the final rows not yet sealed, in id order, and appends each to its namespace's chain in `activity_seal`:
 *   the SHA-256 of its canonical content (`CHAIN_FIELDS`) and a link, HMAC-SHA256 of the previous link and this
 *   entry. It runs under a transaction-level advisory lock, so replicas append one after the other. A move taken
 *   again by a retry (its generation raised) is sealed again once done: a later entry of the same row.
 * - Every hour the head of each chain is written as a signed digest (`writeDigests`) and logged by the gateway, so a
 *   cut at the end (the last rows and their seals removed) is found against the last digest, in the store or in the
 *   log stream. A purge of old rows leaves a signed anchor where the chain now starts.
 * - The money moves' own statements (moves.ts) are untouched: nothing is added to a move's path but the stamp.
 *
 * Keys are per namespace: HMAC(secret, namespace); a test namespace's chain is its own.
 */
import { createHmac, hash, timingSafeEqual } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ActivityRow, Database, NewActivity } from './schema.js';

/** The transaction lock of the sealer, the digests and the purge (any constant of this store's). */
export const CHAIN_LOCK = 6_300_071;
/** The link before the first entry of a chain. */
export const GENESIS_LINK = '0'.repeat(64);

/** A row's canonical content, in this order (JSON array): what a seal's hash covers and an export's `record` holds. */
export const CHAIN_FIELDS: readonly string[] = (
  'id namespace at username permission area operation operation_name target_ids target_count result error_code ' +
  'reason items request_id trace_id state idempotency_key request_hash answer completed_at holder generation origin stamp'
).split(' ');

/** What the gateway writes at a row's insert and nothing changes after: what the stamp covers. */
const STAMP_FIELDS: readonly string[] = (
  'namespace at username permission area operation operation_name target_ids target_count reason request_id ' +
  'trace_id origin'
).split(' ');

/**
 * A row as the chain reads it: instants as microseconds since the epoch and JSON as PostgreSQL's jsonb text, so
 * that the content is the same bytes whatever the backend, the session's time zone or the client's parser.
 */
export type ChainRow = Omit<
  ActivityRow,
  'id' | 'at' | 'items' | 'answer' | 'completed_at' | 'lease_until'
> & {
  id: string;
  /** Microseconds since the epoch, as text (as `completed_at`). */
  at: string;
  completed_at: string | null;
  /** jsonb text (as `answer`). */
  items: string | null;
  answer: string | null;
};

/** The select list of a ChainRow from `activity a`. */
export const CHAIN_CONTENT = sql`a.id::text as id, a.namespace, (extract(epoch from a.at) * 1000000)::bigint::text as at,
  a.username, a.permission, a.area, a.operation, a.operation_name, a.target_ids, a.target_count, a.result,
  a.error_code, a.reason, a.items::text as items, a.request_id, a.trace_id, a.state, a.idempotency_key,
  a.request_hash, a.answer::text as answer,
  (extract(epoch from a.completed_at) * 1000000)::bigint::text as completed_at, a.holder, a.generation, a.origin,
  a.stamp`;

/**
 * A namespace's HMAC key as its two padded blocks (RFC 2104), so each HMAC is two one-shot hashes: `createHmac`
 * costs tens of microseconds a call under OpenSSL 3 (its set-up, not the hashing), which a million rows feel.
 */
export interface ChainKey {
  inner: Uint8Array;
  outer: Uint8Array;
}

const keys = new Map<string, Map<string, ChainKey>>();

/** The namespace's key: HMAC-SHA256(secret, namespace), kept per secret. */
export function chainKey(secret: string, namespace: string): ChainKey {
  let bySecret = keys.get(secret);
  if (!bySecret) keys.set(secret, (bySecret = new Map()));
  let key = bySecret.get(namespace);
  if (!key) {
    const block = Buffer.alloc(64);
    createHmac('sha256', secret).update(`activity-chain\0${namespace}`).digest().copy(block);
    key = { inner: block.map((b) => b ^ 0x36), outer: block.map((b) => b ^ 0x5c) };
    bySecret.set(namespace, key);
  }
  return key;
}

/** HMAC-SHA256 (hex) of `text` under `key`: the same as `createHmac`'s. */
export const hmac = (key: ChainKey, text: string): string =>
  hash(
    'sha256',
    Buffer.concat([key.outer, hash('sha256', Buffer.concat([key.inner, Buffer.from(text)]), 'buffer')]),
    'hex',
  );

/** Equal hex digests, compared in constant time. */
export function sameDigest(a: string | null | undefined, b: string): boolean {
  if (typeof a !== 'string' || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** The canonical text of a row (a JSON array of CHAIN_FIELDS). */
export const canonicalContent = (row: object): string =>
  JSON.stringify(CHAIN_FIELDS.map((field) => (row as Record<string, unknown>)[field] ?? null));

export const contentHash = (row: object): string => hash('sha256', canonicalContent(row), 'hex');

/** An entry's link: the previous link, its place, its row and generation, and the row's content hash. */
export const chainLink = (
  key: ChainKey,
  previous: string,
  entry: { seq: string; activity_id: string; generation: number; hash: string },
): string => hmac(key, `${previous}\n${entry.seq}\n${entry.activity_id}\n${entry.generation}\n${entry.hash}`);

/** The stamp of a row's insert-time values (STAMP_FIELDS, `at` in microseconds). */
export function stampOf(secret: string, row: object): string {
  const values = row as Record<string, unknown>;
  const namespace = (values.namespace as string | undefined) ?? '';
  return hmac(
    chainKey(secret, namespace),
    JSON.stringify([
      'stamp',
      ...STAMP_FIELDS.map((f) => (f === 'namespace' ? namespace : (values[f] ?? null))),
    ]),
  );
}

const micros = (at: Date | string): string => (BigInt(new Date(at).getTime()) * 1000n).toString();

/** The row with the gateway's stamp (its secret's): written so, the sealer chains it. */
export function stampActivity<T extends NewActivity>(secret: string, row: T): T {
  return { ...row, stamp: stampOf(secret, { ...row, at: micros(row.at) }) };
}

/** Whether the sealer chains this row: stamped with the secret, or stored before the chain existed. */
export function writtenByGateway(secret: string, row: ChainRow, legacyMaxId: bigint): boolean {
  if (row.stamp === null) return BigInt(row.id) <= legacyMaxId;
  return sameDigest(row.stamp, stampOf(secret, row));
}

/** A chain's signed head or start: what a digest line of the log carries too. */
export interface ChainDigest {
  namespace: string;
  kind: 'digest' | 'purge';
  seq: string;
  activityId: string;
  link: string;
  /** Milliseconds since the epoch, as text. */
  atMs: string;
  signature: string;
}

export const digestSignature = (secret: string, d: Omit<ChainDigest, 'signature'>): string =>
  hmac(chainKey(secret, d.namespace), `${d.kind}\n${d.seq}\n${d.activityId}\n${d.link}\n${d.atMs}`);

interface ChainState {
  frontier: bigint;
  seenMaxId: bigint;
  seenAgeMs: number;
  legacyMaxId: bigint;
}

async function lockChain(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${sql.lit(CHAIN_LOCK)})`.execute(trx);
}

async function readState(trx: Transaction<Database>): Promise<ChainState> {
  const { rows } = await sql<{
    frontier: string;
    seen_max_id: string;
    age_ms: number;
    legacy_max_id: string;
  }>`
    select frontier::text, seen_max_id::text, legacy_max_id::text,
      (extract(epoch from now() - seen_at) * 1000)::float8 as age_ms
    from activity_chain_state where id = 1`.execute(trx);
  const row = rows[0];
  if (!row) {
    await sql`insert into activity_chain_state (id, frontier, seen_max_id, seen_at, legacy_max_id)
      values (1, 0, 0, now(), 0)`.execute(trx);
    return { frontier: 0n, seenMaxId: 0n, seenAgeMs: 0, legacyMaxId: 0n };
  }
  return {
    frontier: BigInt(row.frontier),
    seenMaxId: BigInt(row.seen_max_id),
    seenAgeMs: Number(row.age_ms),
    legacyMaxId: BigInt(row.legacy_max_id),
  };
}

/** Where a namespace's chain ends now: its last seal, else the anchor a purge left, else its start. */
async function chainHead(
  trx: Transaction<Database>,
  namespace: string,
): Promise<{ seq: bigint; link: string }> {
  // Ordered by the tables' bigint columns, never by the text of the select list ('9999' sorts after '10000').
  const { rows } = await sql<{ seq: string; link: string }>`
    (select seq::text, link from activity_seal where namespace = ${namespace} order by activity_seal.seq desc limit 1)
    union all
    (select seq::text, link from activity_digest where namespace = ${namespace} and kind = 'purge'
      order by activity_digest.seq desc limit 1)`.execute(trx);
  const last = rows.reduce<{ seq: string; link: string } | null>(
    (head, row) => (head && BigInt(head.seq) >= BigInt(row.seq) ? head : row),
    null,
  );
  return last ? { seq: BigInt(last.seq), link: last.link } : { seq: 0n, link: GENESIS_LINK };
}

export interface SealOptions {
  /** Most rows taken in one call (default 2,000): call again while it seals that many. */
  limit?: number;
  /**
   * How long after the sealer saw an id it trusts every lower id's writer to be done (default 60 s): the frontier
   * below which it no longer looks passes no id seen more recently (a row committed after a higher one).
   */
  settleMs?: number;
}

export interface SealResult {
  /** Entries appended (rows sealed for the first time, and retaken moves sealed again). */
  sealed: number;
  /** Moves sealed again after a retry or recovery changed them (generation raised). */
  resealed: Array<{ id: string; namespace: string; generation: number }>;
  /** Final rows without the gateway's stamp, newly found: left out of the chain. */
  rejected: Array<{ id: string; namespace: string }>;
}

/** Chains the final rows not yet sealed (see the file's comment). */
export async function sealActivity(
  db: Kysely<Database>,
  secret: string,
  options: SealOptions = {},
): Promise<SealResult> {
  const limit = options.limit ?? 2_000;
  const settleMs = options.settleMs ?? 60_000;
  return db.transaction().execute(async (trx) => {
    await lockChain(trx);
    const state = await readState(trx);
    const fresh = await sql<ChainRow>`select ${CHAIN_CONTENT} from activity a
      where a.id > ${state.frontier.toString()} and (a.state is null or a.state <> 'pending')
        and not exists (select 1 from activity_seal s where s.activity_id = a.id)
        and not exists (select 1 from activity_rejected r where r.activity_id = a.id)
      order by a.id limit ${limit}`.execute(trx);
    const retaken = await sql<ChainRow>`select ${CHAIN_CONTENT} from activity a
      where a.generation > 1 and a.state = 'done'
        and exists (select 1 from activity_seal s where s.activity_id = a.id)
        and not exists (select 1 from activity_seal s where s.activity_id = a.id and s.generation = a.generation)
      order by a.id limit ${limit}`.execute(trx);
    const result: SealResult = { sealed: 0, resealed: [], rejected: [] };
    const retakenIds = new Set(retaken.rows.map((row) => row.id));
    const rows = [...fresh.rows, ...retaken.rows].sort((a, b) =>
      BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0,
    );
    const heads = new Map<string, { seq: bigint; link: string }>();
    const entries: Array<{
      namespace: string;
      seq: string;
      activity_id: string;
      generation: number;
      hash: string;
      link: string;
    }> = [];
    for (const row of rows) {
      if (!writtenByGateway(secret, row, state.legacyMaxId)) {
        if (!retakenIds.has(row.id)) result.rejected.push({ id: row.id, namespace: row.namespace });
        continue;
      }
      const head = heads.get(row.namespace) ?? (await chainHead(trx, row.namespace));
      const entry = {
        namespace: row.namespace,
        seq: (head.seq + 1n).toString(),
        activity_id: row.id,
        generation: row.generation,
        hash: contentHash(row),
      };
      const link = chainLink(chainKey(secret, row.namespace), head.link, entry);
      entries.push({ ...entry, link });
      heads.set(row.namespace, { seq: head.seq + 1n, link });
      if (retakenIds.has(row.id))
        result.resealed.push({ id: row.id, namespace: row.namespace, generation: row.generation });
    }
    for (let i = 0; i < entries.length; i += 1_000) {
      await trx
        .insertInto('activity_seal')
        .values(entries.slice(i, i + 1_000))
        .execute();
    }
    result.sealed = entries.length;
    if (result.rejected.length) {
      await trx
        .insertInto('activity_rejected')
        .values(result.rejected.map((r) => ({ activity_id: r.id, namespace: r.namespace })))
        .onConflict((c) => c.column('activity_id').doNothing())
        .execute();
    }
    if (state.seenAgeMs >= settleMs) await advanceFrontier(trx, state);
    return result;
  });
}

/**
 * Moves the frontier up to the first row still to seal (pending, or final and not yet taken), at most to the
 * highest id seen a settling time ago; then notes the highest id now.
 */
async function advanceFrontier(trx: Transaction<Database>, state: ChainState): Promise<void> {
  const { rows } = await sql<{ blocker: string | null }>`
    select min(a.id)::text as blocker from activity a
    where a.id > ${state.frontier.toString()} and a.id <= ${state.seenMaxId.toString()}
      and not exists (select 1 from activity_seal s where s.activity_id = a.id)
      and not exists (select 1 from activity_rejected r where r.activity_id = a.id)`.execute(trx);
  const blocker = rows[0]?.blocker;
  const frontier = blocker ? BigInt(blocker) - 1n : state.seenMaxId;
  await sql`update activity_chain_state set
      frontier = greatest(frontier, ${frontier.toString()}::bigint),
      seen_max_id = (select coalesce(max(id), 0) from activity), seen_at = now()
    where id = 1`.execute(trx);
}

/** The head of every chain written as a signed digest (hourly, and at the gateway's stop): what was written. */
export async function writeDigests(
  db: Kysely<Database>,
  secret: string,
  at: Date = new Date(),
): Promise<ChainDigest[]> {
  return db.transaction().execute(async (trx) => {
    await lockChain(trx);
    const { rows } = await sql<{ namespace: string; seq: string; activity_id: string; link: string }>`
      select distinct on (namespace) namespace, seq::text, activity_id::text, link
      from activity_seal order by activity_seal.namespace, activity_seal.seq desc`.execute(trx);
    const digests = rows.map((row) => {
      const unsigned = {
        namespace: row.namespace,
        kind: 'digest' as const,
        seq: row.seq,
        activityId: row.activity_id,
        link: row.link,
        atMs: String(at.getTime()),
      };
      return { ...unsigned, signature: digestSignature(secret, unsigned) };
    });
    if (digests.length) await trx.insertInto('activity_digest').values(digests.map(digestRow)).execute();
    return digests;
  });
}

const digestRow = (d: ChainDigest) => ({
  namespace: d.namespace,
  kind: d.kind,
  seq: d.seq,
  activity_id: d.activityId,
  link: d.link,
  at: new Date(Number(d.atMs)),
  signature: d.signature,
});

/**
 * The retention's purge on a chained store: of each chain, the longest start whose rows are all older than
 * `before` (never a pending move) is deleted with its seals, and a signed anchor says where the chain now starts;
 * final rows never sealed (rejected ones, or the sealer's arrears) older than `before` go as before. How many rows.
 */
export async function purgeChained(db: Kysely<Database>, secret: string, before: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await lockChain(trx);
    const { rows: heads } = await sql<{ namespace: string }>`
      select distinct namespace from activity_seal`.execute(trx);
    let deleted = 0;
    for (const { namespace } of heads) {
      const { rows: kept } = await sql<{ seq: string }>`
        select s.seq::text from activity_seal s join activity a on a.id = s.activity_id
        where s.namespace = ${namespace} and (a.at >= ${before} or a.state = 'pending')
        order by s.seq limit 1`.execute(trx);
      const { rows: lastRows } = await sql<{ seq: string; activity_id: string; link: string }>`
        select seq::text, activity_id::text, link from activity_seal
        where namespace = ${namespace} ${kept[0] ? sql`and seq < ${kept[0].seq}::bigint` : sql``}
        order by activity_seal.seq desc limit 1`.execute(trx);
      const last = lastRows[0];
      if (!last) continue;
      const unsigned = {
        namespace,
        kind: 'purge' as const,
        seq: last.seq,
        activityId: last.activity_id,
        link: last.link,
        atMs: String(Date.now()),
      };
      await trx
        .insertInto('activity_digest')
        .values(digestRow({ ...unsigned, signature: digestSignature(secret, unsigned) }))
        .execute();
      const gone = await sql`delete from activity a using activity_seal s
        where s.activity_id = a.id and s.namespace = ${namespace} and s.seq <= ${last.seq}::bigint
          and (a.state is null or a.state <> 'pending')`.execute(trx);
      deleted += Number(gone.numAffectedRows ?? 0);
      await sql`delete from activity_seal where namespace = ${namespace} and seq <= ${last.seq}::bigint`.execute(
        trx,
      );
      await sql`delete from activity_digest where namespace = ${namespace} and seq < ${last.seq}::bigint`.execute(
        trx,
      );
    }
    const unsealed = await sql`delete from activity a
      where a.at < ${before} and (a.state is null or a.state <> 'pending')
        and not exists (select 1 from activity_seal s where s.activity_id = a.id)`.execute(trx);
    await sql`delete from activity_rejected r
      where not exists (select 1 from activity a where a.id = r.activity_id)`.execute(trx);
    return deleted + Number(unsealed.numAffectedRows ?? 0);
  });
}

/** A seal read with its row (left joined: `present` false when the row is gone). */
export type SealedRow = ChainRow & {
  seal_namespace: string;
  seq: string;
  activity_id: string;
  seal_generation: number;
  hash: string;
  link: string;
  present: boolean;
};

/** The select list of a SealedRow from `activity_seal s left join activity a`. */
export const SEALED_CONTENT = sql`s.namespace as seal_namespace, s.seq::text as seq,
  s.activity_id::text as activity_id, s.generation as seal_generation, s.hash, s.link, a.id is not null as present,
  ${CHAIN_CONTENT}`;

/** One entry of a namespace's chain with its row, for an export (`readChain`). */
export interface ChainEntry {
  seq: string;
  activityId: string;
  generation: number;
  hash: string;
  link: string;
  /** The link before it (GENESIS_LINK at a chain's start). */
  previous: string;
  /** The row as sealed by this entry; null when a later entry sealed it again (a retry), or when it is gone. */
  row: ChainRow | null;
}

/** A namespace's chain after `afterSeq`, in order, at most `limit` entries, each with its row and its link's input. */
export async function readChain(
  db: Kysely<Database>,
  request: { namespace: string; afterSeq: string; limit: number },
): Promise<ChainEntry[]> {
  const { rows } = await sql<SealedRow>`select ${SEALED_CONTENT}
    from activity_seal s left join activity a on a.id = s.activity_id
    where s.namespace = ${request.namespace} and s.seq > ${request.afterSeq}::bigint
    order by s.seq limit ${request.limit}`.execute(db);
  if (!rows.length) return [];
  const first = BigInt(rows[0]!.seq);
  let previous = GENESIS_LINK;
  if (first > 1n) {
    const { rows: before } = await sql<{ link: string }>`
      (select link from activity_seal where namespace = ${request.namespace} and seq = ${String(first - 1n)}::bigint)
      union all
      (select link from activity_digest where namespace = ${request.namespace} and kind = 'purge'
        and seq = ${String(first - 1n)}::bigint limit 1)`.execute(db);
    previous = before[0]?.link ?? GENESIS_LINK;
  }
  return rows.map((r) => {
    const { seq, activity_id, seal_generation, hash, link, present, seal_namespace: _, ...content } = r;
    const entry: ChainEntry = {
      seq,
      activityId: activity_id,
      generation: seal_generation,
      hash,
      link,
      previous,
      row: present && content.generation === seal_generation ? (content as ChainRow) : null,
    };
    previous = link;
    return entry;
  });
}
