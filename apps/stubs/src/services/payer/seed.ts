import { asciiSlug, cuitFor } from '../../lib/argentine-data.js';
import { DAY_MS, iso } from '../../lib/dates.js';
import type { Prng } from '../../lib/prng.js';
import type { SeedContext } from '../../lib/service.js';
import type { PaymentStore } from '../payment/store.js';
import type { SubscriptionStore } from '../subscription/store.js';
import { PayerStore, type Identification, type Payer, type PayerReference, type Phone } from './store.js';

/** Ids of the payers the seed makes from subscription payers unknown to the payment service. */
const FIRST_SUBSCRIPTION_PAYER_ID = 860001;
export const FIRST_REFERENCE_ID = 9000001;
/** The sample payers (María, Juan, Lucía) get a reference at every collector they pay. */
const SAMPLE_PAYER_IDS = new Set(['700001', '700002', '700003']);
/** A collector with no references at all (the empty state of the references list). */
export const COLLECTOR_WITHOUT_REFERENCES = '10024';

const AREA_CODES = ['11', '11', '11', '351', '341', '221', '261', '381', '223', '299'] as const;

function phonesFor(rng: Prng): Phone[] {
  const count = rng.weighted([
    [0, 1],
    [1, 5],
    [2, 3],
  ] as const);
  const phones: Phone[] = [];
  for (let i = 0; i < count; i++) {
    const area = rng.pick(AREA_CODES);
    const mobile = i === 0;
    phones.push({
      description: mobile ? 'Celular' : rng.pick(['Casa', 'Trabajo']),
      area_code: area,
      phone_number: `${mobile ? '15' : ''}${rng.digits(area.length === 2 ? 8 : 7)}`,
    });
  }
  return phones;
}

function dniIdentification(number: string): Identification {
  return { type: 'DNI_ARG', number, country: 'ARG' };
}

/**
 * Payers: one per payer of the payment service that has an e-mail (same id, name, e-mail and DNI), then one
 * per subscription payer e-mail the payments do not know; references: the sample payers at each collector
 * they pay and about one in four other payer/collector pairs, with a DNI, a CUIT or no identification.
 */
export function seedPayers({ rng, stores, today }: SeedContext): PayerStore {
  const payers = new Map<string, Payer>();
  const collectorsOf = new Map<string, Set<string>>();
  const created = (days: number) => iso(today - days * DAY_MS + rng.int(9, 20) * 3_600_000);
  for (const payment of stores.get<PaymentStore>('payment').all()) {
    const payer = payment.payer;
    if (!payer.email) continue;
    if (!payers.has(payer.id)) {
      payers.set(payer.id, {
        id: payer.id,
        name: payer.name,
        email: payer.email,
        external_reference: rng.chance(0.3) ? `CLI-${rng.digits(6)}` : null,
        identification:
          rng.chance(0.9) || SAMPLE_PAYER_IDS.has(payer.id)
            ? dniIdentification(payer.identification.number)
            : null,
        phones: phonesFor(rng),
        created_date: created(rng.int(400, 1500)),
      });
    }
    const collectors = collectorsOf.get(payer.id) ?? new Set<string>();
    collectors.add(payment.collector_id);
    collectorsOf.set(payer.id, collectors);
  }
  const knownEmails = new Set([...payers.values()].map((payer) => payer.email.toLowerCase()));
  let nextId = FIRST_SUBSCRIPTION_PAYER_ID;
  for (const subscription of stores.get<SubscriptionStore>('subscription').all()) {
    const { name, email } = subscription.payer;
    if (!email || knownEmails.has(email.toLowerCase())) continue;
    knownEmails.add(email.toLowerCase());
    const id = String(nextId++);
    payers.set(id, {
      id,
      name,
      email,
      external_reference: null,
      identification: dniIdentification(String(rng.int(14_000_000, 46_999_999))),
      phones: phonesFor(rng),
      created_date: created(rng.int(100, 900)),
    });
    collectorsOf.set(id, new Set([subscription.collector_id]));
  }

  const references: PayerReference[] = [];
  let nextReference = FIRST_REFERENCE_ID;
  const ordered = [...payers.values()].sort((a, b) => Number(a.id) - Number(b.id));
  for (const payer of ordered) {
    const collectors = [...(collectorsOf.get(payer.id) ?? [])].sort();
    for (const collectorId of collectors) {
      if (collectorId === COLLECTOR_WITHOUT_REFERENCES) continue;
      if (!SAMPLE_PAYER_IDS.has(payer.id) && !rng.chance(0.25)) continue;
      const dni = payer.identification?.number ?? String(rng.int(14_000_000, 46_999_999));
      const identification = rng.weighted<Identification | null>([
        [dniIdentification(dni), 6],
        [
          { type: 'CUIT_ARG', number: cuitFor(rng.pick(['20', '27']), dni.padStart(8, '0')), country: 'ARG' },
          2,
        ],
        [null, 2],
      ]);
      const date = created(rng.int(10, 400));
      references.push({
        id: String(nextReference++),
        collector_id: collectorId,
        name: rng.chance(0.85) ? payer.name : payer.name.toUpperCase(),
        email: rng.chance(0.9) ? payer.email : null,
        external_reference: rng.chance(0.8) ? `${asciiSlug(collectorId).slice(-3)}-${rng.digits(5)}` : null,
        identification,
        created_date: date,
        last_update_date: date,
      });
    }
  }
  return new PayerStore(ordered, references);
}
