/** Transfer conciliations (spec 001 §3 "Transfer conciliation"): a payer's bank transfer to match with a payment. */
import { Collection } from '../../lib/collection.js';

export type ConciliationStatus = 'pending' | 'conciliated' | 'rejected';

export interface TransferConciliation {
  id: string;
  collector_id: string;
  /** The payer's tax id (CUIT, 11 digits). */
  payer_id: string;
  payment_id: string;
  destiny_transfer_id: string;
  amount: number;
  request_date: string;
  status: ConciliationStatus;
  status_detail: string;
  conciliation_date: string | null;
}

export class TransferStore {
  readonly conciliations: Collection<TransferConciliation>;

  constructor(rows: readonly TransferConciliation[]) {
    this.conciliations = new Collection(rows, {
      defaultSorts: [{ field: 'request_date', direction: 'desc' }],
    });
  }

  /** Manual conciliation of a pending transfer. */
  conciliate(row: TransferConciliation, now: string): TransferConciliation {
    const next: TransferConciliation = {
      ...row,
      status: 'conciliated',
      status_detail: 'Conciliación manual',
      conciliation_date: now,
    };
    this.conciliations.put(next);
    return next;
  }
}
