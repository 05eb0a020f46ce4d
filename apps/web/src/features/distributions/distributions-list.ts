import { defineListQuery, filtersOf } from '@/lib/list';
import { DistributionsDocument, type DistributionFilter } from './gql/graphql';
import { distributionsList, type DistributionFilters } from './distributions-list.definition';

export { dayOf, distributionsList, type DistributionFilters } from './distributions-list.definition';

/** The gateway's filter (the gateway applies the search rule of spec 001 §5). */
export const toDistributionFilter = (f: DistributionFilters): DistributionFilter => ({
  type: f.type,
  status: f.status,
  from: `${f.from}T00:00:00.000-03:00`,
  to: `${f.to}T23:59:59.999-03:00`,
  search: f.search || null,
});

/** What the cards count: the list's type and range, every status (docs/decisions.md, "Distributions"). */
export const statisticsFilterOf = (filter: DistributionFilter) => ({
  type: filter.type,
  from: filter.from,
  to: filter.to,
});

/** Distribuciones' query for a list state (the service takes no sort). */
export const distributionsQuery = defineListQuery({
  list: distributionsList,
  document: DistributionsDocument,
  variables: (state) => ({
    filter: toDistributionFilter(filtersOf(state)),
    page: state.page,
    pageSize: state.pageSize,
  }),
  pageOf: (data) => data.distributions,
});
