/**
 * The converter service's configurations: an origin configuration maps a source file's columns (a bank's or
 * a cash network's layout) onto the import columns; a destination configuration names where the converted
 * rows go (the import API). Fixture ids in docs/upstream-contract.md ("Converter service").
 */
import { Collection } from '../../lib/collection.js';

export interface ConverterConfiguration {
  id: string;
  name: string;
  description: string;
  /** What it converts: payments. */
  type: 'payments';
  /** origin: a source layout; destination: where converted rows are sent. */
  kind: 'origin' | 'destination';
  status: 'active' | 'inactive';
  /** Origin only: import column -> the source file's header (lower case). */
  columns: Record<string, string> | null;
  /** Origin only: amounts written as 1.234,56. */
  decimal_comma: boolean;
  created_date: string;
}

export class ConverterStore {
  readonly configurations: Collection<ConverterConfiguration>;

  constructor(rows: readonly ConverterConfiguration[]) {
    this.configurations = new Collection(rows, { defaultSorts: [{ field: 'name', direction: 'asc' }] });
  }
}
