import { Collection } from '../../lib/collection.js';

/**
 * Withdrawal batch statuses (spec 001 §4 "Batch": in_withdrawn, for_withdrawing and error are named; the full
 * list is not shown). for_withdrawing: closed and waiting to be exported; in_withdrawn: exported to the bank,
 * the transfer under way; withdrawn: the money left; error: the export failed (reprocess puts it back to
 * for_withdrawing).
 */
export type BatchStatus = 'for_withdrawing' | 'in_withdrawn' | 'withdrawn' | 'error';
export const BATCH_STATUSES: readonly BatchStatus[] = [
  'for_withdrawing',
  'in_withdrawn',
  'withdrawn',
  'error',
];

/** The file formats of GET /lotes/{id}/descargar/{format}. */
export const BATCH_FORMATS = ['xlsx', 'txt', 'xml'] as const;
export type BatchFormat = (typeof BATCH_FORMATS)[number];

/** The batch layout version whose files may also be XML (spec 001 §9). */
export const XML_BATCH_VERSION = '00004';

/** One payment a batch withdraws. */
export interface BatchRecord {
  payment_id: string;
  payer_name: string;
  concept: string;
  /** Net amount (paid minus fees), JSON number with two decimals at most. */
  amount: number;
  accreditation_date: string;
}

/** A withdrawal batch (lote) as the batch service answers it (spec 001 §3 "Batch", docs/upstream-contract.md). */
export interface Batch {
  id: string;
  collector_id: string;
  collector_detail: { name: string; cbu: string };
  creation_date: string;
  start_date: string;
  end_date: string;
  balance: number;
  record_count: number;
  /** The batch file layout version ('00003', '00004'). */
  version: string;
  status: BatchStatus;
  /** Why it is in error (null otherwise). */
  status_detail: string | null;
  /** The error of the last failed export: {code, extended_code, message} (null otherwise). */
  error: { code: string; extended_code: string; message: string } | null;
  last_update_date: string;
  reprocess_date: string | null;
  export_date: string | null;
  export_count: number;
}

export class BatchStore {
  readonly batches: Collection<Batch>;
  private readonly records: Map<string, BatchRecord[]>;

  constructor(rows: readonly Batch[], records: Map<string, BatchRecord[]>) {
    this.batches = new Collection(rows, {
      defaultSorts: [{ field: 'creation_date', direction: 'desc' }],
      extraPaths: ['status_detail', 'reprocess_date', 'export_date', 'error.code', 'error.extended_code'],
    });
    this.records = records;
  }

  get(id: string): Batch | undefined {
    return this.batches.get(id);
  }

  all(): readonly Batch[] {
    return this.batches.all();
  }

  recordsOf(id: string): readonly BatchRecord[] {
    return this.records.get(id) ?? [];
  }

  /** Replaces a batch with its changed copy (records never change). */
  change(id: string, mutate: (draft: Batch) => void): Batch {
    const current = this.get(id);
    if (!current) throw new Error(`Batch ${id} does not exist`);
    const draft = structuredClone(current);
    mutate(draft);
    this.batches.put(draft);
    return draft;
  }
}
