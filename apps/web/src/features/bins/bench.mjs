// This area's scenarios in `npm run bench` (bench/lib/areas.mjs reads the bench.mjs of every feature folder).
export const BENCH = [
  // Pages from 1 with the size asked, like every list under the one paging contract.
  { kind: 'list', route: '/bin', operation: 'CardBins' },
  { kind: 'detail', route: '/bin/618244', operation: 'CardBin', variables: { id: '618244' } },
];
