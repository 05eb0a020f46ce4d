import { Collection } from '../../lib/collection.js';

/** An identification as the payer service stores it: DNI_ARG or CUIT_ARG, digits, country ARG. */
export interface Identification {
  type: string;
  number: string;
  country: string;
}

export interface Phone {
  description: string;
  area_code: string;
  phone_number: string;
}

export interface Payer {
  id: string;
  name: string;
  email: string;
  external_reference: string | null;
  identification: Identification | null;
  phones: Phone[];
  created_date: string;
}

/** How a collector knows a payer: its own name, e-mail, member number and identification for them. */
export interface PayerReference {
  id: string;
  collector_id: string;
  name: string;
  email: string | null;
  external_reference: string | null;
  identification: Identification | null;
  created_date: string;
  last_update_date: string;
}

export class PayerStore {
  readonly payers: Collection<Payer>;
  readonly references: Collection<PayerReference>;
  private nextPayerId: number;
  private nextReferenceId: number;

  constructor(payers: readonly Payer[], references: readonly PayerReference[]) {
    this.payers = new Collection(payers, {
      defaultSorts: [{ field: 'id', direction: 'asc' }],
      extraPaths: ['identification.number', 'identification.type', 'external_reference'],
    });
    this.references = new Collection(references, {
      defaultSorts: [{ field: 'id', direction: 'asc' }],
      extraPaths: ['identification.number', 'identification.type', 'email', 'external_reference'],
    });
    this.nextPayerId = 1 + Math.max(0, ...payers.map((payer) => Number(payer.id)));
    this.nextReferenceId = 1 + Math.max(0, ...references.map((reference) => Number(reference.id)));
  }

  createPayer(fields: Omit<Payer, 'id' | 'created_date'>, now: string): Payer {
    const payer: Payer = { id: String(this.nextPayerId++), ...fields, created_date: now };
    this.payers.put(payer);
    return payer;
  }

  createReference(
    fields: Omit<PayerReference, 'id' | 'created_date' | 'last_update_date'>,
    now: string,
  ): PayerReference {
    const reference: PayerReference = {
      id: String(this.nextReferenceId++),
      ...fields,
      created_date: now,
      last_update_date: now,
    };
    this.references.put(reference);
    return reference;
  }

  updateReference(reference: PayerReference): void {
    this.references.put(reference);
  }

  /** Removes every reference of a collector; the number removed. */
  removeReferencesOf(collectorId: string): number {
    const ids = this.references
      .all()
      .filter((reference) => reference.collector_id === collectorId)
      .map((reference) => reference.id);
    for (const id of ids) this.references.remove(id);
    return ids.length;
  }
}
