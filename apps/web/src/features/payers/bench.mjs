// This area's scenarios in `npm run bench` (bench/lib/areas.mjs reads the bench.mjs of every feature folder).
export const BENCH = [
  { kind: 'list', route: '/pagadores', operation: 'PayersSearch', sampled: false },
  {
    kind: 'detail',
    route: '/pagadores/700001',
    operation: 'PayerDetail',
    variables: { id: '700001', withReferences: true },
  },
  {
    kind: 'list',
    key: 'payer_references_list',
    route: '/pagadores/referencias',
    operation: 'PayerReferences',
  },
  {
    kind: 'detail',
    key: 'payer_references_detail',
    route: '/pagadores/referencias/9000001/editar',
    operation: 'PayerReference',
    variables: { id: '9000001' },
  },
];
