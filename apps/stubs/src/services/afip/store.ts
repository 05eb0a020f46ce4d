import { Collection } from '../../lib/collection.js';

export type PresentationStatus = 'created' | 'delivered' | 'reprocess';
export const PRESENTATION_STATUSES: readonly PresentationStatus[] = ['created', 'delivered', 'reprocess'];

/** A tax-form file structure (form type): what a presentation's file follows (spec 001 §3). */
export interface FileStructure {
  id: string;
  form_name: string;
  version: string;
  created_date: string;
  created_by: string;
}

/** A presentation to the tax authority (spec 001 §3 "Presentation"; docs/upstream-contract.md "AFIP"). */
export interface Presentation {
  id: string;
  afip_transaction_id: string | null;
  /** `YYYY-MM`. */
  period: string;
  status: PresentationStatus;
  status_detail: string | null;
  created_by: string;
  created_date: string;
  file_structure: { id: string; form_name: string; version: string };
  file_name: string;
  delivery_date: string | null;
  reprocess_date: string | null;
  reprocess_by: string | null;
  reprocess_detail: string | null;
}

export class AfipStore {
  readonly presentations: Collection<Presentation>;
  readonly structures: Collection<FileStructure>;
  private nextId: number;

  constructor(presentations: readonly Presentation[], structures: readonly FileStructure[]) {
    this.presentations = new Collection(presentations, {
      defaultSorts: [{ field: 'created_date', direction: 'desc' }],
      extraPaths: ['afip_transaction_id', 'delivery_date', 'reprocess_detail', 'status_detail'],
    });
    this.structures = new Collection(structures);
    this.nextId = Math.max(0, ...presentations.map((p) => Number(p.id))) + 1;
  }

  newId(): string {
    return String(this.nextId++);
  }
}

/** The file name of a presentation: form, period and id (`F8126_2026-10_3001.txt`). */
export const presentationFileName = (formName: string, period: string, id: string): string =>
  `${formName.replace(/[^A-Za-z0-9]+/g, '').slice(0, 12) || 'FORM'}_${period}_${id}.txt`;
