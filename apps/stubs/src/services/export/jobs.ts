/** Creating an export job: its rows read now from the payment or subscription store, then its run over time. */
import type { Collection } from '../../lib/collection.js';
import { badRequest, invalidFilters } from '../../lib/errors.js';
import { compileFilters, parseFilters, parseSorts, sortRows, type Sort } from '../../lib/list-query.js';
import type { Stores } from '../../lib/service.js';
import type { PaymentStore } from '../payment/store.js';
import type { SubscriptionStore } from '../subscription/store.js';
import {
  EXPORT_FORMATS,
  EXPORT_TYPES,
  type ExportFormat,
  type ExportJob,
  type ExportStore,
  type ExportType,
} from './store.js';

const DEFAULT_SORTS: Sort[] = [{ field: 'request_date', direction: 'desc' }];

const documentsOf = (stores: Stores, type: ExportType): Collection<{ id: string }> =>
  type === 'payments'
    ? stores.get<PaymentStore>('payment').documents
    : stores.get<SubscriptionStore>('subscription').documents;

/** Every row of the type's store matching the encoded filters, in the sorts' order (all pages). */
export function matchingRows(
  stores: Stores,
  type: ExportType,
  rawFilters: string | undefined,
  rawSorts: string | undefined,
): readonly unknown[] {
  const documents = documentsOf(stores, type);
  const options = { isKnownField: documents.isKnownField };
  const filters = parseFilters(rawFilters, options);
  const sorts = rawSorts ? parseSorts(rawSorts, options) : DEFAULT_SORTS;
  return sortRows(documents.all(), sorts).filter(compileFilters(filters));
}

export interface CreateBody {
  type: ExportType;
  format: ExportFormat;
  filters: string;
  sorts: string | null;
}

/** The body of POST /exportaciones: type, format and the encoded filter (a JSON string, or the array itself). */
export function createBody(body: Record<string, unknown>): CreateBody {
  if (!EXPORT_TYPES.includes(body.type as ExportType)) {
    throw badRequest('invalid_type', `El tipo debe ser ${EXPORT_TYPES.join(' o ')}.`);
  }
  if (!EXPORT_FORMATS.includes(body.format as ExportFormat)) {
    throw badRequest('invalid_format', `El formato debe ser ${EXPORT_FORMATS.join(', ')}.`);
  }
  const raw = body.filters ?? '[]';
  const filters = typeof raw === 'string' ? raw : Array.isArray(raw) ? JSON.stringify(raw) : null;
  if (filters === null) throw invalidFilters('filters debe ser la lista de filtros codificada.');
  const sorts = typeof body.sorts === 'string' && body.sorts ? body.sorts : null;
  return { type: body.type as ExportType, format: body.format as ExportFormat, filters, sorts };
}

/** Moves a job on: `pending`, then `processing` in quarters of the processing time, then `finished`. */
export function run(store: ExportStore, id: string, total: number, processingMs: number): void {
  const update = (changes: Partial<ExportJob>) => {
    const job = store.jobs.get(id);
    // A job finished early (POST /export/__admin/finish) stays finished.
    if (job && isRunning(job)) store.jobs.put({ ...job, ...changes });
  };
  const finish = () => finishJob(store, id, total);
  if (processingMs <= 0) {
    finish();
    return;
  }
  const steps = [25, 50, 75];
  steps.forEach((progress, index) => {
    setTimeout(
      () => update({ status: 'processing', progress, records: Math.floor((total * progress) / 100) }),
      ((index + 1) * processingMs) / 4,
    ).unref();
  });
  setTimeout(finish, processingMs).unref();
}

const isRunning = (job: ExportJob) => job.status === 'pending' || job.status === 'processing';

function finishJob(store: ExportStore, id: string, total: number): void {
  const job = store.jobs.get(id);
  if (!job || !isRunning(job)) return;
  store.jobs.put({
    ...job,
    status: 'finished',
    progress: 100,
    records: total,
    updated_date: new Date().toISOString(),
  });
}

/** Test control: every running job finishes now (its rows were read when it was created). */
export function finishRunning(store: ExportStore): string[] {
  const running = store.jobs.all().filter(isRunning);
  for (const job of running) finishJob(store, job.id, store.rows.get(job.id)?.length ?? 0);
  return running.map((job) => job.id);
}
