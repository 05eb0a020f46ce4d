import { DAY_MS, HOUR_MS, iso, monthsBackAr } from '../../lib/dates.js';
import type { SeedContext } from '../../lib/service.js';
import type { CollectorStore } from '../collector/store.js';
import { SoftProviderStore, type SoftProviderItem, type SoftProviderStatus } from './store.js';

export const FIRST_SOFT_PROVIDER_ID = 5001;
export const SOFT_PROVIDER_COUNT = 40;
const PROVIDERS = ['AGIP', 'ARBA'] as const;

/** The file name of a report: provider, collector and period start (`AGIP_10001_2026-10.txt`). */
export const reportFileName = (provider: string, collectorId: string, start: string): string =>
  `${provider}_${collectorId}_${start.slice(0, 7)}.txt`;

/** Monthly reports per collector over the last months, covering every status (the newest pending approval). */
export function seedSoftProvider({ rng, today, stores }: SeedContext): SoftProviderStore {
  const collectors = stores.get<CollectorStore>('collector').all().slice(0, 10);
  const rows: SoftProviderItem[] = [];
  for (let i = 0; i < SOFT_PROVIDER_COUNT; i++) {
    const collector = collectors[i % collectors.length]!;
    const monthsBack = 1 + Math.floor(i / collectors.length);
    const start = monthsBackAr(today, monthsBack);
    const end = monthsBackAr(today, monthsBack - 1) - 1000;
    const provider = PROVIDERS[i % 3 === 2 ? 1 : 0];
    const status: SoftProviderStatus =
      i < 6
        ? 'pending_approval'
        : i % 9 === 0
          ? 'error'
          : i % 8 === 0
            ? 'in_process'
            : i < 12
              ? 'pending_approval'
              : 'sent';
    const startIso = iso(start);
    const fileName = reportFileName(provider, collector.id, startIso);
    rows.push({
      id: String(FIRST_SOFT_PROVIDER_ID + i),
      metadata: {
        file_path: `/reportes/${provider.toLowerCase()}/${fileName}`,
        file_name: fileName,
        result_send:
          status === 'sent'
            ? `Enviado ${iso(end + rng.int(2, 5) * DAY_MS)}`
            : status === 'error'
              ? 'Rechazado por el organismo: registro 12 con CUIT inválido'
              : null,
      },
      soft_provider: provider,
      collector_id: collector.id,
      collector_name: collector.name,
      start_date: startIso,
      end_date: iso(end),
      status,
      updated_date: iso(end + rng.int(1, 72) * HOUR_MS),
    });
  }
  return new SoftProviderStore(rows);
}
