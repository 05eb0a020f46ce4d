// This area's scenarios in `npm run bench` (bench/lib/areas.mjs reads the bench.mjs of every feature folder).
const collectorId = '10001';
export const BENCH = [
  { kind: 'list', route: '/lotes', operation: 'WithdrawalBatches', variables: { filter: { collectorId } } },
  {
    kind: 'detail',
    route: '/lotes/lotes/10001/20190',
    operation: 'WithdrawalBatch',
    variables: { collectorId, id: '20190' },
  },
];
