import { decimalFromUpstream, toUpstreamNumber } from '@backoffice/validators';
import { badUserInput } from '../../errors.js';
import type {
  Resolvers,
  TransferActionKind,
  TransferConciliation,
  TransferFilter,
  TransferMutationPayload,
  TransferSortField,
  TransferStatus,
} from '../../generated/resolvers-types.js';
import { defineActions } from '../../shared/actions.js';
import { toIsoDate } from '../../shared/dates.js';
import { defineModule } from '../../shared/define-module.js';
import { checkId, checkIdempotencyKey } from '../../shared/inputs.js';
import { normalizePaging, normalizeSearch } from '../../shared/paging.js';
import { runAction } from '../../shared/run-action.js';
import { str } from '../../shared/values.js';
import type { CatalogueEntry } from '../../upstream/error-catalogue.js';
import { UpstreamContractError } from '../../upstream/errors.js';
import {
  listParams,
  periodFilters,
  searchFilter,
  type Filter,
  type Paged,
  type Sort,
} from '../../upstream/filters.js';
import { notFoundFailure } from '../../upstream/outcome.js';
import type { RestClient } from '../../upstream/rest-client.js';

type RawTransfer = Record<string, unknown>;
type TransferModel = Omit<TransferConciliation, 'actions' | 'collector'>;

/** The transfer conciliation service (TRANSFER_SERVICE_URL; docs/upstream-contract.md "Transfer service"). */
export class TransfersDataSource {
  constructor(private readonly client: RestClient) {}

  list = (query: { filters: Filter[]; page: number; limit: number; sorts: Sort[] }) =>
    this.client.get<Paged<RawTransfer>>('/conciliaciones', listParams(query));
  /** One conciliation through the list (the service has no single read). */
  byId = async (id: string): Promise<RawTransfer | null> =>
    (
      await this.list({
        filters: [{ field: 'id', operation: 'EQUAL', value: id }],
        page: 1,
        limit: 1,
        sorts: [],
      })
    ).rows[0] ?? null;
  conciliate = (id: string, key: string | null) =>
    this.client.post<RawTransfer>(
      `/conciliaciones/forzar-conciliacion/${encodeURIComponent(id)}`,
      undefined,
      key ? { headers: { 'idempotency-key': key } } : {},
    );
}

const STATUSES: Readonly<Record<string, TransferStatus>> = {
  pending: 'PENDING',
  conciliated: 'CONCILIATED',
  rejected: 'REJECTED',
};

export function mapTransfer(raw: RawTransfer): TransferModel {
  const id = str(raw.id);
  const collectorId = str(raw.collector_id);
  const status = STATUSES[str(raw.status)?.toLowerCase() ?? ''];
  const amount = decimalFromUpstream(raw.amount);
  if (!id || !collectorId || !status || amount === null) {
    throw new UpstreamContractError(`transfer: unreadable conciliation ${String(raw.id)}`);
  }
  return {
    id,
    collectorId,
    payerId: str(raw.payer_id),
    paymentId: str(raw.payment_id),
    destinyTransferId: str(raw.destiny_transfer_id),
    amount,
    requestDate: toIsoDate(raw.request_date),
    status,
    statusDetail: str(raw.status_detail),
    conciliationDate: toIsoDate(raw.conciliation_date),
  };
}

/** Manual conciliation: TRANSFER_UPDATE, pending rows only (spec 001 §4 "Transfer conciliation"). */
export const transferActions = defineActions<TransferActionKind, TransferModel>({
  kinds: ['CONCILIATE'],
  permissions: {
    CONCILIATE: { requires: ['TRANSFER_UPDATE'], reason: 'No tiene permisos para conciliar transferencias.' },
  },
  availableOnPreviousVersion: ['CONCILIATE'],
  previousVersionReason: '',
  isCurrentVersion: () => true,
  stateReason: (_kind, doc) =>
    doc.status === 'PENDING' ? null : 'Solo se pueden conciliar transferencias pendientes.',
});

const SORTS: Readonly<Record<TransferSortField, string>> = {
  REQUEST_DATE: 'request_date',
  AMOUNT: 'amount',
  STATUS: 'status',
};

