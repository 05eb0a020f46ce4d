/**
 * Deterministic distributions (docs/upstream-contract.md "Distributions service"): fixtures 9300001-9300012
 * (one per case the back-office tests), then 48 drawn ones (every status), all requested this month up to today
 * except the last 8 (last month). Each has 1 to 3 details whose amounts add up to the header's total. Payment
 * ids have 6 digits; collector ids (signatures) 1 to 4 characters.
 */
import { randomCbu, companyCuit } from '../../lib/argentine-data.js';
import { HOUR_MS, iso, startOfMonthAr } from '../../lib/dates.js';
import type { Prng } from '../../lib/prng.js';
import type { SeedContext } from '../../lib/service.js';
import {
  DistributionStore,
  type Destination,
  type Distribution,
  type DistributionDetail,
  type DistributionStatus,
  type DistributionType,
} from './store.js';

export const DISTRIBUTION_COLLECTORS: readonly { id: string; name: string }[] = [
  { id: '101', name: 'Club Atlético San Martín de Burzaco' },
  { id: '12', name: 'Colegio Nuestra Señora de Luján' },
  { id: '245', name: 'Mutual de Empleados Bancarios del Litoral' },
  { id: '3021', name: 'Consorcio Av. Rivadavia 4520' },
  { id: '7', name: 'Prepaga Salud Integral S.A.' },
  { id: '580', name: 'Cooperativa Eléctrica de Tandil' },
];

const STATUSES: readonly DistributionStatus[] = [
  'error',
  'authorization_pending',
  'rejected',
  'pending',
  'in_process',
  'success',
  'manual',
  'deferred',
  'scheduled',
];

/** Status messages as the payout provider writes them: some start with a technical prefix. */
const ERROR_DETAILS = [
  'com.payout.bank.TransferException: La cuenta destino no existe o está cerrada',
  'TRANSFER_ERROR: El CBU informado no pertenece al CUIT',
  'Timeout de la red bancaria, reintentar',
];
const ALIAS_WORDS = ['sol', 'rio', 'mate', 'casa', 'luna', 'tango', 'pampa', 'cielo'];

interface Fixture {
  status: DistributionStatus;
  type?: DistributionType;
  collector?: number;
  details?: number;
}

const FIXTURES: readonly Fixture[] = [
  { status: 'authorization_pending', collector: 0 },
  { status: 'authorization_pending', collector: 1 },
  { status: 'error', collector: 2, details: 2 },
  { status: 'success', collector: 0 },
  { status: 'rejected', collector: 3 },
  { status: 'pending', collector: 4 },
  { status: 'in_process', collector: 5 },
  { status: 'manual', collector: 0 },
  { status: 'deferred', collector: 1 },
  { status: 'scheduled', type: 'scheduled', collector: 2 },
  { status: 'error', type: 'scheduled', collector: 3 },
  { status: 'error', collector: 0 },
];

export const FIRST_DISTRIBUTION_ID = 9300001;
const DRAWN = 48;
const LAST_MONTH = 8;

function destination(rng: Prng, name: string): Destination {
  const alias = rng.chance(0.3);
  return {
    type: alias ? 'alias' : 'cbu',
    value: alias
      ? `${rng.pick(ALIAS_WORDS)}.${rng.pick(ALIAS_WORDS)}.${rng.pick(ALIAS_WORDS)}`
      : randomCbu(rng),
    cuit: companyCuit(rng),
    name,
  };
}

function detailStatus(status: DistributionStatus, index: number): DistributionStatus {
  if (status === 'error' && index > 0) return 'success';
  return status;
}

export function seedDistributions({ rng, today }: SeedContext): DistributionStore {
  const monthStart = startOfMonthAr(today);
  const previousMonth = startOfMonthAr(monthStart - 1);
  const span = Math.max(today - monthStart, 0);
  const headers: Distribution[] = [];
  const details: DistributionDetail[] = [];
  const total = FIXTURES.length + DRAWN;
  for (let i = 0; i < total; i++) {
    const fixture: Fixture = FIXTURES[i] ?? {
      status: STATUSES[i % STATUSES.length] as DistributionStatus,
    };
    const type: DistributionType =
      fixture.type ?? (fixture.status === 'scheduled' ? 'scheduled' : 'no_scheduled');
    const collector = DISTRIBUTION_COLLECTORS[
      fixture.collector ?? rng.int(0, DISTRIBUTION_COLLECTORS.length - 1)
    ] as { id: string; name: string };
    const lastMonth = i >= total - LAST_MONTH;
    const requested = lastMonth
      ? previousMonth + rng.int(0, 25) * 24 * HOUR_MS + 10 * HOUR_MS
      : monthStart + Math.floor((span * (total - i)) / total) + 2 * HOUR_MS;
    const id = String(FIRST_DISTRIBUTION_ID + i);
    const count = fixture.details ?? rng.int(1, 3);
    let cents = 0;
    for (let d = 0; d < count; d++) {
      const amount = rng.amount(1_500, 350_000);
      cents += Math.round(amount * 100);
      const status = detailStatus(fixture.status, d);
      details.push({
        id: `${id}-${d + 1}`,
        distribution_id: id,
        type,
        status,
        status_detail: status === 'error' ? (ERROR_DETAILS[i % ERROR_DETAILS.length] as string) : null,
        amount,
        destination: destination(rng, `${collector.name}${d ? ` (${d + 1})` : ''}`),
        observations: d === 0 && i % 4 === 0 ? 'Distribución de cobranzas del período' : null,
        last_update_date: iso(requested + HOUR_MS),
        destination_changes: [],
        forced_success: null,
        vouchers: [],
      });
    }
    headers.push({
      id,
      type,
      status: fixture.status,
      status_detail:
        fixture.status === 'error'
          ? (ERROR_DETAILS[i % ERROR_DETAILS.length] as string)
          : fixture.status === 'rejected'
            ? 'Rechazada por tesorería'
            : null,
      payment_id: String(480_001 + i * 7),
      request_date: iso(requested),
      last_update_date: iso(requested + HOUR_MS),
      total_amount: cents / 100,
      collector,
    });
  }
  return new DistributionStore(headers, details);
}
