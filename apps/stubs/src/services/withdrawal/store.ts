import { Collection } from '../../lib/collection.js';
import type { CollectorDetail } from '../withdraw/common.js';

export type WithdrawalStatus = 'pending_authorization' | 'authorized' | 'refused';
export const WITHDRAWAL_STATUSES: readonly WithdrawalStatus[] = [
  'pending_authorization',
  'authorized',
  'refused',
];

/** A withdrawal of the authorization and history lists (spec 001 §3 "Withdrawal"). */
export interface Withdrawal {
  id: string;
  status: WithdrawalStatus;
  /** The refusal reason; null unless refused. */
  status_detail: string | null;
  collector_id: string;
  collector_detail: CollectorDetail;
  destination: { type: 'cbu'; value: string };
  request_date: string;
  approved_date: string | null;
  amount: number;
  currency_id: 'ARS';
  request_user: string;
  authorized_by: string | null;
}

export class WithdrawalStore {
  readonly withdrawals: Collection<Withdrawal>;

  constructor(rows: readonly Withdrawal[]) {
    this.withdrawals = new Collection(rows, {
      defaultSorts: [{ field: 'request_date', direction: 'asc' }],
      extraPaths: ['status_detail', 'approved_date', 'authorized_by'],
    });
  }

  get(id: string): Withdrawal | undefined {
    return this.withdrawals.get(id);
  }

  put(row: Withdrawal): Withdrawal {
    this.withdrawals.put(row);
    return row;
  }
}
