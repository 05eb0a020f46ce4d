// This area's scenarios in `npm run bench` (bench/lib/areas.mjs reads the bench.mjs of every feature folder).
export const BENCH = [
  { kind: 'list', route: '/afip', operation: 'PresentationsList' },
  { kind: 'detail', route: '/afip/3001', operation: 'PresentationDetail', variables: { id: '3001' } },
];
