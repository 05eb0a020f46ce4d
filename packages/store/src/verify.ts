/**
 * The chain's verification (chain.ts): every seal's link, every sealed row's content, every final row's stamp, and
 * the end of each chain against its last signed digest (the store's, and the log stream's when given). It reads in
 * batches (keyset on the seals' order, then on the ids), so a store of millions of rows takes bounded memory.
 */
import { sql, type Kysely } from 'kysely';
import {
  CHAIN_CONTENT,
  GENESIS_LINK,
  chainKey,
  chainLink,
  contentHash,
  digestSignature,
  sameDigest,
  writtenByGateway,
  SEALED_CONTENT,
  type ChainDigest,
  type ChainKey,
  type ChainRow,
  type SealedRow,
} from './chain.js';
import type { Database } from './schema.js';

export type ChainProblemKind = 'altered' | 'removed' | 'inserted' | 'cut' | 'digest';

export interface ChainProblem {
  kind: ChainProblemKind;
  namespace: string;
  /** The row named (the first one after a gap, for a removal whose seal went too). */
  activityId: string | null;
  /** In Spanish, for whoever runs the verification. */
  message: string;
}

export interface VerifyReport {
  ok: boolean;
  /** Chain entries checked. */
  entries: number;
  namespaces: number;
  problems: ChainProblem[];
  /** Final rows stamped by the gateway that the sealer has not taken yet (not a fault). */
  unsealed: number;
  /** Moves still running (pending): chained once done. */
  pending: number;
  /** Moves a retry changed whose new seal is still to come (not a fault while the gateway runs). */
  awaitingReseal: number;
}

export interface VerifyOptions {
  secret: string;
  /** Rows read per query (default 10,000). */
  batch?: number;
  /** Digests kept outside the store (the gateway's `activity digest` log lines), checked as the store's. */
  digests?: readonly ChainDigest[];
  /** Most problems listed (default 100); the count goes on. */
  maxProblems?: number;
}

const nsName = (namespace: string) => (namespace ? `espacio "${namespace}"` : 'espacio principal');

