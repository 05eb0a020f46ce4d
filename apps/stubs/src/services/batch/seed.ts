import { DAY_MS, HOUR_MS, iso } from '../../lib/dates.js';
import type { SeedContext } from '../../lib/service.js';
import type { Collector, CollectorStore } from '../collector/store.js';
import type { Payment, PaymentStore } from '../payment/store.js';
import { BatchStore, type Batch, type BatchRecord, type BatchStatus } from './store.js';

/**
 * The withdrawal batches (docs/upstream-contract.md "Batch service"): one per `batch_withdrawal` the payments
 * name (their records are those payments, so a payment's "associated batch" opens a batch that lists it), plus
 * the fixtures below, created today, whose records are approved payments of the collector not yet in a batch.
 */
export const BATCH_FIXTURES = {
  /** Collector 10001 (batch version 00004): for_withdrawing with records (every format downloads). */
  forWithdrawing: '20190',
  /** 10001, error: reprocess puts it back to for_withdrawing. */
  errorBankRejected: '20191',
  /** 10001, error: reprocess puts it back to for_withdrawing. */
  errorTimeout: '20192',
  /** 10001, error: reprocess fails (422 batch_destination_account_missing) and it stays in error. */
  errorNoAccount: '20193',
  /** 10001, for_withdrawing without records: nothing to download. */
  empty: '20194',
  /** 10001, in_withdrawn with records: may be re-exported. */
  inWithdrawn: '20195',
} as const;

/** Batches whose reprocess fails with this business error (the batch stays in error). */
export const REPROCESS_FAILS = new Set<string>([BATCH_FIXTURES.errorNoAccount]);

const cents = (amount: number): number => Math.round(amount * 100);

function recordOf(payment: Payment): BatchRecord {
  const fees = payment.fee_details.reduce((sum, fee) => sum + cents(fee.amount), 0);
  return {
    payment_id: payment.id,
    payer_name: payment.payer.name,
    concept: payment.details[0]?.concept_description ?? '',
    amount: (cents(payment.final_amount) - fees) / 100,
    accreditation_date: payment.accreditation_date ?? payment.last_update_date,
  };
}

const balanceOf = (records: readonly BatchRecord[]): number =>
  records.reduce((sum, record) => sum + cents(record.amount), 0) / 100;

interface BatchInput {
  id: string;
  collector: Collector | undefined;
  collectorId: string;
  version: string;
  status: BatchStatus;
  records: BatchRecord[];
  creation: number;
  error?: Batch['error'];
}

function batchOf(input: BatchInput): Batch {
  const dates = input.records.map((r) => Date.parse(r.accreditation_date)).sort((a, b) => a - b);
  const start = dates[0] ?? input.creation - 7 * DAY_MS;
  const end = dates[dates.length - 1] ?? input.creation;
  const exported = input.status === 'in_withdrawn' || input.status === 'withdrawn';
  return {
    id: input.id,
    collector_id: input.collectorId,
    collector_detail: {
      name: input.collector?.name ?? input.collectorId,
      cbu: input.collector?.bank_account.cbu ?? '',
    },
    creation_date: iso(input.creation),
    start_date: iso(start),
    end_date: iso(end),
    balance: balanceOf(input.records),
    record_count: input.records.length,
    version: input.version,
    status: input.status,
    status_detail: input.error ? input.error.extended_code : null,
    error: input.error ?? null,
    last_update_date: iso(input.creation + (exported ? HOUR_MS : 0)),
    reprocess_date: null,
    export_date: exported ? iso(input.creation + HOUR_MS) : null,
    export_count: exported ? 1 : 0,
  };
}

const exportError = (extended: string, message: string): NonNullable<Batch['error']> => ({
  code: 'export_error',
  extended_code: extended,
  message,
});