/** The upstream filters of /transferencias: collector, period, exact amount, exact CUIT, status, search. */
export function transferFilters(filter: TransferFilter | null | undefined): Filter[] {
  const f = filter ?? {};
  const filters: Filter[] = [];
  if (f.collectorId)
    filters.push({
      field: 'collector_id',
      operation: 'EQUAL',
      value: checkId(f.collectorId, 'filter.collectorId'),
    });
  filters.push(...periodFilters('request_date', f.from, f.to, { from: 'filter.from', to: 'filter.to' }));
  if (f.amount) filters.push({ field: 'amount', operation: 'EQUAL', value: toUpstreamNumber(f.amount) });
  if (f.payerCuit) {
    const cuit = f.payerCuit.replace(/-/g, '').trim();
    if (!/^\d{11}$/.test(cuit)) throw badUserInput('El CUIT debe tener 11 dígitos.', 'filter.payerCuit');
    filters.push({ field: 'payer_id', operation: 'EQUAL', value: cuit });
  }
  if (f.status) {
    const status = Object.keys(STATUSES).find((key) => STATUSES[key] === f.status) as string;
    filters.push({ field: 'status', operation: 'EQUAL', value: status });
  }
  const search = normalizeSearch(f.search, 'filter.search');
  if (search) filters.push(searchFilter(search, { idField: 'payment_id', textField: 'destiny_transfer_id' }));
  return filters;
}

const present = (model: TransferModel, permissions: readonly string[]) =>
  ({ ...model, actions: transferActions.list(model, permissions) }) as TransferConciliation;

/** Spec 001 §8 "Conciliación aprovada", spelled right (docs/decisions.md "Transfer conciliation"). */
export const CONCILIATION_SUCCESS = 'Conciliación aprobada';

const resolvers: Resolvers = {
  Query: {
    async transfers(_root, args, { dataSources, user }) {
      const { page, pageSize } = normalizePaging(args.page, args.pageSize, 25);
      const filters = transferFilters(args.filter);
      const sorts: Sort[] = [
        args.sort
          ? { field: SORTS[args.sort.field], direction: args.sort.direction === 'ASC' ? 'asc' : 'desc' }
          : { field: 'request_date', direction: 'desc' },
      ];
      const answer = await dataSources.transfers.list({ filters, page, limit: pageSize, sorts });
      return {
        rows: answer.rows.map((raw) => present(mapTransfer(raw), user.permissions)),
        total: answer.size,
        page,
        pageSize,
      };
    },
  },
  Mutation: {
    async conciliateTransfer(_root, args, ctx): Promise<TransferMutationPayload> {
      const id = checkId(args.id);
      const key = args.idempotencyKey == null ? null : checkIdempotencyKey(args.idempotencyKey);
      const source = ctx.dataSources.transfers;
      const result = await runAction({
        load: async () => {
          const raw = await source.byId(id);
          return raw && mapTransfer(raw);
        },
        notFound: notFoundFailure('transfer', 'conciliation_not_found'),
        decide: (doc) => transferActions.decide('CONCILIATE', doc, ctx.user.permissions),
        write: async () => mapTransfer(await source.conciliate(id, key)),
        onWriteFailure: () => ctx.forgetUpstreamReads(),
      });
      ctx.forgetUpstreamReads();
      const shown = (model: TransferModel | null) => model && present(model, ctx.user.permissions);
      return result.ok
        ? { transfer: shown(result.answer), error: null, outcome: 'SUCCESS', message: CONCILIATION_SUCCESS }
        : { transfer: shown(result.doc), ...result.failure, message: null };
    },
  },
  TransferConciliation: {
    collector: (transfer, _args, { loaders }) => loaders.collector.load(transfer.collectorId),
  },
};

const ERRORS: readonly CatalogueEntry[] = [
  {
    service: 'transfer',
    code: 'not_found',
    extendedCode: 'conciliation_not_found',
    message: 'No se encontró la transferencia.',
  },
  {
    service: 'transfer',
    code: 'invalid_status',
    extendedCode: 'conciliation_not_pending',
    message: 'La transferencia ya no está pendiente de conciliación.',
  },
];

/** Transfer conciliation (/transferencias; spec 001 §2 "Transfer conciliation list"). */
export const transfersModule = defineModule({
  name: 'transfers',
  schemaFiles: ['transfer.graphql'],
  resolvers,
  dataSources: (upstream) => ({ transfers: new TransfersDataSource(upstream('transfer')) }),
  errors: ERRORS,
});
