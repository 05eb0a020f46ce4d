import { Collection } from '../../lib/collection.js';

export type WithdrawalStrategy = 'batch_accreditation' | 'batch_approbation' | 'balance' | 'none';
export type MatchImport = 'match_payer' | 'match_concept' | 'match_identification';

/** A collector (entidad, comercio). `id` is also called signature. */
export interface Collector {
  id: string;
  signature: string;
  name: string;
  cuit: string;
  /** What the collector does (club, colegio, consorcio...). */
  activity: string;
  email: string;
  status: 'active' | 'inactive';
  checkout_version: 'v1' | 'v2';
  match_import: MatchImport | null;
  withdrawal_strategy: WithdrawalStrategy;
  batch_version: string;
  bank_account: { cbu: string; holder: string };
  notification_url: string | null;
  created_date: string;
}

export class CollectorStore {
  readonly collectors: Collection<Collector>;

  constructor(rows: readonly Collector[]) {
    this.collectors = new Collection(rows);
  }

  get(id: string): Collector | undefined {
    return this.collectors.get(id);
  }

  all(): readonly Collector[] {
    return this.collectors.all();
  }
}