export async function verifyActivity(db: Kysely<Database>, options: VerifyOptions): Promise<VerifyReport> {
  const { secret } = options;
  const batch = options.batch ?? 10_000;
  const maxProblems = options.maxProblems ?? 100;
  const problems: ChainProblem[] = [];
  let problemCount = 0;
  const problem = (p: ChainProblem) => {
    problemCount++;
    if (problems.length < maxProblems) problems.push(p);
  };

  // Signed heads and purge anchors: a digest whose signature fails is itself a fault, and is not trusted.
  const { rows: stored } = await sql<{
    id: string;
    namespace: string;
    kind: 'digest' | 'purge';
    seq: string;
    activity_id: string;
    link: string;
    at_ms: string;
    signature: string;
  }>`select id::text, namespace, kind, seq::text, activity_id::text, link,
      (extract(epoch from at) * 1000)::bigint::text as at_ms, signature from activity_digest`.execute(db);
  const anchors = new Map<string, ChainDigest>();
  const checkpoints = new Map<string, ChainDigest[]>();
  const trusted = (d: ChainDigest, origin: string) => {
    const { signature, ...unsigned } = d;
    if (sameDigest(signature, digestSignature(secret, unsigned))) return true;
    problem({
      kind: 'digest',
      namespace: d.namespace,
      activityId: d.activityId,
      message: `${origin} con firma inválida (${nsName(d.namespace)}, seq ${d.seq}, fila ${d.activityId}): alterado`,
    });
    return false;
  };
  for (const row of stored) {
    const d: ChainDigest = {
      namespace: row.namespace,
      kind: row.kind,
      seq: row.seq,
      activityId: row.activity_id,
      link: row.link,
      atMs: row.at_ms,
      signature: row.signature,
    };
    if (!trusted(d, `El resumen ${row.id} del almacenamiento`)) continue;
    if (d.kind === 'purge') {
      const anchor = anchors.get(d.namespace);
      if (!anchor || BigInt(anchor.seq) < BigInt(d.seq)) anchors.set(d.namespace, d);
    } else checkpoints.set(d.namespace, [...(checkpoints.get(d.namespace) ?? []), d]);
  }
  for (const d of options.digests ?? []) {
    if (trusted({ ...d, kind: 'digest' }, 'El resumen del registro del gateway'))
      checkpoints.set(d.namespace, [...(checkpoints.get(d.namespace) ?? []), { ...d, kind: 'digest' }]);
  }

  const { rows: stateRows } = await sql<{ legacy_max_id: string }>`
    select legacy_max_id::text from activity_chain_state where id = 1`.execute(db);
  const legacyMaxId = BigInt(stateRows[0]?.legacy_max_id ?? '0');

  let entries = 0;
  const seen = new Set<string>();
  let current: {
    namespace: string;
    expect: bigint;
    previous: string;
    lastId: string | null;
    key: ChainKey;
    links: Map<string, ChainDigest>;
  } | null = null;
  // Rows whose generation a retry raised past their last seal: resolved by a later seal of theirs.
  const awaiting = new Map<string, { state: string | null }>();

  const startNamespace = (namespace: string) => {
    seen.add(namespace);
    const anchor = anchors.get(namespace);
    const links = new Map<string, ChainDigest>();
    for (const d of checkpoints.get(namespace) ?? []) {
      if (!anchor || BigInt(d.seq) > BigInt(anchor.seq)) links.set(d.seq, d);
    }
    current = {
      namespace,
      expect: anchor ? BigInt(anchor.seq) + 1n : 1n,
      previous: anchor ? anchor.link : GENESIS_LINK,
      lastId: anchor ? anchor.activityId : null,
      key: chainKey(secret, namespace),
      links,
    };
  };
  const endNamespace = () => {
    if (!current) return;
    const reached = current.expect - 1n;
    let furthest: ChainDigest | null = null;
    for (const d of current.links.values())
      if (!furthest || BigInt(d.seq) > BigInt(furthest.seq)) furthest = d;
    if (furthest && BigInt(furthest.seq) > reached) {
      problem({
        kind: 'cut',
        namespace: current.namespace,
        activityId: furthest.activityId,
        message:
          `Corte al final (${nsName(current.namespace)}): la cadena termina ` +
          (current.lastId ? `en la fila ${current.lastId}` : 'sin filas') +
          ` (seq ${reached}), pero el resumen firmado del ${new Date(Number(furthest.atMs)).toISOString()} ` +
          `llegaba hasta la fila ${furthest.activityId} (seq ${furthest.seq}): se quitaron filas del final`,
      });
    }
  };

  // Rows outside the chain are read meanwhile, on another connection of a server (below).
  const outside = scanOutside(db, { secret, batch, legacyMaxId });
  // Awaited below; a failure meanwhile is the verification's failure, never an unhandled rejection.
  outside.catch(() => undefined);
  const readSeals = async (after: { namespace: string; seq: string } | null): Promise<SealedRow[]> =>
    (
      await sql<SealedRow>`
      select ${SEALED_CONTENT} from activity_seal s left join activity a on a.id = s.activity_id
      ${after ? sql`where (s.namespace, s.seq) > (${after.namespace}, ${after.seq}::bigint)` : sql``}
      order by s.namespace, s.seq limit ${batch}`.execute(db)
    ).rows;
  let next = readSeals(null);
  for (;;) {
    const rows = await next;
    // The next batch is asked for before this one is checked: the server reads while this process hashes.
    const last = rows.at(-1);
    if (last && rows.length === batch) {
      next = readSeals({ namespace: last.seal_namespace, seq: last.seq });
      next.catch(() => undefined);
    }
    for (const row of rows) {
      if (!current || (current as { namespace: string }).namespace !== row.seal_namespace) {
        endNamespace();
        startNamespace(row.seal_namespace);
      }
      const chain = current!;
      entries++;
      const seq = BigInt(row.seq);
      if (seq !== chain.expect) {
        problem({
          kind: 'removed',
          namespace: chain.namespace,
          activityId: row.activity_id,
          message:
            `Filas quitadas (${nsName(chain.namespace)}): faltan ${seq - chain.expect} eslabón(es) antes de la ` +
            `fila ${row.activity_id}` +
            (chain.lastId ? `, después de la fila ${chain.lastId}` : '') +
            ` (seq ${chain.expect} a ${seq - 1n})`,
        });
      } else if (
        !sameDigest(
          row.link,
          chainLink(chain.key, chain.previous, { ...row, generation: row.seal_generation }),
        )
      ) {
        problem({
          kind: 'inserted',
          namespace: chain.namespace,
          activityId: row.activity_id,
          message:
            `Cadena rota en la fila ${row.activity_id} (${nsName(chain.namespace)}, seq ${row.seq}): ` +
            'su eslabón no sigue al anterior (un sello insertado, alterado o quitado)',
        });
      }
      const checkpoint = chain.links.get(row.seq);
      if (checkpoint && !sameDigest(row.link, checkpoint.link)) {
        problem({
          kind: 'altered',
          namespace: chain.namespace,
          activityId: row.activity_id,
          message:
            `La cadena no coincide con el resumen firmado en la fila ${row.activity_id} ` +
            `(${nsName(chain.namespace)}, seq ${row.seq}): la cadena fue reescrita`,
        });
      }
      if (!row.present) {
        problem({
          kind: 'removed',
          namespace: chain.namespace,
          activityId: row.activity_id,
          message: `Fila ${row.activity_id} quitada (${nsName(chain.namespace)}): está en la cadena (seq ${row.seq}) y no en la tabla`,
        });
      } else if (row.generation === row.seal_generation) {
        awaiting.delete(row.activity_id);
        if (row.namespace !== chain.namespace || !sameDigest(row.hash, contentHash(row))) {
          problem({
            kind: 'altered',
            namespace: chain.namespace,
            activityId: row.activity_id,
            message: `Fila ${row.activity_id} alterada (${nsName(chain.namespace)}): su contenido no es el sellado (seq ${row.seq})`,
          });
        }
      } else if (row.generation > row.seal_generation) {
        awaiting.set(row.activity_id, { state: row.state });
      } else {
        problem({
          kind: 'altered',
          namespace: chain.namespace,
          activityId: row.activity_id,
          message: `Fila ${row.activity_id} alterada (${nsName(chain.namespace)}): su generación es anterior a la sellada`,
        });
      }
      chain.expect = seq + 1n;
      chain.previous = row.link;
      chain.lastId = row.activity_id;
    }
    if (rows.length < batch) break;
  }
  endNamespace();
  // Chains with a digest but no seal left at all: everything after the anchor was cut.
  for (const namespace of checkpoints.keys()) {
    if (seen.has(namespace)) continue;
    startNamespace(namespace);
    endNamespace();
  }

  const { unsealed, pending, problems: found } = await outside;
  for (const p of found) problem(p);
  const awaitingReseal = [...awaiting.values()].filter((a) => a.state !== 'pending').length;
  return {
    ok: problemCount === 0,
    entries,
    namespaces: seen.size,
    problems,
    unsealed,
    pending,
    awaitingReseal,
  };
}

