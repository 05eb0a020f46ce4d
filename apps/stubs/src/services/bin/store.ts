import { Collection } from '../../lib/collection.js';

/** One entry of a BIN lookup list (marcas, tipos, subtipos, emisores). */
export interface LookupItem {
  id: string;
  description: string;
}

/** A card BIN (spec 001 §3 "Card BIN"): `id` is the 6-digit number (also `iin`). */
export interface CardBin {
  id: string;
  iin: string;
  brand: LookupItem;
  type: LookupItem;
  subtype: LookupItem | null;
  /** ISO alpha-3 (the web's local country list). */
  country: string | null;
  emisor: LookupItem | null;
  media_payment_id: number;
  accreditation_days: number;
  /** Referenced by payments: the service refuses to delete it (answers false). */
  in_use: boolean;
  created_date: string;
  updated_date: string;
}

export class BinStore {
  readonly bins: Collection<CardBin>;
  readonly brands: Collection<LookupItem>;
  readonly types: Collection<LookupItem>;
  readonly subtypes: Collection<LookupItem>;
  readonly issuers: Collection<LookupItem>;

  constructor(
    bins: readonly CardBin[],
    lookups: { brands: LookupItem[]; types: LookupItem[]; subtypes: LookupItem[]; issuers: LookupItem[] },
  ) {
    this.bins = new Collection(bins, {
      defaultSorts: [{ field: 'id', direction: 'asc' }],
      extraPaths: ['subtype.description', 'emisor.description', 'country'],
    });
    const byDescription = { defaultSorts: [{ field: 'description', direction: 'asc' as const }] };
    this.brands = new Collection(lookups.brands, byDescription);
    this.types = new Collection(lookups.types, byDescription);
    this.subtypes = new Collection(lookups.subtypes, byDescription);
    this.issuers = new Collection(lookups.issuers, byDescription);
  }
}
