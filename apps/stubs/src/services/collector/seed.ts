import { asciiSlug, companyCuit, randomCbu } from '../../lib/argentine-data.js';
import { DAY_MS, iso } from '../../lib/dates.js';
import { derivePrng } from '../../lib/prng.js';
import type { SeedContext } from '../../lib/service.js';
import { XSS_COLLECTOR_ID, XSS_COLLECTOR_NAME_PREFIX, XSS_PAYLOADS } from '../payment/seed.js';
import { CollectorStore, type Collector, type MatchImport, type WithdrawalStrategy } from './store.js';

/** The collectors, in id order from 10001. Payments weight their collector by `weight`. */
export const COLLECTOR_CATALOGUE: readonly { name: string; activity: string; weight: number }[] = [
  { name: 'Club Atlético San Martín de Burzaco', activity: 'club', weight: 10 },
  { name: 'Colegio Nuestra Señora de Luján', activity: 'colegio', weight: 9 },
  { name: 'Mutual de Empleados Bancarios del Litoral', activity: 'mutual', weight: 6 },
  { name: 'Consorcio Av. Rivadavia 4520', activity: 'consorcio', weight: 5 },
  { name: 'Prepaga Salud Integral S.A.', activity: 'prepaga', weight: 9 },
  { name: 'La Austral Seguros Generales', activity: 'aseguradora', weight: 7 },
  { name: 'Instituto Manuel Belgrano', activity: 'colegio', weight: 6 },
  { name: 'Club Social y Deportivo Villa Dálmine', activity: 'club', weight: 5 },
  { name: 'Universidad del Centro Bonaerense', activity: 'universidad', weight: 6 },
  { name: 'Consorcio Edificio Torre Palermo', activity: 'consorcio', weight: 4 },
  { name: 'Gimnasio Megatlón Caballito', activity: 'gimnasio', weight: 5 },
  { name: 'Cooperativa Eléctrica de Tandil', activity: 'cooperativa', weight: 6 },
  { name: 'Municipalidad de San Isidro', activity: 'municipio', weight: 4 },
  { name: 'Mutual Sanitaria Rosario', activity: 'mutual', weight: 3 },
  { name: 'Colegio San José de Calasanz', activity: 'colegio', weight: 4 },
  { name: 'Red Norte Internet S.R.L.', activity: 'servicios', weight: 5 },
  { name: 'Fundación Manos Solidarias', activity: 'fundacion', weight: 3 },
  { name: 'Club de Regatas Hispano Argentino', activity: 'club', weight: 3 },
  { name: 'Medicina Privada del Sur', activity: 'prepaga', weight: 4 },
  { name: 'Seguros Patagonia Cooperativa', activity: 'aseguradora', weight: 3 },
  { name: 'Consorcio Barrio Parque Los Aromos', activity: 'consorcio', weight: 3 },
  { name: 'Escuela de Música Alberto Ginastera', activity: 'colegio', weight: 2 },
  { name: 'Cooperativa de Agua Potable de Pinamar', activity: 'cooperativa', weight: 2 },
  { name: 'Asociación Civil Club Náutico Quilmes', activity: 'club', weight: 2 },
];

export const FIRST_COLLECTOR_ID = 10001;

export function seedCollectors({ rng, seed, today }: SeedContext): CollectorStore {
  const rows = COLLECTOR_CATALOGUE.map((entry, index): Collector => {
    const id = String(FIRST_COLLECTOR_ID + index);
    const slug = asciiSlug(entry.name.split(' ').slice(0, 3).join(''));
    const strategy: WithdrawalStrategy =
      index === 16
        ? 'none'
        : rng.weighted([
            ['batch_accreditation', 4],
            ['batch_approbation', 3],
            ['balance', 4],
            ['none', 1],
          ] as const);
    const matchImport: MatchImport | null = rng.weighted([
      [null, 5],
      ['match_payer', 2],
      ['match_concept', 2],
      ['match_identification', 1],
    ] as const);
    return {
      id,
      signature: id,
      name: entry.name,
      cuit: companyCuit(rng),
      activity: entry.activity,
      email: `administracion@${slug}.com.ar`,
      status: index === 23 ? 'inactive' : 'active',
      checkout_version: rng.chance(0.7) ? 'v2' : 'v1',
      match_import: matchImport,
      withdrawal_strategy: strategy,
      batch_version: strategy.startsWith('batch') && rng.chance(0.5) ? '00004' : '00003',
      bank_account: { cbu: randomCbu(rng), holder: entry.name },
      notification_url: rng.chance(0.8) ? `https://api.${slug}.com.ar/webhooks/pagos` : null,
      created_date: iso(today - rng.int(400, 2500) * DAY_MS + rng.int(9, 18) * 3_600_000),
    };
  });
  // Fixed handles the docs promise: 10001 settles by batch with XML batch files, 10002 by balance.
  const first = rows[0];
  const second = rows[1];
  if (first) Object.assign(first, { withdrawal_strategy: 'batch_accreditation', batch_version: '00004' });
  if (second)
    Object.assign(second, { withdrawal_strategy: 'balance', batch_version: '00003', match_import: null });
  rows.push(xssCollector(seed, today));
  return new CollectorStore(rows);
}

// ---------------------------------------------------------------------------------------------------------
// XSS fixture block (docs/upstream-contract.md §7, "XSS fixtures"): collector 10099, whose every string
// carries a payload of XSS_PAYLOADS, owns the XSS payments 1000090–1000097. Its own PRNG and an id after the
// catalogue keep every other collector, and the payments' collector draw, as they were.
// ---------------------------------------------------------------------------------------------------------

function xssCollector(seed: number, today: number): Collector {
  const rng = derivePrng(seed, 'xss-collector');
  return {
    id: XSS_COLLECTOR_ID,
    signature: XSS_COLLECTOR_ID,
    name: `${XSS_COLLECTOR_NAME_PREFIX} <img src=x onerror="window.__xss=1"> ${XSS_PAYLOADS[0]}`,
    cuit: companyCuit(rng),
    activity: 'club',
    email: '"><svg onload=window.__xss=1>@xss.example.com.ar',
    status: 'active',
    // Outside the v1/v2 contract on purpose: the screens show it as text.
    checkout_version: (XSS_PAYLOADS[5] ?? 'v2') as Collector['checkout_version'],
    match_import: null,
    withdrawal_strategy: 'balance',
    batch_version: '00003',
    bank_account: { cbu: randomCbu(rng), holder: XSS_PAYLOADS[11] ?? 'XSS' },
    notification_url: 'javascript:window.__xss=1',
    created_date: iso(today - 90 * DAY_MS + 10 * 3_600_000),
  };
}
