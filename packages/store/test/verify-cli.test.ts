import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, stampActivity, type NewActivity } from '../src/index.js';
import { runVerifyCli } from '../src/verify-cli.js';
import { BACKENDS } from './backends.js';

/** `npm run activity:verify` (verify-cli.ts): its exit codes, 0 sound, 1 a fault named, 2 cannot verify. */
const SECRET = 'secreto-de-prueba-del-verificador-0123456789';
const folder = mkdtempSync(join(tmpdir(), 'activity-verify-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const row = (n: number): NewActivity =>
  stampActivity(SECRET, {
    ...{ at: new Date('2026-12-01T12:00:00Z'), username: 'operador', permission: 'PAYMENT_REFUND' },
    ...{ area: 'payments', operation: 'refundPayment', operation_name: null, target_ids: [`p${n}`] },
    ...{
      result: 'success',
      error_code: null,
      reason: null,
      items: null,
      request_id: `r${n}`,
      trace_id: null,
    },
  });

const run = async (argv: string[], env: Record<string, string | undefined>) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runVerifyCli(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
};

describe('activity:verify', () => {
  it('cannot verify without a secret, a store or with an unknown argument: exit 2', async () => {
    expect((await run([], { DATABASE_URL: 'postgres://x@127.0.0.1:1/x' })).code).toBe(2);
    const noStore = await run([], { ACTIVITY_CHAIN_SECRET: SECRET });
    expect(noStore).toMatchObject({ code: 2, err: expect.stringContaining('Falta el almacenamiento') });
    expect((await run(['--otro', 'x'], { ACTIVITY_CHAIN_SECRET: SECRET })).code).toBe(2);
    // The process itself exits so.
    const cli = fileURLToPath(new URL('../src/verify-cli.ts', import.meta.url));
    const child = spawnSync(process.execPath, ['--import', 'tsx', cli], {
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
    });
    expect(child.status).toBe(2);
    expect(child.stderr).toContain('ACTIVITY_CHAIN_SECRET');
  });

  for (const backend of BACKENDS) {
    it(`exits 0 on a sound chain and 1 naming the row altered (${backend.name})`, async () => {
      const { databaseUrl, drop } = await backend.fresh();
      const dataDir = join(folder, backend.name);
      const store = await openStore(databaseUrl ? { databaseUrl } : { dataDir });
      const where = databaseUrl ? ['--database-url', databaseUrl] : ['--data-dir', dataDir];
      try {
        await store.insertActivity([row(1), row(2), row(3)]);
        await store.sealActivity(SECRET);
        const digests = await store.writeDigests(SECRET);
        const { rows } = await sql<{
          id: string;
        }>`select id::text from activity order by activity.id`.execute(store.db);
        const last = rows.at(-1)!.id;
        // The embedded folder is one process's: the verifier opens it once the store is closed.
        if (!databaseUrl) await store.close();
        const env = { ACTIVITY_CHAIN_SECRET: SECRET };
        const sound = await run(where, env);
        expect(sound).toMatchObject({ code: 0, out: expect.stringContaining('Cadena íntegra. 3 eslabones') });

        const tampered = databaseUrl ? store : await openStore({ dataDir });
        await sql`update activity set reason = 'otro motivo' where id = ${rows[1]!.id}`.execute(tampered.db);
        // A cut at the end too, with the store's digests gone: the log's copy finds it.
        await sql`delete from activity where id = ${last}`.execute(tampered.db);
        await sql`delete from activity_seal where activity_id = ${last}`.execute(tampered.db);
        await sql`delete from activity_digest`.execute(tampered.db);
        if (!databaseUrl) await tampered.close();
        const log = join(folder, `${backend.name}.log`);
        const line = (d: (typeof digests)[number]) =>
          JSON.stringify({ msg: 'activity digest', ...d, lastId: d.activityId });
        writeFileSync(log, `{"msg":"request"}\n${digests.map(line).join('\n')}\n`);
        const found = await run([...where, '--digests', log], env);
        expect(found.code).toBe(1);
        expect(found.err.split('\n')[0]).toBe(
          `ERROR: Fila ${rows[1]!.id} alterada (espacio principal): su contenido no es el sellado (seq 2)`,
        );
        expect(found.err).toContain(`llegaba hasta la fila ${last}`);
        expect((await run(where, { ACTIVITY_CHAIN_SECRET: 'otro-secreto' })).code).toBe(1);
      } finally {
        if (databaseUrl) await store.close();
        await drop();
      }
    });
  }
});
