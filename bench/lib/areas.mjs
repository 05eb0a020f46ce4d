// The areas' scenarios beyond payments: each is one of the web's own operations (apps/web/src/features/<feature>/
// api/*.graphql, with the fragments it spreads and `__typename` as Apollo sends it), measured like the payment
// list and detail (gateway vs the same upstream calls made directly, alternated). Checked by
// apps/gateway/src/__tests__/bench-scenarios.test.ts (valid against the schema, no errors, `rowsOf` as expected).
import { namedWebOperation } from './documents.mjs';

/** A list scenario: the web's list operation, page 1 of 50 rows, `root` the query's root field. */
const list = (key, route, feature, operation, root) => ({
  key,
  route,
  feature,
  operation,
  variables: { page: 1, pageSize: 50 },
  inputIds: [],
  rowsOf: (data) => data[root]?.rows ?? [],
  expectRows: 50,
});

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
];

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
