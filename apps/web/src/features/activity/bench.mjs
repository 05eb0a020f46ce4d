// This area's scenarios in `npm run bench` (bench/lib/areas.mjs reads the bench.mjs of every feature folder).
// Reads the gateway's own store, no upstream: its rows are whatever the run's actions left, maybe none.
export const BENCH = [{ kind: 'list', route: '/actividad', operation: 'ActivityList', storeOnly: true }];
