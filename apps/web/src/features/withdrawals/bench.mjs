// This area's scenarios in `npm run bench` (bench/lib/areas.mjs reads the bench.mjs of every feature folder).
export const BENCH = [
  { kind: 'list', key: 'withdraws_list', route: '/retiros', operation: 'Withdraws', sampled: false },
  { kind: 'list', route: '/retiros', operation: 'Withdrawals' },
  { kind: 'detail', route: '/retiros', operation: 'WithdrawalDetail', variables: { id: '6000054' } },
];
