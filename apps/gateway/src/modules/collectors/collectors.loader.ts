import DataLoader from 'dataloader';
import type { CollectorsDataSource } from './collectors.datasource.js';
import { mapCollector, type CollectorModel } from './collectors.mappers.js';

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
