// This area's scenarios in `npm run bench` (bench/lib/areas.mjs reads the bench.mjs of every feature folder).
export const BENCH = [
  // Buscar BINs pages by 10 whatever the request asks (the service's cap).
  { kind: 'list', route: '/bin', operation: 'CardBins', rows: 10 },
  { kind: 'detail', route: '/bin/618244', operation: 'CardBin', variables: { id: '618244' } },
];
