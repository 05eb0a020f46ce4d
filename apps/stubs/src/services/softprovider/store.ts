import { Collection } from '../../lib/collection.js';

export type SoftProviderStatus = 'in_process' | 'error' | 'pending_approval' | 'sent';
export const SOFT_PROVIDER_STATUSES: readonly SoftProviderStatus[] = [
  'in_process',
  'error',
  'pending_approval',
  'sent',
];

/** One report of the software-provider integrations (spec 001 §3 "Software-provider item"). */
export interface SoftProviderItem {
  id: string;
  metadata: { file_path: string; file_name: string; result_send: string | null };
  /** The report's format: the tax agency's layout (AGIP, ARBA). */
  soft_provider: string;
  collector_id: string;
  /** The collector's name (the screen's "entidad"). */
  collector_name: string;
  start_date: string;
  end_date: string;
  status: SoftProviderStatus;
  updated_date: string;
}

export class SoftProviderStore {
  readonly items: Collection<SoftProviderItem>;

  constructor(rows: readonly SoftProviderItem[]) {
    this.items = new Collection(rows, {
      defaultSorts: [{ field: 'start_date', direction: 'desc' }],
      extraPaths: ['metadata.result_send'],
    });
  }
}
