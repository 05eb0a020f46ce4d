import { filtersOf } from '@/lib/list';
import { listPreload, listQueryPreload, preloadsTogether } from '@/lib/preload/list-preload';
import { distributionsList, distributionsQuery, statisticsFilterOf, toDistributionFilter } from './distributions-list';
import { DistributionStatisticsDocument } from './gql/graphql';
import { DistributionStatisticsText, DistributionsText } from './gql/operation-texts';

/**
 * /distribucion's first queries, started on navigation (app/routes.ts) while the screen's chunk loads: the list and
 * its cards' counts, for the list the address names; on a document's first address both leave before Apollo
 * (app/first-request.ts). Without them the rows waited for the chunk, its render, then the gateway.
 */
export default preloadsTogether(
  listQueryPreload(distributionsQuery, DistributionsText),
  listPreload(
    distributionsList,
    DistributionStatisticsDocument,
    (state) => ({ filter: statisticsFilterOf(toDistributionFilter(filtersOf(state))) }),
    DistributionStatisticsText,
    { preferences: false },
  ),
);
