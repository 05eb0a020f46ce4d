import { defineListQuery } from '@/lib/list';
import { CollectorsSearchDocument } from './gql/graphql';
import { collectorsList } from './collectors-list.definition';

export { collectorsList, type CollectorsFilters } from './collectors-list.definition';

/** Buscar Entidades' query for a list state. */
export const collectorsQuery = defineListQuery({
  list: collectorsList,
  document: CollectorsSearchDocument,
  variables: (state) => ({ search: state.search || null, page: state.page, pageSize: state.pageSize }),
  pageOf: (data) => data.collectors,
});
