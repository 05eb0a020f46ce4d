import { HOUR_MS, iso, monthsBackAr, startOfMonthAr } from '../../lib/dates.js';
import type { SeedContext } from '../../lib/service.js';
import type { PaymentStore } from '../payment/store.js';
import { matchingRows } from './jobs.js';
import {
  EXPORT_FORMATS,
  ExportStore,
  type ExportFormat,
  type ExportJob,
  type ExportStatus,
  type ExportType,
} from './store.js';

/** First id of the seeded jobs; new ones follow the last. */
export const FIRST_EXPORT_ID = 7000001;

/**
 * Twelve finished or failed jobs over the current month and the two before (both types, every format), their rows
 * read from the seeded payments and subscriptions with a filter each. No seeded job is still running.
 */
export function seedExports({ today, stores, rng }: SeedContext): ExportStore {
  const payments = stores.get<PaymentStore>('payment').all();
  const collector = payments[0]?.collector_id ?? '10001';
  const filtersByType: Record<ExportType, string[]> = {
    payments: [
      JSON.stringify([{ field: 'status', operation: 'EQUAL', value: 'approved' }]),
      JSON.stringify([{ field: 'collector_id', operation: 'EQUAL', value: collector }]),
    ],
    subscription: [JSON.stringify([{ field: 'collector_id', operation: 'EQUAL', value: collector }]), '[]'],
  };
  const thisMonth = startOfMonthAr(today);
  const jobs: ExportJob[] = [];
  const rows = new Map<string, readonly unknown[]>();
  for (let index = 0; index < 12; index++) {
    const monthsBack = index < 6 ? 0 : index < 9 ? 1 : 2;
    const monthStart = monthsBack === 0 ? thisMonth : monthsBackAr(today, monthsBack);
    const span = monthsBack === 0 ? Math.max(today - thisMonth, 0) : 20 * 24 * HOUR_MS;
    const created = monthStart + HOUR_MS + Math.floor((span * index) / 12) + rng.int(0, 50) * 60_000;
    const type: ExportType = index % 3 === 2 ? 'subscription' : 'payments';
    const format: ExportFormat = EXPORT_FORMATS[index % 3]!;
    const status: ExportStatus = index === 4 || index === 10 ? 'error' : 'finished';
    const filters = filtersByType[type][index % 2]!;
    const id = String(FIRST_EXPORT_ID + index);
    const matching = status === 'finished' ? matchingRows(stores, type, filters, undefined) : [];
    rows.set(id, matching);
    jobs.push({
      id,
      type,
      format,
      status,
      records: matching.length,
      progress: status === 'finished' ? 100 : rng.int(10, 90),
      created_date: iso(created),
      updated_date: iso(created + rng.int(1, 30) * 60_000),
      filters,
      sorts: null,
      user: 'admin',
    });
  }
  return new ExportStore(jobs, rows, FIRST_EXPORT_ID + jobs.length - 1);
}
