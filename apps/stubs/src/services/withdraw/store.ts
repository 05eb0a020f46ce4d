import { Collection } from '../../lib/collection.js';
import type { CollectorDetail } from './common.js';

export type WithdrawStatus = 'pending' | 'transferred' | 'rejected';
export const WITHDRAW_STATUSES: readonly WithdrawStatus[] = ['pending', 'transferred', 'rejected'];

/** A withdraw of the transfer list (spec 001 §3 "Withdraw"; docs/upstream-contract.md "Withdraw service"). */
export interface Withdraw {
  id: string;
  collector_id: string;
  collector_detail: CollectorDetail;
  request_date: string;
  request_user: string;
  amount: number;
  currency_id: 'ARS';
  transfer_date: string | null;
  status: WithdrawStatus;
  /** The reject reason; null unless rejected. */
  status_detail: string | null;
  destination: { type: 'cbu'; value: string; holder: string };
  /** When it was last re-exported to the bank file; null when never. */
  export_date: string | null;
  /** The bank's transfer reference once transferred. */
  transfer_reference: string | null;
}

export class WithdrawStore {
  readonly withdraws: Collection<Withdraw>;

  constructor(rows: readonly Withdraw[]) {
    this.withdraws = new Collection(rows, {
      defaultSorts: [{ field: 'request_date', direction: 'asc' }],
      extraPaths: ['transfer_date', 'status_detail', 'export_date', 'transfer_reference'],
    });
  }

  get(id: string): Withdraw | undefined {
    return this.withdraws.get(id);
  }

  put(row: Withdraw): Withdraw {
    this.withdraws.put(row);
    return row;
  }
}
