import DataLoader from 'dataloader';
import { perKeyLoaderOrNull } from '../../shared/loaders.js';
import type { CollectorsDataSource } from './collectors.datasource.js';
import {
  mapCollector,
  mapCollectorBalance,
  mapCollectorDetail,
  mapCollectorSettings,
  type CollectorModel,
} from './collectors.mappers.js';

/** Per request: every collector asked for in one tick costs one upstream call (at most 100 ids per call). */
export function createCollectorLoader(
  source: CollectorsDataSource,
): DataLoader<string, CollectorModel | null> {
  return new DataLoader<string, CollectorModel | null>(
    async (ids) => {
      const rows = await source.byIds(ids);
      const byId = new Map<string, CollectorModel>();
      for (const raw of rows) {
        const collector = mapCollector(raw);
        byId.set(collector.id, collector);
      }
      return ids.map((id) => byId.get(id) ?? null);
    },
    { maxBatchSize: 100 },
  );
}

/** Per request and signature, once: the by-signature call (match import, withdrawal strategy, batch version). */
export const createCollectorSettingsLoader = (source: CollectorsDataSource) =>
  perKeyLoaderOrNull(async (signature) => mapCollectorSettings(await source.bySignature(signature)));

/** Per request and collector, once: the balance. */
export const createCollectorBalanceLoader = (source: CollectorsDataSource) =>
  perKeyLoaderOrNull(async (id) => mapCollectorBalance(await source.balance(id)));

/** Per request and collector, once: the administrative detail. */
export const createCollectorDetailLoader = (source: CollectorsDataSource) =>
  perKeyLoaderOrNull(async (id) => mapCollectorDetail(await source.detail(id)));
