import { decimalFromUpstream, type SearchTextKind } from '@backoffice/validators';
import type { GatewayContext } from '../../gateway-context.js';
import type { Permission, SearchGroupKind, SearchHit } from '../../generated/resolvers-types.js';
import { isNotFound } from '../../shared/loaders.js';
import { queryPermissions, type QueryName } from '../../shared/mutation-permissions.js';
import { arr, obj, str } from '../../shared/values.js';
import type { Filter } from '../../upstream/filters.js';

/** The shapes a group answers (the classifier's kinds that lead to a lookup). */
export type LookupKind = Exclude<SearchTextKind, 'empty' | 'invalid'>;

/** A group's answer: its first hits and how many records match in all (the dialog's count). */
export interface SearchLookupAnswer {
  hits: SearchHit[];
  total: number;
}

type Lookup = (ctx: GatewayContext, value: string) => Promise<SearchLookupAnswer>;

/** One group of the global search: who may see it, which shapes it answers, and its one upstream call per shape. */
export interface SearchGroupDefinition {
  kind: SearchGroupKind;
  label: string;
  /** Any of these lets the user see the group; without them the group is neither asked nor answered. */
  requires: readonly Permission[];
  /** Per shape: the lookup, one upstream call, answering the hits ([] when nothing matches) and their total. */
  lookups: Partial<Record<LookupKind, Lookup>>;
}

/** Most hits a list lookup (an e-mail, a CUIT, a name) returns per group. */
export const SEARCH_GROUP_LIMIT = 5;

/** The read the group's screen uses: its @auth in the SDL (a field without one needs the fallback given). */
function readPermission(query: QueryName, fallback?: readonly Permission[]): readonly Permission[] {
  const requires = queryPermissions(query) ?? fallback;
  if (!requires?.length) throw new Error(`search: Query.${query} has no @auth and no permission was given`);
  return requires;
}

/**
 * Payments have no read permission in the specification (every signed-in user reads Query.payment); the search
 * shows them to the users who hold any permission of the payments area (docs/decisions.md, "Global search and
 * keyboard").
 */
export const PAYMENT_AREA_PERMISSIONS: readonly Permission[] = [
  'PAYMENT_CREATE',
  'PAYMENT_UPDATE',
  'PAYMENT_CANCEL',
  'PAYMENT_REFUND',
  'PAYMENT_CANCEL_OBJECTION',
  'PAYMENT_REVERSE',
  'PAYMENT_UPDATE_GATEWAY',
  'PAYMENT_SHOW_FEES',
  'PAYMENT_SHOW_HISTORY',
  'PAYMENT_SHOW_BATCHES',
  'PAYMENT_HOLDER',
];

const listPage = { page: 1, limit: SEARCH_GROUP_LIMIT };
const rowsOf = (answer: { rows?: unknown }): Record<string, unknown>[] =>
  arr(answer.rows).map((row) => obj(row) ?? {});

/** A list lookup's answer: its rows as hits, and the list's total (the rows when the service gave none). */
function listAnswer(
  answer: { rows?: unknown; size?: unknown },
  hit: (row: Record<string, unknown>) => SearchHit,
): SearchLookupAnswer {
  const hits = rowsOf(answer).map(hit);
  return { hits, total: typeof answer.size === 'number' ? answer.size : hits.length };
}

/** A lookup by id: one record or none. */
const single = (hit: SearchHit | null): SearchLookupAnswer =>
  hit ? { hits: [hit], total: 1 } : { hits: [], total: 0 };

function payerHit(raw: Record<string, unknown>): SearchHit {
  const identification = obj(raw.identification);
  return {
    id: str(raw.id) ?? '',
    title: str(raw.name) ?? `Pagador ${str(raw.id) ?? ''}`,
    detail: [str(raw.email), str(identification?.number)].filter(Boolean).join(' · ') || null,
  };
}

/**
 * Payers by one field: GET /pagadores filtered. A CUIT/CUIL also finds the payer stored by its DNI (digits 3 to 10
 * of a person's CUIT/CUIL), in the same call (identification.number IN [cuit, dni]).
 */
function payerLookup(field: 'email' | 'cuit' | 'name'): Lookup {
  return async (ctx, value) => {
    const filter: Filter =
      field === 'name'
        ? { field: 'name', operation: 'CONTAINS', value }
        : field === 'email'
          ? { field: 'email', operation: 'EQUAL', value }
          : { field: 'identification.number', operation: 'IN', value: [value, value.slice(2, 10)] };
    const answer = await ctx.dataSources.payers.list({ filters: [filter], ...listPage });
    return listAnswer(answer, payerHit);
  };
}

interface RecordLike {
  id: string;
  status?: string | null;
  collectorId?: string | null;
}

/**
 * A record read by its id through its area's loader (one upstream call; a missing record is no hit): the noun and the
 * id as the title, its status and collector, and the fields `more` gives.
 */
function byId<T extends RecordLike>(
  loader: (ctx: GatewayContext) => { load(id: string): Promise<T | null> },
  noun: string,
  more: (record: T) => Pick<SearchHit, 'amount' | 'detail'>,
): Lookup {
  return async (ctx, id) => {
    const record = await loader(ctx).load(id);
    if (!record) return single(null);
    const { status = null, collectorId = null } = record;
    return single({ id: record.id, collectorId, title: `${noun} ${record.id}`, status, ...more(record) });
  };
}

