// The areas' scenarios beyond payments: each is one of the web's own operations (apps/web/src/features/<feature>/
// api/*.graphql, with the fragments it spreads and `__typename` as Apollo sends it), measured like the payment
// list and detail (gateway vs the same upstream calls made directly, alternated). Checked by
// apps/gateway/src/__tests__/bench-scenarios.test.ts (valid against the schema, no errors, `rowsOf` as expected).
import { namedWebOperation } from './documents.mjs';

/**
 * A list scenario: the web's list operation, page 1 of 50 rows, `root` the query's root field. `rows`: the
 * page the service answers (50, or its own cap); a list that holds fewer (the lists of seed 001 hold 10–90
 * rows) must answer all of them (`total`).
 */
const list = (key, route, feature, operation, root, { rows = 50, variables = {}, sampled = false } = {}) => ({
  key,
  route,
  feature,
  operation,
  variables: { page: 1, pageSize: 50, ...variables },
  inputIds: [],
  rowsOf: (data) => data[root]?.rows ?? [],
  totalOf: (data) => data[root]?.total,
  expectRows: rows,
  sampled,
});

/** A detail scenario: the web's detail operation for one fixture, `root` the query's root field. */
const detail = (key, route, feature, operation, root, variables, { sampled = false } = {}) => ({
  key,
  route,
  feature,
  operation,
  variables,
  inputIds: Object.values(variables).filter((value) => typeof value === 'string'),
  rowsOf: (data) => (data[root] ? [data[root]] : []),
  expectRows: 1,
  sampled,
});

/** Measured in the sampled form (see bench/README.md, "Time budget"): 1 user, alternated requests. */
const SAMPLED = { sampled: true };

/**
 * One entry per scenario. `key`: prefix of its keys in latest.json; `feature`/`operation`: the web document;
 * `variables`: what the scenario sends (lists: page 1 of 50 rows with no filter, so every list has a full
 * page whatever the day; the screens open on the same document with their default filters); `inputIds`: ids
 * the request carries (the direct path's dependency levels start from them); `rowsOf(data)`: the rows the
 * answer must hold (`expectRows`), or the one object a detail must return.
 */
export const AREA_SCENARIOS = [
  list('subscriptions_list', '/suscripciones', 'subscriptions', 'SubscriptionsSearch', 'subscriptions'),
  {
    key: 'subscriptions_detail',
    route: '/suscripcion/4000005',
    feature: 'subscriptions',
    operation: 'SubscriptionById',
    // A fixture with a collector (the detail then needs the collector batch: two dependency levels).
    variables: { id: '4000005' },
    inputIds: ['4000005'],
    rowsOf: (data) => (data.subscription?.collector?.name ? [data.subscription] : []),
    expectRows: 1,
  },
  list('withdraws_list', '/retiros', 'withdrawals', 'Withdraws', 'withdraws'),
  list('distributions_list', '/distribucion', 'distributions', 'Distributions', 'distributions'),
  list('payers_list', '/pagadores', 'payers', 'PayersSearch', 'payers'),
  // Every other area, list and detail (a detail shown in a dialog is listed at its list's route; an area whose
  // screens are lists only has no detail scenario: exports, transfers, soft-provider, service payments), in the
  // sampled form so the run stays under 3 minutes.
  list('withdrawals_list', '/retiros', 'withdrawals', 'Withdrawals', 'withdrawals', SAMPLED),
  detail(
    'withdrawals_detail',
    '/retiros',
    'withdrawals',
    'WithdrawalDetail',
    'withdrawal',
    { id: '6000054' },
    SAMPLED,
  ),
  detail(
    'distributions_detail',
    '/distribucion',
    'distributions',
    'DistributionDetail',
    'distribution',
    { id: '9300001' },
    SAMPLED,
  ),
  detail(
    'payers_detail',
    '/pagadores/700001',
    'payers',
    'PayerDetail',
    'payer',
    { id: '700001', withReferences: true },
    SAMPLED,
  ),
  list(
    'payer_references_list',
    '/pagadores/referencias',
    'payers',
    'PayerReferences',
    'payerReferences',
    SAMPLED,
  ),
  detail(
    'payer_references_detail',
    '/pagadores/referencias/9000001/editar',
    'payers',
    'PayerReference',
    'payerReference',
    { id: '9000001' },
    SAMPLED,
  ),
  list('collectors_list', '/comercios', 'collectors', 'CollectorsSearch', 'collectors', SAMPLED),
  detail(
    'collectors_detail',
    '/comercios/10001',
    'collectors',
    'CollectorPage',
    'collector',
    { id: '10001' },
    SAMPLED,
  ),
  list('imports_list', '/importaciones', 'imports', 'ImportsList', 'imports', SAMPLED),
  detail(
    'imports_detail',
    '/importacion/4001',
    'imports',
    'PaymentImportDetail',
    'paymentImport',
    { id: '4001' },
    SAMPLED,
  ),
  list('batches_list', '/lotes', 'batches', 'WithdrawalBatches', 'withdrawalBatches', {
    variables: { filter: { collectorId: '10001' } },
    ...SAMPLED,
  }),
  detail(
    'batches_detail',
    '/lotes/lotes/10001/20190',
    'batches',
    'WithdrawalBatch',
    'withdrawalBatch',
    { collectorId: '10001', id: '20190' },
    SAMPLED,
  ),
  list('afip_list', '/afip', 'afip', 'PresentationsList', 'presentations', SAMPLED),
  detail('afip_detail', '/afip/3001', 'afip', 'PresentationDetail', 'presentation', { id: '3001' }, SAMPLED),
  // Buscar BINs pages by 10 whatever the request asks (the service's cap).
  list('bins_list', '/bin', 'bins', 'CardBins', 'cardBins', { rows: 10, ...SAMPLED }),
  detail('bins_detail', '/bin/618244', 'bins', 'CardBin', 'cardBin', { id: '618244' }, SAMPLED),
  list('transfers_list', '/transferencias', 'transfers', 'Transfers', 'transfers', SAMPLED),
  list('exports_list', '/exportaciones', 'exports', 'ExportsHistory', 'exports', SAMPLED),
  list(
    'softprovider_list',
    '/soft-provider',
    'softprovider',
    'SoftProviderItems',
    'softProviderItems',
    SAMPLED,
  ),
  list(
    'service_payments_list',
    '/pagos/pago-de-servicios/transacciones',
    'service-payments',
    'TransactionBatches',
    'transactionBatches',
    SAMPLED,
  ),
];

/** The rows the scenario's answer `data` must hold: a full page, or every row when the list holds fewer. */
export const expectedRows = (scenario, data) =>
  scenario.totalOf ? Math.min(scenario.expectRows, scenario.totalOf(data) ?? 0) : scenario.expectRows;

/** The scenario's document (the web's operation with its fragments) and variables; throws when it is gone. */
export function areaDocument(scenario) {
  const doc = namedWebOperation(scenario.feature, scenario.operation, scenario.variables);
  if (!doc) {
    throw new Error(
      `${scenario.key}: the web defines no operation ${scenario.operation} in features/${scenario.feature}/api`,
    );
  }
  return doc;
}