/**
 * Rows outside the chain: a move still running, a final row the sealer has still to take, or one not written by a
 * gateway (inserted by hand, or changed before its seal), in id order.
 */
async function scanOutside(
  db: Kysely<Database>,
  { secret, batch, legacyMaxId }: { secret: string; batch: number; legacyMaxId: bigint },
): Promise<{ unsealed: number; pending: number; problems: ChainProblem[] }> {
  let unsealed = 0;
  let pending = 0;
  const problems: ChainProblem[] = [];
  let afterId = '0';
  for (;;) {
    const { rows } = await sql<ChainRow>`select ${CHAIN_CONTENT} from activity a
      where a.id > ${afterId}::bigint and not exists (select 1 from activity_seal s where s.activity_id = a.id)
      order by a.id limit ${batch}`.execute(db);
    for (const row of rows) {
      if (row.state === 'pending') pending++;
      else if (writtenByGateway(secret, row, legacyMaxId)) unsealed++;
      else if (problems.length < 1_000) {
        problems.push({
          kind: 'inserted',
          namespace: row.namespace,
          activityId: row.id,
          message:
            `Fila ${row.id} insertada (${nsName(row.namespace)}): no la escribió el gateway ` +
            '(sin su sello, o alterada antes de encadenarse)',
        });
      }
    }
    if (rows.length < batch) return { unsealed, pending, problems };
    afterId = rows[rows.length - 1]!.id;
  }
}

/**
 * An export's lines verified offline (the `/files/actividad.ndjson` download): each entry's hash from its record
 * and its link from the line before (or its own `previous` for the first). The problems, in order; [] when sound.
 */
export function verifyExportLines(
  secret: string,
  lines: ReadonlyArray<{
    id: string;
    record: object | null;
    chain: {
      namespace: string;
      seq: string;
      generation: number;
      hash: string;
      link: string;
      previous: string;
    };
  }>,
): ChainProblem[] {
  const problems: ChainProblem[] = [];
  let previous: { seq: bigint; link: string } | null = null;
  for (const line of lines) {
    const { chain } = line;
    const seq = BigInt(chain.seq);
    const namespace = chain.namespace;
    if (previous && (seq !== previous.seq + 1n || chain.previous !== previous.link)) {
      problems.push({
        kind: 'removed',
        namespace,
        activityId: line.id,
        message: `Faltan líneas antes de la fila ${line.id} (seq ${previous.seq + 1n} a ${seq - 1n})`,
      });
    }
    const entry = { seq: chain.seq, activity_id: line.id, generation: chain.generation, hash: chain.hash };
    if (!sameDigest(chain.link, chainLink(chainKey(secret, namespace), chain.previous, entry))) {
      problems.push({
        kind: 'altered',
        namespace,
        activityId: line.id,
        message: `Eslabón inválido en la fila ${line.id} (seq ${chain.seq})`,
      });
    }
    if (line.record && !sameDigest(chain.hash, contentHash(line.record))) {
      problems.push({
        kind: 'altered',
        namespace,
        activityId: line.id,
        message: `Fila ${line.id} alterada en la exportación: su contenido no es el sellado`,
      });
    }
    previous = { seq, link: chain.link };
  }
  return problems;
}
