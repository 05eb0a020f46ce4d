// This area's scenarios in `npm run bench` (bench/lib/areas.mjs reads the bench.mjs of every feature folder).
// Reads the gateway's own store (four eyes on money), no upstream: its rows are the requests the run held, maybe none.
export const BENCH = [
  { kind: 'list', route: '/aprobaciones', operation: 'ApprovalRequests', storeOnly: true },
];
