import { Collection } from '../../lib/collection.js';

/** Batch states (spec 001 §4 "Gateway batch"): Abierto, Pendiente, Conciliado, Cerrado. */
export type BatchState = 'open' | 'pending' | 'conciliated' | 'close';
export const BATCH_STATES: readonly BatchState[] = ['open', 'pending', 'conciliated', 'close'];

/** A service-payment transaction batch (spec 001 §3). */
export interface TransactionBatch {
  id: string;
  batch_number: number;
  state: BatchState;
  start_date: string;
  end_date: string | null;
  total_amount: number;
  total_approved_transactions: number;
  total_transactions: number;
}

/** A gateway batch (spec 001 §3); `description` and `compensation_amount` are set when it is reconciled. */
export interface GatewayBatch {
  id: string;
  batch_date: string;
  batch_number: number;
  gateway_name: string;
  state: BatchState;
  total_amount: number;
  total_approved_transactions: number;
  total_transactions: number;
  description: string | null;
  compensation_amount: number | null;
  conciliation_date: string | null;
}

export class LoteStore {
  readonly transactions: Collection<TransactionBatch>;
  readonly gateways: Collection<GatewayBatch>;

  constructor(transactions: readonly TransactionBatch[], gateways: readonly GatewayBatch[]) {
    this.transactions = new Collection(transactions, {
      defaultSorts: [{ field: 'start_date', direction: 'desc' }],
    });
    this.gateways = new Collection(gateways, {
      defaultSorts: [{ field: 'batch_date', direction: 'desc' }],
      extraPaths: ['description', 'compensation_amount', 'conciliation_date'],
    });
  }
}