export function seedBatches({ today, stores }: SeedContext): BatchStore {
  const collectors = stores.get<CollectorStore>('collector');
  const payments = stores.get<PaymentStore>('payment').all();
  const rows: Batch[] = [];
  const records = new Map<string, BatchRecord[]>();
  const add = (input: BatchInput) => {
    rows.push(batchOf(input));
    records.set(input.id, input.records);
  };

  // Batches the payments name, with those payments as records.
  const groups = new Map<string, { batch: NonNullable<Payment['batch_withdrawal']>; payments: Payment[] }>();
  for (const payment of payments) {
    const batch = payment.batch_withdrawal;
    if (!batch) continue;
    const group = groups.get(batch.id) ?? { batch, payments: [] };
    group.payments.push(payment);
    groups.set(batch.id, group);
  }
  for (const { batch, payments: members } of groups.values()) {
    // Closed the day after its last accreditation (never later than today).
    const latest = Math.max(...members.map((p) => Date.parse(p.batch_withdrawal?.creation_date ?? '')));
    add({
      id: batch.id,
      collector: collectors.get(batch.collector_id),
      collectorId: batch.collector_id,
      version: batch.version,
      status: batch.status as BatchStatus,
      records: members.map(recordOf).sort((a, b) => a.payment_id.localeCompare(b.payment_id)),
      creation: Math.min(Number.isFinite(latest) ? latest : today, today),
    });
  }

  // Fixtures: approved payments of the collector not yet in any batch, a few per batch.
  // Only accredited payments (accreditation before today) can be withdrawn; the most recent first.
  const accredited = (p: Payment) =>
    p.accreditation_date !== null && Date.parse(p.accreditation_date) < today;
  const unbatched = (collectorId: string): BatchRecord[] =>
    payments
      .filter(
        (p) =>
          p.collector_id === collectorId && p.status === 'approved' && !p.batch_withdrawal && accredited(p),
      )
      .sort((a, b) => (b.accreditation_date ?? '').localeCompare(a.accreditation_date ?? ''))
      .map(recordOf);
  const first = collectors.get('10001');
  const pool = unbatched('10001');
  const take = (count: number) => pool.splice(0, count);
  const fixture = (id: string, status: BatchStatus, count: number, error?: Batch['error']) =>
    add({
      id,
      collector: first,
      collectorId: '10001',
      version: first?.batch_version ?? '00004',
      status,
      records: take(count),
      creation: today,
      error,
    });
  fixture(BATCH_FIXTURES.forWithdrawing, 'for_withdrawing', 4);
  fixture(
    BATCH_FIXTURES.errorBankRejected,
    'error',
    3,
    exportError('bank_file_rejected', 'El banco rechazó el archivo del lote.'),
  );
  fixture(
    BATCH_FIXTURES.errorTimeout,
    'error',
    2,
    exportError('bank_timeout', 'El banco no respondió al enviar el lote.'),
  );
  fixture(
    BATCH_FIXTURES.errorNoAccount,
    'error',
    2,
    exportError('destination_account_missing', 'La entidad no tiene cuenta de destino configurada.'),
  );
  fixture(BATCH_FIXTURES.empty, 'for_withdrawing', 0);
  fixture(BATCH_FIXTURES.inWithdrawn, 'in_withdrawn', 2);

  // Every other batch-strategy collector: one batch in error today (id …90), so each status shows up widely.
  for (const collector of collectors.all()) {
    if (collector.id === '10001' || !collector.withdrawal_strategy.startsWith('batch')) continue;
    const index = Number(collector.id) - 10_000;
    if (!Number.isInteger(index) || index < 1 || index > 98) continue;
    add({
      id: String(20_000 + index * 100 + 90),
      collector,
      collectorId: collector.id,
      version: collector.batch_version,
      status: 'error',
      records: unbatched(collector.id).slice(0, 3),
      creation: today,
      error: exportError('bank_file_rejected', 'El banco rechazó el archivo del lote.'),
    });
  }
  return new BatchStore(rows, records);
}
