/**
 * The store's migrations, in code (ordered by name), run by Kysely's Migrator at start-up. The Migrator takes a
 * PostgreSQL advisory lock around the run, so replicas starting together on one database apply each migration
 * once; a migration already applied is never run again (table `kysely_migration`).
 */
import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

const migrations: Record<string, Migration> = {
  '0001_activity': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('activity')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .addColumn('username', 'text')
        .addColumn('permission', 'text')
        .addColumn('area', 'text')
        .addColumn('operation', 'text', (c) => c.notNull())
        .addColumn('operation_name', 'text')
        .addColumn('target_ids', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
        .addColumn('result', 'text', (c) => c.notNull())
        .addColumn('error_code', 'text')
        .addColumn('reason', 'text')
        .addColumn('items', 'jsonb')
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('trace_id', 'text')
        .execute();
      await db.schema.createIndex('activity_at').on('activity').column('at').execute();
      await db.schema
        .createIndex('activity_username_at')
        .on('activity')
        .columns(['username', 'at'])
        .execute();
      await db.schema
        .createIndex('activity_target_ids')
        .on('activity')
        .using('gin')
        .column('target_ids')
        .execute();
    },
  },
  '0002_preference': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('preference')
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('value', 'jsonb', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('preference_pk', ['username', 'key'])
        .execute();
    },
  },
  // How many distinct ids an action named: the row keeps the first few (the gateway stores at most 10);
  // null on rows stored before, whose target_ids are all of them.
  '0003_activity_target_count': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('activity').addColumn('target_count', 'integer').execute();
    },
  },
  '0004_preference_bytes': {
    // The size of each value, so the bound on an operator's preferences (preferences.ts) adds up a column
    // instead of reading every value again at each write.
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('preference')
        .addColumn('bytes', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update preference set bytes = octet_length(value::text)`.execute(db);
    },
  },
  // Every money move written before it is sent: an action's row is its intent while `state` is
  // 'pending' (held by a gateway until `lease_until`), completed with its outcome and the answer a retry with the
  // same operator and idempotency key gets back. Rows written after the fact (refusals) keep `state` null.
  '0005_activity_moves': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('activity')
        .addColumn('state', 'text')
        .addColumn('idempotency_key', 'text')
        .addColumn('request_hash', 'text')
        .addColumn('answer', 'jsonb')
        .addColumn('lease_until', 'timestamptz')
        .addColumn('completed_at', 'timestamptz')
        .execute();
      // One move per operator and key, whatever the area (Stripe's rule: a key names one request).
      await sql`create unique index activity_operator_key on activity (username, idempotency_key)
        where idempotency_key is not null`.execute(db);
      await sql`create index activity_pending_lease on activity (lease_until) where state = 'pending'`.execute(
        db,
      );
    },
  },
  // A preference kept as the JSON text it was written in: jsonb stores a number as a numeric, so
  // 5e-324 (6 bytes of JSON) came back as its 326 digits, and 1 MiB of such numbers (counted as written) cost ~47
  // times that to store and to read. `json` keeps the text: what the bound counts (`bytes`) is what is stored and
  // read, whatever the value holds. Rows stored before keep the text jsonb gave them, counted again.
  '0006_preference_json': {
    async up(db: Kysely<unknown>) {
      await sql`alter table preference alter column value type json using value::text::json`.execute(db);
      await sql`update preference set bytes = octet_length(value::text)`.execute(db);
    },
  },
  // Test namespaces: with the gateway's test profile on (TEST_NAMESPACES), the rows of a request
  // naming a namespace are only that namespace's, as the stubs keep their data; '' is the normal case, all rows
  // in production. A move's key and a preference's key are each namespace's own.
  '0007_namespace': {
    async up(db: Kysely<unknown>) {
      for (const table of ['activity', 'preference']) {
        await db.schema
          .alterTable(table)
          .addColumn('namespace', 'text', (c) => c.notNull().defaultTo(''))
          .execute();
      }
      await sql`drop index activity_operator_key`.execute(db);
      await sql`create unique index activity_operator_key on activity (namespace, username, idempotency_key)
        where idempotency_key is not null`.execute(db);
      await sql`drop index activity_username_at`.execute(db);
      await sql`create index activity_namespace_username_at on activity (namespace, username, at)`.execute(
        db,
      );
      await sql`alter table preference drop constraint preference_pk`.execute(db);
      await sql`alter table preference add constraint preference_pk primary key (namespace, username, key)`.execute(
        db,
      );
    },
  },
  // Live events: one row per change a money move's outcome made (SUCCESS or UNKNOWN), written in the same
  // statement as the outcome (moves.ts `completeMove`), its id the event id every replica sends; kept 5 minutes for
  // a client's reconnect with Last-Event-ID (the gateway's live/ prunes older rows). `ids`: at most 500 per row.
  '0008_live_event': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('live_event')
        .addColumn('id', 'bigserial', (c) => c.primaryKey())
        .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('namespace', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('ids', sql`text[]`, (c) => c.notNull())
        .addColumn('version', 'text')
        .execute();
      await db.schema.createIndex('live_event_at').on('live_event').column('at').execute();
    },
  },
  // A move's hold names its holder (a gateway process) and a generation, raised each time another takes the move
  // (a retry's take, recovery): progress, completion and every send of the holder check both, so a holder that
  // lost its hold (stalled past its lease) sends and completes nothing more.
  '0009_move_fence': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('activity')
        .addColumn('holder', 'text')
        .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  },
  // The trail that proves itself (chain.ts): `origin` is the client's address, `stamp` the gateway's keyed digest of
  // what a row holds when it is written (a row without a valid one was not written by a gateway). A row is chained
  // once final, in `activity_seal` (per namespace, in the order the sealer took it: `seq`), not in its own row: a
  // move changes after its insert, and its statements stay as they are. `activity_digest` keeps the signed heads of
  // the chains (hourly, also logged) and the purge's anchors; `activity_chain_state` where the sealer stands.
  '0010_activity_chain': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('activity').addColumn('origin', 'text').addColumn('stamp', 'text').execute();
      await sql`create table activity_seal (namespace text not null, seq bigint not null,
        activity_id bigint not null, generation integer not null, hash text not null, link text not null,
        sealed_at timestamptz not null default now(), primary key (namespace, seq))`.execute(db);
      await sql`create unique index activity_seal_row on activity_seal (activity_id, generation)`.execute(db);
      await sql`create table activity_digest (id bigserial primary key, namespace text not null, kind text not null,
        seq bigint not null, activity_id bigint not null, link text not null, at timestamptz not null,
        signature text not null)`.execute(db);
      await sql`create index activity_digest_head on activity_digest (namespace, kind, seq)`.execute(db);
      await sql`create table activity_rejected (activity_id bigint primary key, namespace text not null,
        seen_at timestamptz not null default now())`.execute(db);
      await sql`create table activity_chain_state (id integer primary key, frontier bigint not null,
        seen_max_id bigint not null, seen_at timestamptz not null, legacy_max_id bigint not null)`.execute(
        db,
      );
      // Rows stored before the chain carry no stamp: the sealer chains them as they are, the first ones.
      await sql`insert into activity_chain_state (id, frontier, seen_max_id, seen_at, legacy_max_id)
        select 1, 0, coalesce(max(id), 0), now(), coalesce(max(id), 0) from activity`.execute(db);
      // A move taken again by a retry or recovery (generation raised) is sealed again once done: the few such rows,
      // found without reading the table. A single move never enters it (begun in generation 1).
      await sql`create index activity_retaken on activity (id) where generation > 1`.execute(db);
    },
  },
  // Four eyes on money (approvals.ts): a move an approval policy holds is a request here, its maker's exact call
  // (`arguments`, the move's `request_hash`) waiting for approvals; `dispatch_*` is the hold of the replica sending
  // it once approved. `approval_daily` adds up each maker's amounts of an action per Argentine day (`dailyAmount`).
  '0011_approval': {
    async up(db: Kysely<unknown>) {
      await sql`create table approval_request (id bigserial primary key, namespace text not null default '',
        action text not null, permission text not null, area text, maker text not null, maker_user jsonb not null,
        idempotency_key text not null, request_hash text not null, move_id bigint, target_ids text[] not null,
        amount_cents bigint, arguments jsonb not null, reason text, status text not null,
        approvals_needed integer not null, approvals jsonb not null default '[]', rejected_by text,
        rejection_reason text, created_at timestamptz not null, expires_at timestamptz not null,
        decided_at timestamptz, dispatch_holder text, dispatch_until timestamptz, dispatched_at timestamptz,
        move_outcome jsonb)`.execute(db);
      await sql`create unique index approval_request_key on approval_request (namespace, maker, idempotency_key)`.execute(
        db,
      );
      await sql`create index approval_request_status on approval_request (namespace, status, created_at)`.execute(
        db,
      );
      // A record's detail asks for the requests that act on it (`target_ids @> {id}`).
      await sql`create index approval_request_targets on approval_request using gin (target_ids)`.execute(db);
      await sql`create table move_daily (namespace text not null, username text not null, day date not null,
        moves integer not null, primary key (namespace, username, day))`.execute(db);
      await sql`create table approval_daily (namespace text not null, username text not null, action text not null,
        day date not null, total_cents bigint not null, primary key (namespace, username, action, day))`.execute(
        db,
      );
    },
  },
  // Approval policies admins add in the app, over the deployment's (APPROVAL_POLICIES): each rule in force until an
  // approved removal sets `removed_at`. A rule is written by the approved request that proposed it (`request_id`,
  // unique: the request's move run again stores it once); its removal names its own request.
  '0012_approval_policy': {
    async up(db: Kysely<unknown>) {
      await sql`create table approval_policy (id bigserial primary key, namespace text not null default '',
        action text not null, min_amount_cents bigint, daily_amount_cents bigint, approvals integer not null,
        proposed_by text not null, approved_by text not null, request_id bigint not null,
        added_at timestamptz not null, removed_at timestamptz, removed_by text, removal_request_id bigint)`.execute(
        db,
      );
      await sql`create unique index approval_policy_request on approval_policy (request_id)`.execute(db);
      // Every replica reads the rules in force every few seconds (the gateway's policy cache).
      await sql`create index approval_policy_in_force on approval_policy (namespace) where removed_at is null`.execute(
        db,
      );
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

export const MIGRATION_NAMES = Object.keys(migrations);
