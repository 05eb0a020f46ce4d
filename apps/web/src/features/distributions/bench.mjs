// This area's scenarios in `npm run bench` (bench/lib/areas.mjs reads the bench.mjs of every feature folder).
export const BENCH = [
  { kind: 'list', route: '/distribucion', operation: 'Distributions', sampled: false },
  { kind: 'detail', route: '/distribucion', operation: 'DistributionDetail', variables: { id: '9300001' } },
];
