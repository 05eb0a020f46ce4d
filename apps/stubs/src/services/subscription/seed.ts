/**
 * Deterministic subscriptions. Every subscription id a seeded payment names in `by_subscription` is a
 * subscription here, with its payments as `payments_periods` (one per month, the latest payment of the month),
 * the payer and collector of those payments. Plus the fixtures of `fixtures.ts` (stable ids 4000001...),
 * some pending or payer-rejected ones without payments (ids from 5900001) and two XSS ones (4000090, 4000091).
 * Each subscription's versions follow its events: requested (pending), subscribed (active), method or amount
 * changed, method removed, cancelled.
 */
import { ACTIVITIES, asciiSlug, randomPerson } from '../../lib/argentine-data.js';
import { DAY_MS, HOUR_MS, MINUTE_MS, dayOfMonthAr, iso, periodAr } from '../../lib/dates.js';
import { derivePrng, hashString, type Prng } from '../../lib/prng.js';
import type { SeedContext } from '../../lib/service.js';
import type { Collector, CollectorStore } from '../collector/store.js';
import type { NotificationEntry } from '../notification/store.js';
import { XSS_COLLECTOR_ID, XSS_PAYLOADS, XSS_PAYER_NAME_PREFIX, XSS_URL_PAYLOADS } from '../payment/seed.js';
import type { Payment, PaymentStore } from '../payment/store.js';
import {
  FIRST_UNPAID_SUBSCRIPTION_ID,
  SUBSCRIPTION_FIXTURES,
  XSS_SUBSCRIPTION_IDS,
  type SubscriptionFixture,
  type SubscriptionPayer,
} from './fixtures.js';
import {
  SubscriptionStore,
  type Subscription,
  type SubscriptionPaymentMethod,
  type SubscriptionStatus,
  type SubscriptionType,
  type SubscriptionVersion,
} from './store.js';

const UNPAID_SUBSCRIPTIONS = 24;
const FIRST_NOTIFICATION_ID = 7700001;
/** Methods a subscription can debit: CBU, credit and debit cards. */
const DEBITABLE = new Set([1, 2, 5, 6, 7, 9, 10, 25, 27]);

const SOURCES: readonly Subscription['source'][] = [
  { id: '1', name: 'API', type: 'api' },
  { id: '2', name: 'Importación de archivo', type: 'import' },
  { id: '4', name: 'Formulario de suscripción', type: 'checkout' },
  { id: '5', name: 'Back-office', type: 'backoffice' },
];

const CANCEL_REASONS = [
  'El socio se dio de baja',
  'Cambio de medio de pago solicitado por el pagador',
  'El pagador lo pidió por teléfono',
  'Deuda regularizada por otro medio',
  'Baja por mudanza',
];

/** Everything that decides a subscription; fixtures set it by hand, the rest is drawn. */
interface Spec {
  id: string;
  type: SubscriptionType;
  status: SubscriptionStatus;
  payer: { name: string; email: string | null; id: string };
  collector: Collector;
  /** Its payments, oldest first. */
  payments: readonly Payment[];
  method: SubscriptionPaymentMethod | null;
  dueDay: number;
  amount: number;
  requestMs: number;
  amountChanged: boolean;
  methodRemoved: boolean;
  rejectedByPayer: boolean;
  /** Applied to every version (the XSS fixtures). */
  decorate?: (subscription: Subscription) => void;
}

