import type { ItemNoun } from '@/components/dialogs/item-noun';
import { defineListQuery, positionOf } from '@/lib/list';
import { PresentationsListDocument, type PresentationStatus } from './gql/graphql';
import { presentationsList } from './presentations-list.definition';

export {
  PRESENTATION_STATUS_LABELS,
  presentationsList,
  type PresentationsFilters,
} from './presentations-list.definition';

export const PRESENTATION_STATUS_COLORS: Readonly<
  Record<PresentationStatus, 'info' | 'success' | 'warning'>
> = {
  CREATED: 'info',
  DELIVERED: 'success',
  REPROCESS: 'warning',
};

/** MM/YYYY for the YYYY-MM a presentation covers. */
export const presentationPeriod = (period: string): string =>
  /^\d{4}-\d{2}$/.test(period) ? `${period.slice(5, 7)}/${period.slice(0, 4)}` : period;

/** "name (version)", as the form types are shown. */
export const formTypeLabel = (structure: { formName: string; version: string }): string =>
  `${structure.formName} (${structure.version})`;

/** Presentaciones AFIP's query for a list state. */
export const presentationsQuery = defineListQuery({
  list: presentationsList,
  document: PresentationsListDocument,
  variables: (state) => ({
    filter: { search: state.search || null, status: state.status },
    ...positionOf(state),
  }),
  pageOf: (data) => data.presentations,
});

export const PRESENTATION_NOUN: ItemNoun = {
  one: 'presentación',
  many: 'presentaciones',
  gender: 'feminine',
};
