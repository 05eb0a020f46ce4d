import { hrefOf, type LinkedListDefinition } from '@/lib/list/list-definition';
import { recordHref } from '@/lib/record-href';
import { collectorsList } from '@/features/collectors/collectors-list.definition';
import { distributionsList } from '@/features/distributions/distributions-list.definition';
import { presentationsList } from '@/features/afip/presentations-list.definition';
import { importsList } from '@/features/imports/imports-list.definition';
import { payersList } from '@/features/payers/list/payers-list.definition';
import { ALL_PERIODS, paymentsList } from '@/features/payments/payments-list.definition';
import { subscriptionsList } from '@/features/subscriptions/list/subscriptions-list.definition';
import { transfersList } from '@/features/transfers/transfers-list.definition';
import { historyList } from '@/features/withdrawals/withdrawal-lists.definition';
import type { SearchGroupKind, SearchGroupQuery } from '../gql/graphql';

export type SearchHitOf = NonNullable<SearchGroupQuery['search']>['groups'][number]['hits'][number];
type Hit = SearchHitOf;

/**
 * Where a hit opens: its detail screen, or, for records without one, their list filtered to it (a transfer: the
 * transfers of the CUIT searched; a withdrawal: its collector's withdrawal history; a distribution: its list). A
 * list's address is made by its definition (`hrefOf`), so it is the one the list reads back; a record's by its route
 * (`recordHref`).
 */
export function hitPath(kind: SearchGroupKind, hit: Hit, searched: string): string {
  const { id } = hit;
  switch (kind) {
    case 'PAYMENT':
      return recordHref('payment', { id });
    case 'SUBSCRIPTION':
      return recordHref('subscription', { id });
    case 'PAYER':
      return recordHref('payer', { id });
    case 'COLLECTOR':
      return recordHref('collector', { collectorId: id });
    case 'TRANSFER':
      return hrefOf(transfersList, { cuit: searched });
    case 'IMPORT':
      return recordHref('import', { id });
    case 'WITHDRAWAL':
      // Without its collector the history opens as the operator left it (its bare route).
      return hit.collectorId
        ? hrefOf(historyList, { collector: { id: hit.collectorId, name: hit.detail ?? hit.collectorId } })
        : historyList.path;
    case 'BATCH':
      return recordHref('batch', { collectorId: hit.collectorId ?? '', id });
    case 'DISTRIBUTION':
      return hrefOf(distributionsList, { search: hit.id });
    case 'PRESENTATION':
      return recordHref('presentation', { id });
  }
}

/** A group's 'Ver todos': its list's address for the text looked up. */
const byText =
  <F extends object, S extends string>(
    definition: LinkedListDefinition<F, S>,
    filters: (value: string) => Partial<F>,
  ) =>
  (value: string): string =>
    hrefOf(definition, filters(value));

/** Each group's list and the filters that show the text looked up ('Ver todos'). */
const GROUP_LISTS: Partial<Record<SearchGroupKind, (value: string) => string>> = {
  // Every period: the payment looked up may be of another month than the list's default.
  PAYMENT: byText(paymentsList, (value) => ({ search: value, period: ALL_PERIODS })),
  // Every payment type and status: the subscription looked up may be of any.
  SUBSCRIPTION: byText(subscriptionsList, (value) => ({ search: value, paymentType: null, status: null })),
  PAYER: byText(payersList, (value) => ({ search: value })),
  COLLECTOR: byText(collectorsList, (value) => ({ search: value })),
  TRANSFER: byText(transfersList, (value) => ({ cuit: value })),
  IMPORT: byText(importsList, (value) => ({ search: value })),
  DISTRIBUTION: byText(distributionsList, (value) => ({ search: value })),
  PRESENTATION: byText(presentationsList, (value) => ({ search: value })),
};

/**
 * 'Ver todos' of a group: its list filtered by the text as looked up (`value`, after a group's word), or
 * null for a group whose list cannot be filtered so (withdrawals and batches are listed by collector).
 */
export function groupListPath(kind: SearchGroupKind, value: string): string | null {
  return GROUP_LISTS[kind]?.(value) ?? null;
}