/** Every group, in the order the dialog shows them. */
export const SEARCH_GROUPS: readonly SearchGroupDefinition[] = [
  {
    kind: 'PAYMENT',
    label: 'Pagos',
    requires: PAYMENT_AREA_PERMISSIONS,
    lookups: {
      id: byId(
        (ctx) => ctx.loaders.payment,
        'Pago',
        (p) => ({ amount: p.finalAmount, detail: p.payer?.email ?? p.payer?.name ?? null }),
      ),
    },
  },
  {
    kind: 'SUBSCRIPTION',
    label: 'Suscripciones',
    requires: readPermission('subscriptions'),
    lookups: {
      id: byId(
        (ctx) => ctx.loaders.subscription,
        'Suscripción',
        (s) => ({ amount: s.amount, detail: s.payer?.email ?? s.payer?.name ?? null }),
      ),
    },
  },
  {
    kind: 'PAYER',
    label: 'Pagadores',
    requires: readPermission('payer'),
    lookups: {
      id: idPayer,
      email: payerLookup('email'),
      cuit: payerLookup('cuit'),
      name: payerLookup('name'),
    },
  },
  {
    kind: 'COLLECTOR',
    label: 'Entidades',
    requires: ['COLLECTOR_SHOW'],
    lookups: {
      id: async (ctx, id) => {
        const collector = await ctx.loaders.collector.load(id);
        return single(
          collector ? { id: collector.id, title: collector.name, detail: `Entidad ${collector.id}` } : null,
        );
      },
      name: async (ctx, name) => {
        const answer = await ctx.dataSources.collectors.list({
          filters: [{ field: 'name', operation: 'CONTAINS', value: name }],
          ...listPage,
        });
        return listAnswer(answer, (c) => ({
          id: str(c.id) ?? '',
          title: str(c.name) ?? `Entidad ${str(c.id) ?? ''}`,
          detail: `Entidad ${str(c.id) ?? ''}`,
        }));
      },
    },
  },
  {
    kind: 'TRANSFER',
    label: 'Transferencias',
    requires: readPermission('transfers'),
    lookups: {
      cuit: async (ctx, cuit) => {
        const answer = await ctx.dataSources.transfers.list({
          filters: [{ field: 'payer_id', operation: 'EQUAL', value: cuit }],
          ...listPage,
          sorts: [{ field: 'request_date', direction: 'desc' }],
        });
        return listAnswer(answer, (t) => ({
          id: str(t.id) ?? '',
          collectorId: str(t.collector_id),
          title: `Transferencia ${str(t.destiny_transfer_id) ?? str(t.id) ?? ''}`,
          status: str(t.status),
          amount: decimalFromUpstream(t.amount),
          detail: str(t.payment_id) ? `Pago ${str(t.payment_id)}` : null,
        }));
      },
    },
  },
  {
    kind: 'IMPORT',
    label: 'Importaciones',
    requires: readPermission('paymentImport'),
    lookups: {
      id: byId(
        (ctx) => ctx.loaders.paymentImport,
        'Importación',
        (i) => ({ amount: i.totalAmount, detail: i.fileName ?? null }),
      ),
    },
  },
  {
    kind: 'WITHDRAWAL',
    label: 'Retiros',
    requires: readPermission('withdrawal'),
    lookups: {
      id: byId(
        (ctx) => ctx.loaders.withdrawal,
        'Retiro',
        (w) => ({ amount: w.amount, detail: w.collectorName ?? null }),
      ),
    },
  },
  {
    kind: 'BATCH',
    label: 'Lotes',
    requires: readPermission('withdrawalBatch'),
    lookups: {
      id: byId(
        (ctx) => ctx.loaders.withdrawalBatch,
        'Lote',
        (b) => ({ amount: b.balance, detail: b.collectorName ?? null }),
      ),
      cbu: async (ctx, cbu) => {
        const answer = await ctx.dataSources.batches.list({
          filters: [{ field: 'collector_detail.cbu', operation: 'EQUAL', value: cbu }],
          ...listPage,
          sorts: [{ field: 'creation_date', direction: 'desc' }],
        });
        return listAnswer(answer, (b) => ({
          id: str(b.id) ?? '',
          collectorId: str(b.collector_id),
          title: `Lote ${str(b.id) ?? ''}`,
          status: str(b.status),
          amount: decimalFromUpstream(b.balance),
          detail: str(obj(b.collector_detail)?.name),
        }));
      },
    },
  },
  {
    kind: 'DISTRIBUTION',
    label: 'Distribuciones',
    // Query.distribution has no @auth: the search follows the Distribución screen's rule.
    requires: readPermission('distribution', [
      'DISTRIBUTION_UPDATE',
      'DISTRIBUTION_FORCE',
      'DISTRIBUTION_SCHEDULED_UPDATE',
    ]),
    lookups: {
      id: byId(
        (ctx) => ctx.loaders.distribution,
        'Distribución',
        (d) => ({ amount: d.totalAmount, detail: d.collector.name ?? null }),
      ),
    },
  },
  {
    kind: 'PRESENTATION',
    label: 'Presentaciones AFIP',
    requires: readPermission('presentation'),
    lookups: {
      id: byId(
        (ctx) => ctx.loaders.presentation,
        'Presentación',
        (p) => ({ detail: `Período ${p.period}` }),
      ),
    },
  },
];

/** A payer by its id: GET /pagadores/{id} (a missing one is no hit). */
async function idPayer(ctx: GatewayContext, id: string): Promise<SearchLookupAnswer> {
  try {
    return single(payerHit(await ctx.dataSources.payers.get(id)));
  } catch (error) {
    if (isNotFound(error)) return single(null);
    throw error;
  }
}
