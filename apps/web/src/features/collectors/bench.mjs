// This area's scenarios in `npm run bench` (bench/lib/areas.mjs reads the bench.mjs of every feature folder).
export const BENCH = [
  { kind: 'list', route: '/comercios', operation: 'CollectorsSearch' },
  { kind: 'detail', route: '/comercios/10001', operation: 'CollectorPage', variables: { id: '10001' } },
];
