// This area's scenarios in `npm run bench` (bench/lib/areas.mjs reads the bench.mjs of every feature folder).
// A list only: the rows' actions and dialogs read no detail operation.
export const BENCH = [{ kind: 'list', route: '/soft-provider', operation: 'SoftProviderItems' }];
