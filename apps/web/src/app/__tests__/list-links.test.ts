import { describe, expect, it } from 'vitest';
import {
  entryHrefOf,
  filtersOf,
  hrefOf,
  parseListParams,
  type LinkedListDefinition,
  type ListDefinition,
} from '@/lib/list/list-definition';
import { activityList } from '@/features/activity/activity-list.definition';
import { approvalsList } from '@/features/approvals/approvals-list.definition';
import { presentationsList } from '@/features/afip/presentations-list.definition';
import { collectorsList } from '@/features/collectors/collectors-list.definition';
import { distributionsList } from '@/features/distributions/distributions-list.definition';
import { importsList } from '@/features/imports/imports-list.definition';
import { payersList } from '@/features/payers/list/payers-list.definition';
import { ALL_PERIODS, paymentsList } from '@/features/payments/payments-list.definition';
import { subscriptionsList } from '@/features/subscriptions/list/subscriptions-list.definition';
import { transfersList } from '@/features/transfers/transfers-list.definition';
import { historyList } from '@/features/withdrawals/withdrawal-lists.definition';
import { findRoute } from '../routes';
import { groupListPath, hitPath } from '../search/search-paths';
import type { SearchGroupKind } from '../gql/graphql';

/** Every list another screen links into, by its definition, with filters that differ from its defaults. */
const LINKED: [string, LinkedListDefinition<object, string>, object][] = [
  ['payments', paymentsList, { search: 'maria.gonzalez@gmail.com', period: ALL_PERIODS, status: 'APPROVED' }],
  ['subscriptions', subscriptionsList, { search: 'Pedro Gómez', paymentType: null, status: 'ACTIVE' }],
  ['payers', payersList, { search: 'González' }],
  ['collectors', collectorsList, { search: 'Club Atlético' }],
  ['transfers', transfersList, { cuit: '20284567898', status: null }],
  ['imports', importsList, { search: 'archivo 1.xlsx', status: 'approved' }],
  ['distributions', distributionsList, { search: '1000001', status: 'ERROR' }],
  ['presentations', presentationsList, { search: '42', status: 'REPROCESS' }],
  ['activity', activityList, { recordId: '1000001', area: 'payments', user: 'operador' }],
  ['approvals', approvalsList, { status: 'EXPIRED' }],
  [
    'withdrawal history',
    historyList,
    { collector: { id: '10001', name: 'Club & Co' }, status: 'AUTHORIZED' },
  ],
];

const NOW = new Date('2026-11-27T12:00:00-03:00');

/** The filters a list reads from a link's address, and the route it opens. */
function readBack(definition: ListDefinition<object, string>, href: string) {
  const url = new URL(href, 'http://app');
  return { path: url.pathname, filters: filtersOf(parseListParams(definition, url.searchParams, NOW)) };
}

describe('a list linked from other screens', () => {
  it.each(LINKED)(
    '%s: its definition names a route of the manifest that shows a screen',
    (_name, definition) => {
      expect(findRoute(definition.path)?.screen).toBeDefined();
      expect(findRoute(definition.path)?.path).toBe(definition.path);
    },
  );

  it.each(LINKED)(
    '%s: hrefOf gives the address the list reads back as those filters',
    (_name, definition, filters) => {
      const href = hrefOf(definition, filters, NOW);
      expect(readBack(definition, href)).toEqual({
        path: definition.path,
        filters: { ...definition.defaultFilters(NOW), ...filters },
      });
    },
  );
});

describe("global search: a hit's list and 'Ver todos' open their list on the text looked up", () => {
  const hit = { id: '1000001', collectorId: '10001', title: 'x', detail: 'Club Atlético' };

  it.each([
    ['TRANSFER', transfersList, { cuit: '20284567898' }],
    ['WITHDRAWAL', historyList, { collector: { id: '10001', name: 'Club Atlético' } }],
    ['DISTRIBUTION', distributionsList, { search: '1000001' }],
  ] as const)('a %s hit', (kind, definition, filters) => {
    const { path, filters: read } = readBack(definition, hitPath(kind, hit, '20284567898'));
    expect(path).toBe(definition.path);
    expect(read).toMatchObject(filters);
  });

  it('a withdrawal without a collector opens the history as it was left', () => {
    expect(hitPath('WITHDRAWAL', { ...hit, collectorId: null }, 'x')).toBe('/retiros/historial');
  });

  it.each([
    ['PAYMENT', paymentsList, { search: 'María', period: ALL_PERIODS }],
    ['SUBSCRIPTION', subscriptionsList, { search: 'María', paymentType: null, status: null }],
    ['PAYER', payersList, { search: 'María' }],
    ['COLLECTOR', collectorsList, { search: 'María' }],
    ['TRANSFER', transfersList, { cuit: '20284567898' }],
    ['IMPORT', importsList, { search: 'María' }],
    ['DISTRIBUTION', distributionsList, { search: 'María' }],
    ['PRESENTATION', presentationsList, { search: 'María' }],
  ] as [SearchGroupKind, LinkedListDefinition<object, string>, object][])(
    "'Ver todos' of %s",
    (kind, definition, filters) => {
      const value = kind === 'TRANSFER' ? '20284567898' : 'María';
      const { path, filters: read } = readBack(definition, groupListPath(kind, value)!);
      expect(path).toBe(definition.path);
      expect(read).toMatchObject(filters);
    },
  );

  it("has no 'Ver todos' for withdrawals and batches (listed by collector)", () => {
    expect(groupListPath('WITHDRAWAL', 'x')).toBeNull();
    expect(groupListPath('BATCH', 'x')).toBeNull();
  });
});

describe("the payer detail's buttons: /pagos and /suscripciones with `pagador` (spec 000 §2)", () => {
  it.each([
    ['payments', paymentsList],
    ['subscriptions', subscriptionsList],
  ] as const)('%s reads the e-mail as its search', (_name, definition) => {
    const href = entryHrefOf(definition, { pagador: 'maria.gonzalez@gmail.com' });
    expect(href).toBe(`${definition.path}?pagador=maria.gonzalez%40gmail.com`);
    expect(readBack(definition, href).filters).toMatchObject({ search: 'maria.gonzalez@gmail.com' });
  });
});