interface Event {
  at: number;
  status: SubscriptionStatus;
  detail: string;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

function methodOf(payment: Payment | undefined, rng: Prng): SubscriptionPaymentMethod {
  const first = payment?.payment_methods[0];
  if (first && DEBITABLE.has(first.media_payment_id)) {
    return { media_payment_id: first.media_payment_id, last_four_digits: first.last_four_digits };
  }
  return { media_payment_id: 1, last_four_digits: rng.digits(4) };
}

function conceptOf(collector: Collector): { id: string; description: string; min: number; max: number } {
  const concepts = (ACTIVITIES[collector.activity] ?? ACTIVITIES.club)?.concepts ?? [];
  return (
    concepts.find((concept) => concept.monthly) ?? {
      id: 'CUO',
      description: 'Cuota',
      min: 5_000,
      max: 20_000,
    }
  );
}

/** Builds the current document and every version of one subscription. */
function build(
  rng: Prng,
  spec: Spec,
  today: number,
  nextNotificationId: () => string,
): { subscription: Subscription; versions: SubscriptionVersion[] } {
  const { payments, collector } = spec;
  const first = payments[0];
  const last = payments[payments.length - 1];
  const R = spec.requestMs;
  const subscribedMs =
    spec.status === 'pending' || spec.rejectedByPayer ? null : R + rng.int(10, 36 * 60) * MINUTE_MS;
  const lastActivity = Math.max(Date.parse(last?.request_date ?? iso(R)), subscribedMs ?? R);
  const cancelMs =
    spec.status !== 'cancelled'
      ? null
      : spec.rejectedByPayer
        ? Math.min(R + rng.int(2, 72) * HOUR_MS, Math.max(R + 30 * MINUTE_MS, today - HOUR_MS))
        : Math.max(
            lastActivity + 30 * MINUTE_MS,
            Math.min(lastActivity + rng.int(3, 25) * DAY_MS, today - HOUR_MS),
          );
  const events: Event[] = [
    {
      at: R,
      status: 'pending',
      detail:
        spec.method === null && spec.status === 'pending'
          ? 'waiting_payment_method'
          : 'pending_payer_validation',
    },
  ];
  if (subscribedMs !== null) events.push({ at: subscribedMs, status: 'active', detail: 'active' });
  const previousMethod = first && last ? methodOf(first, rng) : null;
  /** Changes happen while active: after the subscription, before today. */
  const whileActive = (ms: number): number =>
    Math.min(Math.max(ms, (subscribedMs ?? R) + HOUR_MS), today - 2 * HOUR_MS);
  const firstWithMethod = payments.find(
    (payment) => methodOf(payment, rng).media_payment_id === spec.method?.media_payment_id,
  );
  const methodChangedMs =
    previousMethod &&
    spec.method &&
    firstWithMethod &&
    previousMethod.media_payment_id !== spec.method.media_payment_id
      ? whileActive(Date.parse(firstWithMethod.request_date) - 2 * DAY_MS)
      : null;
  if (methodChangedMs !== null)
    events.push({ at: methodChangedMs, status: 'active', detail: 'payment_method_updated' });
  const middle = payments[Math.floor(payments.length / 2)];
  const amountChangedMs =
    spec.amountChanged && middle ? whileActive(Date.parse(middle.request_date) - 3 * DAY_MS) : null;
  if (amountChangedMs !== null)
    events.push({ at: amountChangedMs, status: 'active', detail: 'amount_updated' });
  const methodRemovedMs = spec.methodRemoved ? whileActive(lastActivity + rng.int(1, 5) * DAY_MS) : null;
  if (methodRemovedMs !== null)
    events.push({ at: methodRemovedMs, status: 'active', detail: 'payment_method_removed' });
  if (cancelMs !== null) {
    events.push({
      at: cancelMs,
      status: 'cancelled',
      detail: spec.rejectedByPayer
        ? 'rejected_by_payer'
        : rng.pick(['cancelled_by_collector', 'cancelled_by_payer']),
    });
  }
  events.sort((a, b) => a.at - b.at);

  // --- what does not change between versions ----------------------------------------------------------
  const concept = conceptOf(collector);
  const memberNumber = String(hashString(`${spec.payer.id}:${collector.id}`) % 100_000).padStart(6, '0');
  const reference =
    last?.reference ?? `${asciiSlug(collector.activity).slice(0, 3).toUpperCase()}-${memberNumber}`;
  const domain = collector.email.split('@')[1] ?? 'entidad.com.ar';
  const review = rng.chance(0.1);
  const validation = spec.status !== 'pending' && rng.chance(0.6);
  const periods =
    spec.type === 'plan'
      ? Math.max(payments.length, rng.pick([6, 12, 18, 24]))
      : Math.max(payments.length, rng.pick([12, 24, 36]));
  const oldAmount = round2(spec.amount * rng.pick([0.8, 0.85, 0.9]));
  const payerDeferredMs = rng.chance(0.12) ? R + rng.int(1, 48) * HOUR_MS : null;
  const mailed: [number | null, string][] = [
    [R, 'subscription_created'],
    [subscribedMs, 'subscription_approved'],
    [cancelMs, 'subscription_cancelled'],
  ];
  const notifications: NotificationEntry[] = spec.payer.email
    ? mailed.flatMap(([at, action]) =>
        at === null ? [] : [{ id: nextNotificationId(), date: iso(at + MINUTE_MS), type: 'email', action }],
      )
    : [];
  const metadata: Record<string, unknown> = {
    canal: rng.pick(['web', 'app', 'sucursal', 'call_center']),
    numero_socio: memberNumber,
  };
  if (spec.type === 'plan') metadata.plan = `PLAN-${periods}M`;
  if (rng.chance(0.2)) metadata.lote_importacion = `IMP-${rng.digits(6)}`;
  const source = rng.pick(SOURCES);
  const cancelReason = rng.pick(CANCEL_REASONS);

  /** The subscription as it was at instant `at` (every event up to it applied). */
  const stateAt = (at: number, version: number, lastModified: boolean): Subscription => {
    const past = events.filter((event) => event.at <= at);
    const current = past[past.length - 1] ?? events[0];
    const upTo = payments.filter((payment) => Date.parse(payment.request_date) <= at);
    const byMonth = new Map<string, string>();
    for (const payment of upTo) byMonth.set(periodAr(Date.parse(payment.request_date)), payment.id);
    const happened = (ms: number | null): string | null => (ms !== null && ms <= at ? iso(ms) : null);
    const cancelled = current?.status === 'cancelled';
    const method =
      methodRemovedMs !== null && methodRemovedMs <= at
        ? null
        : methodChangedMs !== null && at < methodChangedMs
          ? previousMethod
          : (spec.method ?? (methodRemovedMs !== null ? previousMethod : null));
    const subscription: Subscription = {
      id: spec.id,
      type: spec.type,
      status: current?.status ?? 'pending',
      status_detail: current?.detail ?? 'pending_payer_validation',
      amount: amountChangedMs !== null && at < amountChangedMs ? oldAmount : spec.amount,
      currency_id: 'ARS',
      periods,
      detail: {
        concept_id: `${concept.id}-SUS`,
        concept_description: `${concept.description} (débito mensual)`,
        external_reference: `${reference}-SUS`,
      },
      review,
      validation,
      due_day: spec.dueDay,
      created_payments: upTo.length,
      recurrence: 'monthly',
      notification_url: collector.notification_url,
      back_url: `https://www.${domain}/suscripciones/retorno`,
      return_url: `https://www.${domain}/suscripciones/finalizada`,
      request_date: iso(R),
      last_update_date: iso(current?.at ?? R),
      cancel_date: cancelled ? happened(cancelMs) : null,
      subscribed_date: happened(subscribedMs),
      rejected_date: spec.rejectedByPayer && cancelled ? happened(cancelMs) : null,
      review_validation_date: review
        ? happened(subscribedMs === null ? null : subscribedMs - 5 * MINUTE_MS)
        : null,
      payer_validation_date: validation ? happened(R + 3 * MINUTE_MS) : null,
      payer_deferred_date: happened(payerDeferredMs),
      start_date: first ? happened(Date.parse(first.request_date)) : happened(subscribedMs),
      finished_date: cancelled ? happened(cancelMs) : null,
      metadata: structuredClone(metadata),
      notifications: notifications.filter((entry) => entry.date <= iso(at + MINUTE_MS)),
      source: { ...source },
      payment_method: method ? { ...method } : null,
      payer: { name: spec.payer.name, email: spec.payer.email },
      collector_id: collector.id,
      payments_periods: [...byMonth].map(([period, payment_id]) => ({ period, payment_id })),
      version,
      last_modified: lastModified,
      cancel_reason: cancelled ? cancelReason : null,
    };
    spec.decorate?.(subscription);
    return subscription;
  };

  const lastEvent = events[events.length - 1]?.at ?? R;
  const currentAt = Math.max(lastEvent, Date.parse(last?.request_date ?? iso(R)));
  const subscription = stateAt(currentAt + 2 * MINUTE_MS, events.length, true);
  subscription.last_update_date = iso(Math.max(lastEvent, currentAt));
  const versions = events.map((event, index): SubscriptionVersion => {
    const isCurrent = index === events.length - 1;
    return {
      version: index + 1,
      status: event.status,
      last_update_date: isCurrent ? subscription.last_update_date : iso(event.at),
      materialize: isCurrent ? () => subscription : () => stateAt(event.at, index + 1, false),
    };
  });
  return { subscription, versions };
}

function fixtureSpec(
  fixture: SubscriptionFixture,
  payments: readonly Payment[],
  collector: Collector,
  rng: Prng,
  today: number,
): Spec {
  const method: SubscriptionPaymentMethod | null =
    fixture.mediaPaymentId === null
      ? null
      : (methodOf(payments[payments.length - 1], rng) ?? {
          media_payment_id: fixture.mediaPaymentId,
          last_four_digits: rng.digits(4),
        });
  const concept = conceptOf(collector);
  const firstMs = payments[0]
    ? Date.parse(payments[0].request_date)
    : today - (fixture.requestDaysAgo ?? 1) * DAY_MS + 10 * HOUR_MS;
  return {
    id: fixture.id,
    type: fixture.type,
    status: fixture.status,
    payer: fixture.payer,
    collector,
    payments,
    method:
      payments.length > 0 || method === null
        ? method
        : { media_payment_id: fixture.mediaPaymentId ?? 9, last_four_digits: rng.digits(4) },
    dueDay: fixture.dueDay,
    amount: payments[payments.length - 1]?.final_amount ?? round2(rng.amount(concept.min, concept.max)),
    requestMs: payments.length > 0 ? firstMs - rng.int(3, 12) * DAY_MS : firstMs,
    amountChanged: fixture.amountChanged ?? false,
    methodRemoved: fixture.methodRemoved ?? false,
    rejectedByPayer: false,
  };
}

export function seedSubscriptions({ seed, today, stores }: SeedContext): SubscriptionStore {
  const collectorStore = stores.get<CollectorStore>('collector');
  const collector = (id: string): Collector => {
    const found = collectorStore.get(id);
    if (!found) throw new Error(`Collector ${id} missing`);
    return found;
  };
  const paymentStore = stores.get<PaymentStore>('payment');
  const bySubscription = new Map<string, Payment[]>();
  for (const payment of paymentStore.all()) {
    const id = payment.by_subscription;
    if (id === null || !/^\d+$/.test(id)) continue;
    const list = bySubscription.get(id) ?? [];
    list.push(payment);
    bySubscription.set(id, list);
  }
  for (const list of bySubscription.values()) list.sort((a, b) => (a.request_date < b.request_date ? -1 : 1));

  let notificationSeq = FIRST_NOTIFICATION_ID - 1;
  const nextNotificationId = (): string => String(++notificationSeq);
  const built: ReturnType<typeof build>[] = [];
  const fixtures = new Map(SUBSCRIPTION_FIXTURES.map((fixture) => [fixture.id, fixture]));

  // --- fixtures ---------------------------------------------------------------------------------------
  for (const fixture of SUBSCRIPTION_FIXTURES) {
    const rng = derivePrng(seed, `subscription-fixture:${fixture.id}`);
    const spec = fixtureSpec(
      fixture,
      bySubscription.get(fixture.id) ?? [],
      collector(fixture.collectorId),
      rng,
      today,
    );
    built.push(build(rng, spec, today, nextNotificationId));
  }

  // --- one per subscription id the payments name -------------------------------------------------------
  const ids = [...bySubscription.keys()].filter((id) => !fixtures.has(id)).sort();
  for (const id of ids) {
    const payments = bySubscription.get(id) ?? [];
    const last = payments[payments.length - 1];
    const firstPayment = payments[0];
    if (!last || !firstPayment) continue;
    const rng = derivePrng(seed, `subscription:${id}`);
    const type = rng.weighted([
      ['subscription', 55],
      ['adhesion', 30],
      ['plan', 15],
    ] as const);
    const status = rng.chance(0.22) ? 'cancelled' : 'active';
    const methodRemoved = status === 'active' && rng.chance(0.08);
    const firstMs = Date.parse(firstPayment.request_date);
    built.push(
      build(
        rng,
        {
          id,
          type,
          status,
          payer: last.payer,
          collector: collector(last.collector_id),
          payments,
          method: methodRemoved ? null : methodOf(last, rng),
          dueDay: Math.min(28, dayOfMonthAr(firstMs)),
          amount: last.final_amount,
          requestMs: firstMs - rng.int(2, 20) * DAY_MS - rng.int(0, 600) * MINUTE_MS,
          amountChanged: payments.length >= 2 && rng.chance(0.3),
          methodRemoved,
          rejectedByPayer: false,
        },
        today,
        nextNotificationId,
      ),
    );
  }

  // --- pending and payer-rejected ones without payments ---------------------------------------------------
  const active = collectorStore
    .all()
    .filter((item) => item.status === 'active' && item.id !== XSS_COLLECTOR_ID);
  for (let index = 0; index < UNPAID_SUBSCRIPTIONS; index++) {
    const rng = derivePrng(seed, `subscription-unpaid:${index}`);
    const person = randomPerson(rng);
    const owner = rng.pick(active);
    const concept = conceptOf(owner);
    const rejected = index % 4 === 3;
    const withMethod = rng.chance(0.7);
    built.push(
      build(
        rng,
        {
          id: String(FIRST_UNPAID_SUBSCRIPTION_ID + index),
          type: rng.weighted([
            ['subscription', 5],
            ['adhesion', 3],
            ['plan', 2],
          ] as const),
          status: rejected ? 'cancelled' : 'pending',
          payer: { id: `sus-${index}`, name: person.name, email: person.email },
          collector: owner,
          payments: [],
          method: withMethod
            ? { media_payment_id: rng.pick([1, 9, 5, 10]), last_four_digits: rng.digits(4) }
            : null,
          dueDay: rng.int(1, 28),
          amount: round2(rng.amount(concept.min, concept.max)),
          requestMs: today - rng.int(0, 40) * DAY_MS + rng.int(8 * 60, 20 * 60) * MINUTE_MS - DAY_MS,
          amountChanged: false,
          methodRemoved: false,
          rejectedByPayer: rejected,
        },
        today,
        nextNotificationId,
      ),
    );
  }

  built.push(...xssSubscriptions(seed, today, collector(XSS_COLLECTOR_ID), nextNotificationId));

  const versions = new Map(built.map((item) => [item.subscription.id, item.versions]));
  return new SubscriptionStore(
    built.map((item) => item.subscription),
    versions,
  );
}

/** Subscriptions 4000090 and 4000091 (collector 10099): their strings are payloads of the XSS corpus. */
function xssSubscriptions(
  seed: number,
  today: number,
  owner: Collector,
  nextNotificationId: () => string,
): ReturnType<typeof build>[] {
  return XSS_SUBSCRIPTION_IDS.map((id, index) => {
    const pick = (offset: number): string => XSS_PAYLOADS[(index * 11 + offset) % XSS_PAYLOADS.length] ?? '';
    const url = (offset: number): string =>
      XSS_URL_PAYLOADS[(index + offset) % XSS_URL_PAYLOADS.length] ?? '';
    const payer: SubscriptionPayer = {
      id: String(790_190 + index),
      name: `${XSS_PAYER_NAME_PREFIX} suscripción ${index + 1} ${pick(0)}`,
      email: `"><svg/onload=window.__xss=1>suscripcion${id}@xss.example.com.ar`,
      dni: String(21_000_000 + index),
    };
    const decorate = (subscription: Subscription): void => {
      subscription.status_detail = pick(1);
      subscription.detail = {
        concept_id: pick(2),
        concept_description: pick(3),
        external_reference: pick(4),
      };
      subscription.recurrence = pick(5);
      subscription.notification_url = url(0);
      subscription.back_url = url(1);
      subscription.return_url = url(2);
      subscription.metadata = { [pick(6)]: pick(7), canal: { nota: pick(8), lista: [pick(9), 1] } };
      subscription.source = { id: '1', name: pick(10), type: pick(11) };
      subscription.notifications = subscription.notifications.map((entry) => ({
        ...entry,
        type: pick(12),
        action: pick(13),
      }));
      if (subscription.cancel_reason !== null) subscription.cancel_reason = pick(14);
    };
    const rng = derivePrng(seed, `subscription-xss:${id}`);
    return build(
      rng,
      {
        id,
        type: index === 0 ? 'subscription' : 'adhesion',
        status: index === 0 ? 'active' : 'cancelled',
        payer,
        collector: owner,
        payments: [],
        method: { media_payment_id: 9, last_four_digits: '4905' },
        dueDay: 10,
        amount: 12_345.67,
        requestMs: today - (46 + index) * DAY_MS + 10 * HOUR_MS,
        amountChanged: false,
        methodRemoved: false,
        rejectedByPayer: false,
        decorate,
      },
      today,
      nextNotificationId,
    );
  });
}
