import { Collection } from '../../lib/collection.js';

/** Distribution statuses (spec 001 §4 "Distribution"). */
export type DistributionStatus =
  | 'error'
  | 'authorization_pending'
  | 'rejected'
  | 'pending'
  | 'in_process'
  | 'success'
  | 'manual'
  | 'deferred'
  | 'scheduled';

export type DistributionType = 'no_scheduled' | 'scheduled';

export interface Destination {
  type: 'cbu' | 'alias';
  value: string;
  cuit: string;
  name: string;
}

/** Who changed a detail's destination and when (the service keeps it; the back-office shows it). */
export interface DestinationChange {
  date: string;
  user: string | null;
  previous: Destination;
  current: Destination;
}

/** A distribution header (spec 001 §3): `collector.id` is the signature. */
export interface Distribution {
  id: string;
  type: DistributionType;
  status: DistributionStatus;
  status_detail: string | null;
  payment_id: string;
  request_date: string;
  last_update_date: string;
  total_amount: number;
  collector: { id: string; name: string };
}

/** A distribution detail (spec 001 §3). */
export interface DistributionDetail {
  id: string;
  distribution_id: string;
  type: DistributionType;
  status: DistributionStatus;
  status_detail: string | null;
  amount: number;
  destination: Destination;
  observations: string | null;
  last_update_date: string;
  destination_changes: DestinationChange[];
  /** Who forced the detail to success and when (a PUT with status success); null when never forced. */
  forced_success: { user: string | null; date: string } | null;
  vouchers: { email: string; date: string }[];
}

export class DistributionStore {
  readonly distributions: Collection<Distribution>;
  readonly details = new Map<string, DistributionDetail[]>();

  constructor(rows: readonly Distribution[], details: readonly DistributionDetail[]) {
    this.distributions = new Collection(rows, {
      defaultSorts: [{ field: 'request_date', direction: 'desc' }],
      extraPaths: ['status_detail'],
    });
    for (const detail of details) {
      const list = this.details.get(detail.distribution_id) ?? [];
      list.push(detail);
      this.details.set(detail.distribution_id, list);
    }
  }

  detailsOf(id: string): DistributionDetail[] {
    return this.details.get(id) ?? [];
  }

  /** Replaces a detail and keeps the header's total (sum of its details, in cents) in step. */
  putDetail(detail: DistributionDetail, now: string): void {
    const list = this.detailsOf(detail.distribution_id).map((d) => (d.id === detail.id ? detail : d));
    this.details.set(detail.distribution_id, list);
    const header = this.distributions.get(detail.distribution_id);
    if (!header) return;
    const cents = list.reduce((sum, d) => sum + Math.round(d.amount * 100), 0);
    const allSuccess = list.every((d) => d.status === 'success');
    this.distributions.put({
      ...header,
      total_amount: cents / 100,
      status: allSuccess ? 'success' : header.status,
      last_update_date: now,
    });
  }
}
