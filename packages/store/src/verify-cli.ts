/**
 * `npm run activity:verify`: the activity's chain verified (verify.ts) on a PostgreSQL server (`DATABASE_URL`) or an
 * embedded store's folder (`STORE_DATA_DIR`, its gateway stopped: one process per folder). Exit 0 when sound, 1
 * naming the first row altered, removed or inserted (or a cut at the end), 2 when it cannot verify (no secret, no
 * store, bad arguments). docs/operations.md, "The chain".
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { ChainDigest } from './chain.js';
import { openDatabase } from './open.js';
import { verifyActivity } from './verify.js';

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

const USAGE =
  'Uso: npm run activity:verify -- [--database-url URL | --data-dir CARPETA] [--digests ARCHIVO] [--batch N]\n' +
  '  El secreto de la cadena se lee de ACTIVITY_CHAIN_SECRET; el almacenamiento, de DATABASE_URL o STORE_DATA_DIR.\n' +
  '  --digests: las líneas del registro del gateway (JSON por línea) con sus resúmenes "activity digest".';

function parseArgs(argv: readonly string[]): Record<string, string> | string {
  const args: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i]!;
    const known = ['--database-url', '--data-dir', '--digests', '--batch'];
    if (!known.includes(name)) return `Argumento desconocido: ${name}`;
    const value = argv[++i];
    if (value === undefined) return `Falta el valor de ${name}`;
    args[name.slice(2)] = value;
  }
  return args;
}

/** The `activity digest` lines of a gateway log (other lines ignored). */
export function digestsOfLog(text: string): ChainDigest[] {
  const digests: ChainDigest[] = [];
  for (const line of text.split('\n')) {
    if (!line.includes('activity digest')) continue;
    try {
      const parsed = JSON.parse(line) as Record<string, unknown>;
      if (parsed.msg !== 'activity digest') continue;
      digests.push({
        namespace: String(parsed.namespace ?? ''),
        kind: 'digest',
        seq: String(parsed.seq),
        activityId: String(parsed.lastId),
        link: String(parsed.link),
        atMs: String(parsed.atMs),
        signature: String(parsed.signature),
      });
    } catch {
      // A line that is not JSON is not a digest.
    }
  }
  return digests;
}

/** Runs the verification: the process's exit code. */
export async function runVerifyCli(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  io: CliOutput,
): Promise<number> {
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    io.err(`${args}\n${USAGE}`);
    return 2;
  }
  const secret = env.ACTIVITY_CHAIN_SECRET?.trim();
  if (!secret) {
    io.err(`Falta ACTIVITY_CHAIN_SECRET: el secreto con que el gateway encadenó la actividad.\n${USAGE}`);
    return 2;
  }
  const databaseUrl = args['database-url'] ?? env.DATABASE_URL?.trim();
  const dataDir = args['data-dir'] ?? env.STORE_DATA_DIR?.trim();
  if (!databaseUrl && !dataDir) {
    io.err(
      `Falta el almacenamiento: DATABASE_URL o STORE_DATA_DIR (o --database-url, --data-dir).\n${USAGE}`,
    );
    return 2;
  }
  const batch = args.batch === undefined ? undefined : Number(args.batch);
  if (batch !== undefined && (!Number.isInteger(batch) || batch < 1 || batch > 100_000)) {
    io.err(`--batch debe ser un entero entre 1 y 100000.\n${USAGE}`);
    return 2;
  }
  let digests: ChainDigest[] = [];
  if (args.digests) {
    try {
      digests = digestsOfLog(readFileSync(args.digests, 'utf8'));
    } catch (error) {
      io.err(`No se pudo leer ${args.digests}: ${(error as Error).message}`);
      return 2;
    }
  }
  let opened: Awaited<ReturnType<typeof openDatabase>>;
  try {
    opened = await openDatabase(
      databaseUrl ? { databaseUrl, callTimeoutMs: 600_000 } : { dataDir: dataDir! },
    );
  } catch (error) {
    io.err(`No se pudo abrir el almacenamiento: ${(error as Error).message}`);
    return 2;
  }
  const started = Date.now();
  try {
    const report = await verifyActivity(opened.db, { secret, digests, ...(batch ? { batch } : {}) });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const summary =
      `${report.entries} eslabones en ${report.namespaces} espacio(s) verificados en ${seconds} s; ` +
      `${report.unsealed} fila(s) aún sin encadenar, ${report.pending} en curso, ` +
      `${report.awaitingReseal} reintento(s) por sellar` +
      (digests.length ? `; ${digests.length} resumen(es) del registro` : '');
    if (report.ok) {
      io.out(`Cadena íntegra. ${summary}.`);
      return 0;
    }
    const [first, ...rest] = report.problems;
    io.err(`ERROR: ${first!.message}`);
    for (const p of rest) io.err(`  ${p.message}`);
    io.err(`${report.problems.length} problema(s) listados. ${summary}.`);
    return 1;
  } catch (error) {
    io.err(`La verificación falló: ${(error as Error).message}`);
    return 2;
  } finally {
    await opened.db.destroy();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runVerifyCli(process.argv.slice(2), process.env, {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
}
