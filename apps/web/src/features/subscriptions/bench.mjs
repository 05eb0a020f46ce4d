// This area's scenarios in `npm run bench` (bench/lib/areas.mjs reads the bench.mjs of every feature folder).
export const BENCH = [
  { kind: 'list', route: '/suscripciones', operation: 'SubscriptionsSearch', sampled: false },
  {
    kind: 'detail',
    route: '/suscripcion/4000005',
    operation: 'SubscriptionById',
    // A fixture with a collector (the detail then needs the collector batch: two dependency levels).
    variables: { id: '4000005' },
    rowsOf: (data) => (data.subscription?.collector?.name ? [data.subscription] : []),
    sampled: false,
  },
];
