// This area's scenarios in `npm run bench` (bench/lib/areas.mjs reads the bench.mjs of every feature folder).
export const BENCH = [
  { kind: 'list', route: '/importaciones', operation: 'ImportsList' },
  { kind: 'detail', route: '/importacion/4001', operation: 'PaymentImportDetail', variables: { id: '4001' } },
];
