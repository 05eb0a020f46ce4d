import type DataLoader from 'dataloader';
import { perKeyLoaderOrNull } from '../../shared/loaders.js';
import type { DistributionsDataSource } from './distributions.datasource.js';
import {
  mapDistribution,
  mapDistributionDetail,
  type DistributionDetailModel,
  type DistributionModel,
} from './distributions.mappers.js';

/** Per-request loaders: each distribution and its details read at most once per GraphQL request. */
export interface DistributionLoaders {
  /** GET /distribuciones/{id}; null when it does not exist. */
  distribution: DataLoader<string, DistributionModel | null>;
  /** GET /distribuciones/{id}/detalles (page 1, size 100); null when the distribution does not exist. */
  distributionDetails: DataLoader<string, DistributionDetailModel[] | null>;
}

export function createDistributionLoaders(source: DistributionsDataSource): DistributionLoaders {
  return {
    distribution: perKeyLoaderOrNull(async (id) => mapDistribution(await source.byId(id))),
    distributionDetails: perKeyLoaderOrNull(async (id) =>
      (await source.details(id)).rows.map((raw) => mapDistributionDetail(raw, id)),
    ),
  };
}
