import { CARD_BINS } from '../../lib/argentine-data.js';
import { DAY_MS, iso } from '../../lib/dates.js';
import type { SeedContext } from '../../lib/service.js';
import { BinStore, type CardBin, type LookupItem } from './store.js';

const items = (descriptions: readonly string[]): LookupItem[] =>
  descriptions.map((description, index) => ({ id: String(index + 1), description }));

export const BRANDS = items([
  'Visa',
  'Mastercard',
  'American Express',
  'Cabal',
  'Naranja',
  'Diners Club',
  'Maestro',
  'Argencard',
  'Nativa',
  'Cencosud',
]);
export const TYPES = items(['Crédito', 'Débito', 'Prepaga']);
export const SUBTYPES = items([
  'Clásica',
  'Gold',
  'Platinum',
  'Signature',
  'Black',
  'Internacional',
  'Corporativa',
  'Business',
]);
export const ISSUERS = items([
  'Banco de la Nación Argentina',
  'Banco de Galicia y Buenos Aires',
  'Banco Santander Argentina',
  'BBVA Argentina',
  'Banco Macro',
  'Banco de la Provincia de Buenos Aires',
  'Banco Ciudad de Buenos Aires',
  'ICBC Argentina',
  'HSBC Bank Argentina',
  'Banco Patagonia',
  'Banco Credicoop',
  'Tarjeta Naranja S.A.',
  'Banco Supervielle',
  'Banco Hipotecario',
  'Brubank',
  'Banco de Córdoba',
  'Nuevo Banco de Santa Fe',
  'Banco Comafi',
  'Banco Itaú Argentina',
  'Banco Industrial',
  'Banco del Chubut',
  'Banco de San Juan',
]);

/** media_payment_id -> [brand id, type id] of the seeded BINs. */
const BRAND_OF: Readonly<Record<number, [string, string]>> = {
  9: ['1', '1'],
  5: ['2', '1'],
  7: ['5', '1'],
  6: ['4', '1'],
  2: ['3', '1'],
  10: ['1', '2'],
  25: ['7', '2'],
  27: ['2', '2'],
};

/**
 * The BINs the payment fixtures use (in use: deletes answer false) plus generated ones of every brand, type,
 * subtype and issuer, some without country, subtype or issuer (optional fields).
 */
export function seedBins({ rng, today }: SeedContext): BinStore {
  const byId = (list: LookupItem[], id: string) => list.find((item) => item.id === id)!;
  const rows: CardBin[] = [];
  const add = (iin: string, mediaPaymentId: number, brandId: string, typeId: string, inUse: boolean) => {
    const full = rows.length % 4 !== 3;
    const created = iso(today - rng.int(30, 700) * DAY_MS);
    rows.push({
      id: iin,
      iin,
      brand: byId(BRANDS, brandId),
      type: byId(TYPES, typeId),
      subtype: full ? rng.pick(SUBTYPES) : null,
      country: full ? (rows.length % 9 === 5 ? 'URY' : 'ARG') : null,
      emisor: full ? rng.pick(ISSUERS) : null,
      media_payment_id: mediaPaymentId,
      accreditation_days: rng.pick([1, 2, 2, 10, 18, 30]),
      in_use: inUse,
      created_date: created,
      updated_date: created,
    });
  };
  for (const [mediaPaymentId, bins] of Object.entries(CARD_BINS)) {
    const [brand, type] = BRAND_OF[Number(mediaPaymentId)] ?? ['1', '1'];
    for (const bin of bins) add(bin, Number(mediaPaymentId), brand, type, true);
  }
  const generated: [string, number, string, string][] = [
    ['4', 9, '1', '1'],
    ['5', 5, '2', '1'],
    ['4', 10, '1', '2'],
    ['5', 27, '2', '2'],
    ['6', 6, '4', '1'],
    ['5', 23, '9', '1'],
    ['6', 20, '10', '3'],
  ];
  for (let i = 0; rows.length < 60; i++) {
    const [prefix, mediaPaymentId, brand, type] = generated[i % generated.length]!;
    const iin = `${prefix}${rng.digits(5)}`;
    if (rows.some((row) => row.id === iin)) continue;
    add(iin, mediaPaymentId, brand, type, false);
  }
  return new BinStore(rows, { brands: BRANDS, types: TYPES, subtypes: SUBTYPES, issuers: ISSUERS });
}
