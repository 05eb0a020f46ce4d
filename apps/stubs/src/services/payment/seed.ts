/**
 * Deterministic payments: a set of hand-made fixtures with stable ids (documented in
 * docs/upstream-contract.md) plus thousands of generated ones spread over the last six months, with
 * at least 200 in the current calendar month. Every date is relative to the start of the current day
 * in Argentina, so "this month" always has data.
 */
import {
  ACTIVITIES,
  CARD_BINS,
  MEDIA_PAYMENTS,
  MONTH_NAMES,
  asciiSlug,
  randomPerson,
  type SeedPayer,
} from '../../lib/argentine-data.js';
import {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  iso,
  monthsBackAr,
  monthYearAr,
  startOfMonthAr,
} from '../../lib/dates.js';
import { derivePrng, hashString, type Prng } from '../../lib/prng.js';
import type { SeedContext } from '../../lib/service.js';
import type { Collector, CollectorStore } from '../collector/store.js';
import { SUBSCRIPTION_FIXTURES } from '../subscription/fixtures.js';
import {
  PaymentStore,
  type Holder,
  type Payment,
  type PaymentMethod,
  type PaymentPayer,
  type PaymentStatus,
  type Refund,
  type Simulation,
  type SubscriptionRequest,
  type VersionEntry,
} from './store.js';

export const RANDOM_PAYMENTS = 2400;
export const CURRENT_MONTH_PAYMENTS = 200;
const HISTORY_DAYS = 183;
export const FIRST_FIXTURE_ID = 1000001;
export const FIRST_RANDOM_ID = 1000101;
const FIRST_REFUND_ID = 3000001;
const FIRST_NOTIFICATION_ID = 7000001;

/** Payers with many payments, stable across seeds and days (documented handles). */
export const SAMPLE_PAYERS = {
  maria: { id: '700001', name: 'María González', email: 'maria.gonzalez@gmail.com', dni: '28456789' },
  juan: { id: '700002', name: 'Juan Pérez', email: 'juan.perez@hotmail.com', dni: '30123456' },
  lucia: { id: '700003', name: 'Lucía Fernández', email: 'lucia.fernandez@yahoo.com.ar', dni: '35987654' },
} as const satisfies Record<string, SeedPayer>;

const NO_EMAIL_PAYER: SeedPayer = { id: '700004', name: 'Ramón Quiroga', email: null, dni: '17345678' };

type Kind = number; // media_payment_id

const CREDIT_WEIGHTS: readonly (readonly [Kind, number])[] = [
  [9, 40],
  [5, 25],
  [7, 12],
  [6, 8],
  [2, 6],
];
const DEBIT_WEIGHTS: readonly (readonly [Kind, number])[] = [
  [10, 60],
  [25, 25],
  [27, 15],
];

function randomKind(rng: Prng, type: 'online' | 'qr'): Kind {
  if (type === 'qr')
    return rng.weighted([
      [rng.weighted(DEBIT_WEIGHTS), 4],
      [rng.weighted(CREDIT_WEIGHTS), 3],
      [94, 3],
    ]);
  const family = rng.weighted([
    ['credit', 45],
    ['debit', 20],
    ['cbu', 8],
    ['transfer', 8],
    ['rapipago', 6],
    ['pagofacil', 5],
    ['tokens', 3],
  ] as const);
  switch (family) {
    case 'credit':
      return rng.weighted(CREDIT_WEIGHTS);
    case 'debit':
      return rng.weighted(DEBIT_WEIGHTS);
    case 'cbu':
      return 1;
    case 'transfer':
      return 94;
    case 'rapipago':
      return 97;
    case 'pagofacil':
      return 98;
    case 'tokens':
      return 92;
  }
}

const isCard = (kind: Kind): boolean => kind in CARD_BINS || kind === 92;
const isCredit = (kind: Kind): boolean => [9, 5, 7, 6, 2, 92].includes(kind);

function methodType(kind: Kind, paymentType: 'online' | 'qr'): string {
  if (paymentType === 'qr') return 'qr';
  if (isCard(kind)) return 'online';
  if (kind === 1) return 'debit';
  if (kind === 94) return 'transfer';
  return 'offline';
}

function pptOwner(kind: Kind): string {
  if (kind === 7) return 'naranja';
  if (kind === 6) return 'cabal';
  if (kind === 1 || kind === 94) return 'coelsa';
  if (kind === 97) return 'rapipago';
  if (kind === 98) return 'pagofacil';
  return 'prisma';
}

function feeRate(kind: Kind, installments: number, paymentType: 'online' | 'qr'): number {
  if (paymentType === 'qr') return 0.8;
  if (kind === 92) return 4.5;
  if (isCredit(kind)) return installments > 1 ? 3.9 + installments * 0.6 : 3.9;
  if (isCard(kind)) return 1.9;
  if (kind === 1) return 1.2;
  if (kind === 94) return 0.8;
  return 2.5;
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

const REJECTION_DETAILS: readonly (readonly [string, number])[] = [
  ['cc_rejected_insufficient_amount', 30],
  ['cc_rejected_call_for_authorize', 12],
  ['cc_rejected_bad_filled_security_code', 10],
  ['cc_rejected_high_risk', 8],
  ['cc_rejected_card_expired', 6],
  ['rejected_by_bank', 10],
  ['insufficient_funds', 12],
  ['account_closed', 4],
];

const REFUND_REJECTIONS = [
  'insufficient_funds_in_collector_account',
  'refund_period_expired',
  'rejected_by_card_issuer',
] as const;

const REFUND_REASONS = [
  'Solicitud del pagador',
  'Cobro duplicado',
  'Baja del servicio',
  'Error en el importe',
  'Servicio no prestado',
] as const;

const SUBSCRIPTION_FAILURES: readonly (readonly [number, string])[] = [
  [400, 'Datos de la suscripción inválidos'],
  [404, 'Suscripción inexistente'],
  [409, 'El pagador ya tiene una suscripción activa'],
  [422, 'El medio de pago no admite débito automático'],
  [500, 'Error interno del servicio de suscripciones'],
  [503, 'Servicio de suscripciones no disponible'],
];

const SOURCES: Record<string, Payment['source']> = {
  api: { id: '1', name: 'API', type: 'api' },
  import: { id: '2', name: 'Importación de archivo', type: 'import' },
  subscription: { id: '3', name: 'Débito automático', type: 'subscription' },
  checkout: { id: '4', name: 'Formulario de pago', type: 'checkout' },
  backoffice: { id: '5', name: 'Back-office', type: 'backoffice' },
  qr: { id: '6', name: 'QR en mostrador', type: 'qr' },
};

/** Everything that decides a payment; the generator fills it randomly, fixtures set it by hand. */
interface Plan {
  requestMs: number;
  collector: Collector;
  payer: SeedPayer;
  status: PaymentStatus;
  type: 'online' | 'qr';
  /** media_payment_ids; empty for an issued payment still without a method. */
  kinds: Kind[];
  /** Gateway status per method (partial payments mix approved and rejected). */
  methodStatuses?: ('approved' | 'rejected')[];
  statusDetail?: string;
  /** Rejected payments: is last_due_date after today? */
  retryable?: boolean;
  retryActive?: boolean;
  installments?: number;
  bySubscription?: boolean;
  subscriptionFailures?: boolean;
  withNotificationUrl?: boolean;
  withBatch?: boolean;
  lines?: number;
  simulation?: Simulation;
}

interface Built {
  payment: Payment;
  versions: VersionEntry[];
  holders: Holder[];
  simulation: Simulation | undefined;
}

interface Context {
  today: number;
  monthStart: number;
  year: number;
  refundSeq: { value: number };
  subscriptionIdFor(payer: SeedPayer, collector: Collector): string;
}

function buildMethod(
  rng: Prng,
  plan: Plan,
  kind: Kind,
  amount: number,
  gatewayStatus: string,
  gatewayDetail: string,
  paid: boolean,
  context: Context,
): PaymentMethod {
  const card = isCard(kind);
  const bins = CARD_BINS[kind] ?? CARD_BINS[9] ?? ['450799'];
  const installments =
    plan.installments ??
    (isCredit(kind) && plan.type === 'online'
      ? rng.weighted([
          [1, 60],
          [3, 20],
          [6, 12],
          [12, 8],
        ])
      : 1);
  const cbuTail = kind === 1 || kind === 94 ? rng.digits(4) : null;
  const conversion =
    kind === 92
      ? (() => {
          const factor = round2(rng.amount(950, 1250));
          return {
            conversion_factor: factor,
            original_currency: 'USD',
            destination_currency: 'ARS',
            original_amount: round2(amount / factor),
            converted_amount: amount,
          };
        })()
      : null;
  return {
    media_payment_id: kind,
    media_payment_detail: MEDIA_PAYMENTS[kind] ?? 'undefined',
    coupon_number: kind === 97 || kind === 98 ? `${kind === 97 ? '7' : '8'}${rng.digits(13)}` : null,
    first_six_digits: card ? rng.pick(bins) : null,
    last_four_digits: card ? rng.digits(4) : cbuTail,
    expiration_month: card ? rng.int(1, 12) : null,
    expiration_year: card ? context.year + rng.int(1, 5) : null,
    promotion_id: installments > 1 && rng.chance(0.5) ? String(rng.pick([3001, 3006, 3012, 4003])) : null,
    amount,
    final_amount: amount,
    currency_id: 'ARS',
    installments,
    authorization_code: paid && card ? rng.digits(6) : null,
    type: methodType(kind, plan.type),
    currency_conversion_info: conversion,
    gateway: {
      batch_number: paid ? rng.digits(3) : null,
      ticket_number: paid ? String(rng.int(1, 99_999)) : null,
      transaction_id: paid || gatewayStatus === 'rejected' ? rng.digits(10) : null,
      status: gatewayStatus,
      status_detail: gatewayDetail,
      ppt_owner: pptOwner(kind),
    },
  };
}

function splitAmount(rng: Prng, total: number, parts: number): number[] {
  if (parts <= 1) return [total];
  const shares = Array.from({ length: parts }, () => 0.4 + rng.next());
  const sum = shares.reduce((a, b) => a + b, 0);
  const amounts = shares.map((share) => round2((total * share) / sum));
  const rest = round2(total - amounts.slice(0, -1).reduce((a, b) => a + b, 0));
  amounts[parts - 1] = rest;
  return amounts;
}

/** Builds one payment from its plan (id and notification ids are assigned by `finalize`). */
function build(rng: Prng, plan: Plan, context: Context): Built {
  const { today } = context;
  const R = plan.requestMs;
  const activity = ACTIVITIES[plan.collector.activity] ?? ACTIVITIES.club;
  const concepts = activity?.concepts ?? [];
  const { month, year } = monthYearAr(R);
  const lineCount =
    plan.lines ??
    rng.weighted([
      [1, 85],
      [2, 11],
      [3, 4],
    ]);
  const memberNumber = String(hashString(`${plan.payer.id}:${plan.collector.id}`) % 100_000).padStart(6, '0');
  const reference = `${asciiSlug(activity?.key ?? 'ref')
    .slice(0, 3)
    .toUpperCase()}-${memberNumber}`;
  const details = Array.from({ length: lineCount }, (_, line) => {
    const concept = line === 0 ? (concepts[0] ?? rng.pick(concepts)) : rng.pick(concepts);
    const picked = line === 0 && rng.chance(0.35) ? rng.pick(concepts) : concept;
    const period = `${String(month).padStart(2, '0')}${year}`;
    return {
      concept_id: picked.monthly ? `${picked.id}-${period}` : `${picked.id}-${year}`,
      concept_description: picked.monthly
        ? `${picked.description} ${MONTH_NAMES[month - 1]} ${year}`
        : `${picked.description} ${year}`,
      amount: round2(rng.amount(picked.min, picked.max)),
      external_reference: `${reference}-${period}-${line + 1}`,
    };
  });
  const finalAmount = round2(details.reduce((sum, line) => sum + line.amount, 0));

  // --- dates -------------------------------------------------------------------------------
  const status = plan.status;
  const paidStatuses: PaymentStatus[] = ['approved', 'partial', 'refunded', 'objected'];
  const isPaid = paidStatuses.includes(status);
  const ageMs = today - R;
  let lastDue: number;
  if (status === 'pending' || status === 'issued') {
    lastDue = Math.max(R + 20 * DAY_MS, today + rng.int(2, 25) * DAY_MS) + 23 * HOUR_MS;
  } else if (status === 'overdue') {
    lastDue = Math.min(R + rng.int(5, 20) * DAY_MS, today - DAY_MS) + 23 * HOUR_MS + 59 * MINUTE_MS;
  } else if (status === 'rejected') {
    lastDue = plan.retryable
      ? today + rng.int(1, 20) * DAY_MS + 23 * HOUR_MS
      : Math.min(R + rng.int(5, 20) * DAY_MS, today - DAY_MS) + 23 * HOUR_MS;
  } else {
    lastDue = R + rng.int(10, 30) * DAY_MS + 23 * HOUR_MS;
  }
  const dueMs = Math.max(R + HOUR_MS, lastDue - rng.int(3, 10) * DAY_MS);
  const paidMs = isPaid
    ? R + (ageMs <= 2 * DAY_MS ? rng.int(1, 90) * MINUTE_MS : rng.int(1, 72 * 60) * MINUTE_MS)
    : null;
  const rejectedMs = status === 'rejected' ? R + rng.int(1, 180) * MINUTE_MS : null;
  const refundedMs =
    status === 'refunded' && paidMs !== null
      ? paidMs + Math.floor(rng.next() * Math.max(HOUR_MS, Math.min(25 * DAY_MS, today - paidMs)))
      : null;
  const objectionMs =
    status === 'objected' && paidMs !== null
      ? paidMs + Math.floor(rng.next() * Math.max(HOUR_MS, Math.min(20 * DAY_MS, today - paidMs)))
      : null;
  const overdueMs = status === 'overdue' ? lastDue + MINUTE_MS : null;
  const review = rng.chance(0.05);
  const validation = rng.chance(0.1);

  // --- methods -----------------------------------------------------------------------------
  const kinds = plan.kinds;
  const amounts = splitAmount(rng, finalAmount, kinds.length);
  const rejectionDetail = plan.statusDetail ?? rng.weighted(REJECTION_DETAILS);
  const methods = kinds.map((kind, index) => {
    const amount = amounts[index] ?? finalAmount;
    let gatewayStatus: string;
    let gatewayDetail: string;
    let paid = false;
    switch (status) {
      case 'approved':
      case 'objected':
        gatewayStatus = 'approved';
        gatewayDetail = status === 'objected' ? 'in_mediation' : 'accredited';
        paid = true;
        break;
      case 'refunded':
        gatewayStatus = 'refunded';
        gatewayDetail = 'refunded';
        paid = true;
        break;
      case 'partial': {
        const methodStatus = plan.methodStatuses?.[index] ?? (index === 0 ? 'approved' : 'rejected');
        gatewayStatus = methodStatus;
        gatewayDetail = methodStatus === 'approved' ? 'accredited' : rng.weighted(REJECTION_DETAILS);
        paid = methodStatus === 'approved';
        break;
      }
      case 'rejected':
        gatewayStatus = 'rejected';
        gatewayDetail = rejectionDetail;
        break;
      case 'overdue':
        gatewayStatus = 'expired';
        gatewayDetail = 'expired';
        break;
      default:
        gatewayStatus = 'pending';
        gatewayDetail = kind === 97 || kind === 98 ? 'waiting_payment' : 'pending_contingency';
    }
    return buildMethod(rng, plan, kind, amount, gatewayStatus, gatewayDetail, paid, context);
  });

  const statusDetail =
    plan.statusDetail ??
    {
      pending: review ? 'pending_review' : 'pending_payment',
      issued: methods.length === 0 ? 'waiting_payer' : 'issued',
      approved: 'accredited',
      partial: 'partially_approved',
      rejected: rejectionDetail,
      refunded: 'refunded',
      objected: rng.pick(['objected_by_payer', 'chargeback_in_process']),
      overdue: 'expired',
    }[status];

  // --- fees, refunds, batch ------------------------------------------------------------------
  const firstKind = kinds[0] ?? 9;
  const rate = feeRate(firstKind, methods[0]?.installments ?? 1, plan.type);
  const feeAmount = round2((finalAmount * rate) / 100);
  const fees = isPaid
    ? [
        { type: 'collection_fee', description: 'Comisión por cobranza', rate, amount: feeAmount },
        { type: 'tax', description: 'IVA 21% sobre comisión', rate: 21, amount: round2(feeAmount * 0.21) },
      ]
    : [];
  const refunds: Refund[] = [];
  if (status === 'refunded' && refundedMs !== null) {
    context.refundSeq.value += 1;
    refunds.push({
      id: String(context.refundSeq.value),
      status: 'approved',
      status_detail: 'refunded',
      type: 'total',
      amount: finalAmount,
      currency_id: 'ARS',
      transaction_id: rng.digits(10),
      external_reference: details[0]?.external_reference ?? null,
      reason: rng.pick(REFUND_REASONS),
      authorization_code: rng.digits(6),
      gateway: { ticket_number: String(rng.int(1, 99_999)), batch_number: rng.digits(3) },
      cost_amount: rng.chance(0.3) ? round2(finalAmount * 0.01) : 0,
      request_date: iso(refundedMs - rng.int(1, 30) * MINUTE_MS),
      process_date: iso(refundedMs),
      rejected_date: null,
      approved_date: iso(refundedMs),
      last_update_date: iso(refundedMs),
    });
  }
  const accreditationMs = paidMs !== null ? paidMs + rng.int(2, 10) * DAY_MS : null;
  const batchStrategy = plan.collector.withdrawal_strategy.startsWith('batch');
  const withBatch =
    plan.withBatch ??
    (status === 'approved' &&
      batchStrategy &&
      accreditationMs !== null &&
      accreditationMs < today &&
      rng.chance(0.7));
  const weeksAgo =
    accreditationMs !== null ? Math.max(0, Math.floor((today - accreditationMs) / (7 * DAY_MS))) : 0;
  const batch =
    withBatch && accreditationMs !== null
      ? {
          id: String(20_000 + (Number(plan.collector.id) - 10_000) * 100 + (30 - Math.min(weeksAgo, 29))),
          collector_id: plan.collector.id,
          status: weeksAgo === 0 ? 'for_withdrawing' : weeksAgo === 1 ? 'in_withdrawn' : 'withdrawn',
          version: plan.collector.batch_version,
          creation_date: iso(accreditationMs + DAY_MS),
        }
      : null;

  // --- subscription, metadata, source --------------------------------------------------------
  const bySubscription = plan.bySubscription ?? (plan.type === 'online' && rng.chance(0.25));
  const subscriptionId = bySubscription ? context.subscriptionIdFor(plan.payer, plan.collector) : null;
  const metadata: Payment['metadata'] = {};
  const requests: SubscriptionRequest[] = [];
  if (subscriptionId) {
    requests.push({
      status_code: 200,
      subscription_id: subscriptionId,
      message: null,
      date: iso(R - 5 * MINUTE_MS),
    });
  }
  if (plan.subscriptionFailures ?? (!subscriptionId && rng.chance(0.08))) {
    const count = plan.subscriptionFailures ? 2 : 1;
    for (let i = 0; i < count; i++) {
      const [code, message] = plan.subscriptionFailures
        ? (SUBSCRIPTION_FAILURES[i === 0 ? 2 : 4] as readonly [number, string])
        : rng.pick(SUBSCRIPTION_FAILURES);
      requests.push({
        status_code: code,
        subscription_id: null,
        message,
        date: iso(R + (i + 1) * MINUTE_MS),
      });
    }
  }
  if (requests.length > 0) metadata.subscription_request = requests;
  if (rng.chance(0.3)) metadata.canal = rng.pick(['web', 'app', 'sucursal', 'call_center']);
  if (rng.chance(0.15)) metadata.lote_importacion = `IMP-${rng.digits(6)}`;
  const sourceKey = subscriptionId
    ? 'subscription'
    : plan.type === 'qr'
      ? 'qr'
      : rng.weighted([
          ['api', 40],
          ['import', 25],
          ['checkout', 25],
          ['backoffice', 10],
        ]);
  const source = { ...(SOURCES[sourceKey] ?? { id: '1', name: 'API', type: 'api' }) };

  const collectorDomain = plan.collector.email.split('@')[1] ?? 'entidad.com.ar';
  const withUrl = plan.withNotificationUrl ?? (plan.collector.notification_url !== null && rng.chance(0.9));
  const retryActive = plan.retryActive ?? !rng.chance(0.15);
  const surcharge = rng.chance(0.3);

  const payer: PaymentPayer = {
    id: plan.payer.id,
    name: plan.payer.name,
    email: plan.payer.email,
    identification: { type: 'DNI_ARG', number: plan.payer.dni, country: 'ARG' },
  };

  const lastUpdateMs = Math.max(
    R,
    paidMs ?? 0,
    rejectedMs ?? 0,
    refundedMs ?? 0,
    objectionMs ?? 0,
    overdueMs ?? 0,
  );

  const payment: Payment = {
    id: '',
    status,
    status_detail: statusDetail,
    type: plan.type,
    request_date: iso(R),
    last_update_date: iso(lastUpdateMs),
    due_date: iso(dueMs),
    last_due_date: iso(lastDue),
    process_date: paidMs !== null ? iso(paidMs) : rejectedMs !== null ? iso(rejectedMs) : null,
    rejected_date: rejectedMs !== null ? iso(rejectedMs) : null,
    cancel_date: null,
    paid_date: paidMs !== null ? iso(paidMs) : null,
    payer_deferred_date: status === 'pending' && rng.chance(0.1) ? iso(R + rng.int(1, 48) * HOUR_MS) : null,
    payer_validation_date: validation ? iso(R + rng.int(1, 30) * MINUTE_MS) : null,
    accreditation_date: accreditationMs !== null ? iso(accreditationMs) : null,
    review_validation_date: review && status !== 'pending' ? iso(R + rng.int(1, 12) * HOUR_MS) : null,
    refunded_date: refundedMs !== null ? iso(refundedMs) : null,
    external_transaction_id: `${plan.collector.id}-${rng.digits(8)}`,
    final_amount: finalAmount,
    details,
    review,
    validation,
    notification_url: withUrl
      ? (plan.collector.notification_url ?? `https://api.${collectorDomain}/webhooks/pagos`)
      : null,
    back_url: rng.chance(0.7) ? `https://www.${collectorDomain}/pagos/retorno` : null,
    charge_delay: surcharge ? round2(rng.pick([500, 1000, 1500, 2500])) : 0,
    rate: surcharge ? rng.pick([2, 3.5, 5, 7.5]) : 0,
    version: 1,
    last_modified: true,
    fee_details: fees,
    currency_id: 'ARS',
    relateds: [],
    payment_methods: methods,
    payer,
    collector_id: plan.collector.id,
    reference,
    refunds,
    by_subscription: subscriptionId,
    batch_withdrawal: batch,
    metadata,
    notifications: [],
    collector_notifications: [],
    source,
    presets: {
      actions: [
        { name: 'retry', active: retryActive },
        { name: 'notify', active: true },
      ],
    },
  };

  // --- holders and simulation ------------------------------------------------------------------
  const holders: Holder[] = [];
  if (kinds.some(isCard) && rng.chance(0.9)) {
    if (rng.chance(0.8))
      holders.push({ holder_name: plan.payer.name.toUpperCase(), holder_id: plan.payer.dni });
    else {
      const other = randomPerson(rng);
      holders.push({ holder_name: other.name.toUpperCase(), holder_id: other.dni });
    }
  }
  let simulation = plan.simulation;
  if (!simulation && status === 'approved' && rng.chance(0.12)) {
    simulation = { refundRejection: rng.pick(REFUND_REJECTIONS) };
  }
  if (!simulation && status === 'partial') {
    const failing: Record<number, string> = {};
    methods.forEach((method, index) => {
      if (index > 0 && method.gateway.status === 'approved' && rng.chance(0.4)) {
        failing[index] = 'rejected_by_card_issuer';
      }
    });
    if (Object.keys(failing).length > 0) simulation = { failingMethods: failing };
  }
  if (!simulation && status === 'pending' && methods.length > 0) {
    simulation = {
      gatewayOutcome: rng.chance(0.7)
        ? { status: 'approved', status_detail: 'accredited' }
        : { status: 'rejected', status_detail: 'cc_rejected_insufficient_amount' },
    };
  }

  // --- versions ------------------------------------------------------------------------------------
  const unpaid = (at: number, versionStatus: PaymentStatus, detail: string) => (): Payment => ({
    ...payment,
    status: versionStatus,
    status_detail: detail,
    last_update_date: iso(at),
    process_date: null,
    paid_date: null,
    rejected_date: null,
    accreditation_date: null,
    refunded_date: null,
    review_validation_date: null,
    refunds: [],
    fee_details: [],
    batch_withdrawal: null,
    collector_notifications: [],
    notifications: payment.notifications.filter((item) => item.date <= iso(at)),
    payment_methods: payment.payment_methods.map((method) => ({
      ...method,
      authorization_code: null,
      gateway: {
        ...method.gateway,
        status: 'pending',
        status_detail: 'pending_contingency',
        ticket_number: null,
        batch_number: null,
        transaction_id: null,
      },
    })),
  });
  const approvedAt = (at: number) => (): Payment => ({
    ...payment,
    status: 'approved',
    status_detail: 'accredited',
    last_update_date: iso(at),
    refunded_date: null,
    refunds: [],
    notifications: payment.notifications.filter((item) => item.date <= iso(at)),
    payment_methods: payment.payment_methods.map((method) => ({
      ...method,
      gateway: { ...method.gateway, status: 'approved', status_detail: 'accredited' },
    })),
  });
  const steps: { status: PaymentStatus; at: number; materialize: () => Payment }[] = [];
  const first = status === 'overdue' || status === 'issued' ? 'issued' : 'pending';
  if (status !== 'pending' && status !== 'issued') {
    steps.push({
      status: first,
      at: R,
      materialize: unpaid(R, first, first === 'issued' ? 'issued' : 'pending_payment'),
    });
  }
  if ((status === 'refunded' || status === 'objected') && paidMs !== null) {
    steps.push({ status: 'approved', at: paidMs, materialize: approvedAt(paidMs) });
  }
  const versions: VersionEntry[] = steps.map((step, index) => ({
    version: index + 1,
    status: step.status,
    last_update_date: iso(step.at),
    materialize: step.materialize,
  }));
  payment.version = versions.length + 1;
  versions.push({
    version: payment.version,
    status,
    last_update_date: payment.last_update_date,
    materialize: () => payment,
  });

  return { payment, versions, holders, simulation };
}

const NOTIFICATION_ACTIONS: Partial<Record<PaymentStatus, string>> = {
  approved: 'payment_approved',
  partial: 'payment_approved',
  refunded: 'payment_refunded',
  objected: 'payment_approved',
  rejected: 'payment_rejected',
  overdue: 'payment_reminder',
  pending: 'payment_reminder',
};

/** Sets the id and the pieces that mention it (notifications, collector notifications). */
function finalize(
  rng: Prng,
  built: Built,
  id: string,
  nextNotificationId: () => string,
  today: number,
): void {
  const payment = built.payment;
  payment.id = id;
  const R = Date.parse(payment.request_date);
  if (payment.payer.email && rng.chance(0.75)) {
    payment.notifications.push({
      id: nextNotificationId(),
      date: iso(R + MINUTE_MS),
      type: 'email',
      action: 'payment_created',
    });
    const action = NOTIFICATION_ACTIONS[payment.status];
    const when = Date.parse(payment.last_update_date) + 2 * MINUTE_MS;
    if (action && when < today + DAY_MS && rng.chance(0.8)) {
      payment.notifications.push({ id: nextNotificationId(), date: iso(when), type: 'email', action });
    }
  }
  if (payment.notification_url && payment.status !== 'pending' && payment.status !== 'issued') {
    const failed = rng.chance(0.08);
    const sent = Date.parse(payment.last_update_date) + rng.int(1, 20) * 1000;
    payment.collector_notifications.push({
      url: payment.notification_url,
      response: failed ? 'Service Unavailable' : '{"received":true}',
      status: failed ? 'error' : 'success',
      status_detail: failed ? 'http_503' : 'http_200',
      retry_count: failed ? 3 : 0,
      original_request: JSON.stringify({
        id: payment.id,
        status: payment.status,
        external_reference: payment.details[0]?.external_reference ?? null,
      }),
      last_retry: iso(failed ? sent + 3 * 15 * MINUTE_MS : sent),
    });
  }
}

export function seedPayments({ seed, today, stores }: SeedContext): PaymentStore {
  const collectorStore = stores.get<CollectorStore>('collector');
  const collectors = collectorStore.all();
  const collector = (id: string): Collector => {
    const found = collectorStore.get(id);
    if (!found) throw new Error(`Collector ${id} missing`);
    return found;
  };
  const monthStart = startOfMonthAr(today);
  const context: Context = {
    today,
    monthStart,
    year: monthYearAr(today).year,
    refundSeq: { value: FIRST_REFUND_ID - 1 },
    subscriptionIdFor: (payer, owner) =>
      String(5_000_000 + (hashString(`${payer.id}:${owner.id}`) % 900_000)),
  };

  // A pool of recurring payers.
  const poolRng = derivePrng(seed, 'payer-pool');
  const pool: SeedPayer[] = Array.from({ length: 900 }, (_, index) => {
    const person = randomPerson(poolRng);
    return {
      id: String(800_001 + index),
      name: person.name,
      email: poolRng.chance(0.985) ? person.email : null,
      dni: person.dni,
    };
  });

  const collectorWeights = collectors
    .filter((item) => item.status === 'active' && !isXssFixtureCollectorId(item.id))
    .map((item, index) => [item, 12 - Math.min(10, index % 11)] as const);

  // The current month up to the start of today (on the 1st, the first half of today).
  const currentMonthEnd = today > monthStart ? today : today + 12 * HOUR_MS;

  // --- generated payments -----------------------------------------------------------------------
  const generated: Built[] = [];
  for (let index = 0; index < RANDOM_PAYMENTS; index++) {
    const rng = derivePrng(seed, `payment:${index}`);
    const inCurrentMonth = index < CURRENT_MONTH_PAYMENTS;
    const requestMs = inCurrentMonth
      ? Math.floor(monthStart + rng.next() * (currentMonthEnd - monthStart))
      : Math.floor(
          today - HISTORY_DAYS * DAY_MS + rng.next() * (monthStart - (today - HISTORY_DAYS * DAY_MS)),
        );
    const ageDays = (today - requestMs) / DAY_MS;
    const payer =
      index % 37 === 5
        ? SAMPLE_PAYERS.maria
        : index % 53 === 7
          ? SAMPLE_PAYERS.juan
          : index % 71 === 9
            ? SAMPLE_PAYERS.lucia
            : rng.pick(pool);
    const type: 'online' | 'qr' = rng.chance(0.15) ? 'qr' : 'online';
    const weights: [PaymentStatus, number][] =
      ageDays < 1
        ? [
            ['pending', 4],
            ['issued', 4],
            ['approved', 6],
            ['rejected', 1.5],
            ['partial', 0.4],
          ]
        : ageDays < 3
          ? [
              ['pending', 2],
              ['issued', 3],
              ['approved', 9],
              ['rejected', 2],
              ['partial', 0.6],
              ['refunded', 0.3],
              ['objected', 0.2],
            ]
          : ageDays < 25
            ? [
                ['pending', 0.8],
                ['issued', 1.5],
                ['approved', 10],
                ['rejected', 2.5],
                ['partial', 0.7],
                ['refunded', 0.8],
                ['objected', 0.4],
                ['overdue', 1.5],
              ]
            : [
                ['pending', 0.2],
                ['issued', 0.4],
                ['approved', 10],
                ['rejected', 2.5],
                ['partial', 0.6],
                ['refunded', 1.2],
                ['objected', 0.5],
                ['overdue', 2],
              ];
    const status = rng.weighted(weights);
    const methodCount =
      status === 'partial'
        ? rng.int(2, 3)
        : status === 'issued' && rng.chance(0.35)
          ? 0
          : status === 'approved' && rng.chance(0.04)
            ? 2
            : 1;
    const kinds = Array.from({ length: methodCount }, () => randomKind(rng, type));
    const methodStatuses =
      status === 'partial'
        ? kinds.map((_, i): 'approved' | 'rejected' => (i === 0 || rng.chance(0.5) ? 'approved' : 'rejected'))
        : undefined;
    if (methodStatuses && !methodStatuses.includes('rejected'))
      methodStatuses[methodStatuses.length - 1] = 'rejected';
    generated.push(
      build(
        rng,
        {
          requestMs,
          collector: rng.weighted(collectorWeights),
          payer,
          status,
          type,
          kinds,
          methodStatuses,
          // Rejections of the last days are still within their due window.
          retryable: status === 'rejected' ? ageDays < 3 || rng.chance(0.6) : undefined,
        },
        context,
      ),
    );
  }
  generated.sort((a, b) =>
    a.payment.request_date < b.payment.request_date
      ? -1
      : a.payment.request_date > b.payment.request_date
        ? 1
        : 0,
  );

  // --- fixtures -------------------------------------------------------------------------------------
  const fixtures = fixturePlans(today, collector).map((plan, index) =>
    build(derivePrng(seed, `fixture:${index}`), plan, context),
  );

  // --- ids, notifications, related payments ---------------------------------------------------------
  let notificationSeq = FIRST_NOTIFICATION_ID - 1;
  const nextNotificationId = (): string => String(++notificationSeq);
  const finalRng = derivePrng(seed, 'finalize');
  fixtures.forEach((built, index) =>
    finalize(finalRng, built, String(FIRST_FIXTURE_ID + index), nextNotificationId, today),
  );
  generated.forEach((built, index) =>
    finalize(finalRng, built, String(FIRST_RANDOM_ID + index), nextNotificationId, today),
  );

  const fixture = (n: number): Payment => {
    const found = fixtures[n - 1]?.payment;
    if (!found) throw new Error(`Fixture ${n} missing`);
    return found;
  };
  // A retried payment and its original.
  fixture(22).relateds.push({ type: 'original', paymentId: fixture(9).id });
  fixture(9).relateds.push({ type: 'retry', paymentId: fixture(22).id });

  const byPayerCollector = new Map<string, number[]>();
  generated.forEach((built, index) => {
    const key = `${built.payment.payer.id}:${built.payment.collector_id}`;
    const list = byPayerCollector.get(key) ?? [];
    list.push(index);
    byPayerCollector.set(key, list);
  });
  generated.forEach((built, index) => {
    const original = built.payment;
    if (original.status !== 'rejected' || original.relateds.length > 0 || !finalRng.chance(0.3)) return;
    const candidates = byPayerCollector.get(`${original.payer.id}:${original.collector_id}`) ?? [];
    const laterIndex = candidates.find(
      (candidate) => candidate > index && generated[candidate]?.payment.relateds.length === 0,
    );
    const later = laterIndex === undefined ? undefined : generated[laterIndex]?.payment;
    if (!later) return;
    original.relateds.push({ type: 'retry', paymentId: later.id });
    later.relateds.push({ type: 'original', paymentId: original.id });
  });

  // XSS fixtures last, apart from the rest (see the block at the end of this file).
  const xss = xssFixtures(seed, today, context, collector);

  // Monthly payments of long-running subscriptions last (see the block at the end of this file).
  const subscriptionBlock = subscriptionPayments(seed, today, context, collector, pool, collectorWeights);

  const all = [...fixtures, ...generated, ...xss, ...subscriptionBlock];
  const versions = new Map<string, VersionEntry[]>(all.map((built) => [built.payment.id, built.versions]));
  const store = new PaymentStore(
    all.map((built) => built.payment),
    versions,
    context.refundSeq.value,
  );
  for (const built of all) {
    if (built.holders.length > 0) store.holders.set(built.payment.id, built.holders);
    if (built.simulation) store.simulation.set(built.payment.id, built.simulation);
  }
  return store;
}

/** The hand-made payments with stable ids 1000001.. (see docs/upstream-contract.md). */
function fixturePlans(today: number, collector: (id: string) => Collector): Plan[] {
  const { maria, juan, lucia } = SAMPLE_PAYERS;
  const ago = (days: number, hours = 10): number => today - days * DAY_MS + hours * HOUR_MS;
  const plans: Plan[] = [
    // 1000001 approved online visa: refund approved.
    {
      requestMs: ago(2),
      collector: collector('10001'),
      payer: maria,
      status: 'approved',
      type: 'online',
      kinds: [9],
      installments: 1,
      simulation: {},
      withBatch: false,
    },
    // 1000002 approved online mastercard: the gateway rejects its refunds.
    {
      requestMs: ago(3),
      collector: collector('10002'),
      payer: juan,
      status: 'approved',
      type: 'online',
      kinds: [5],
      installments: 1,
      simulation: { refundRejection: 'insufficient_funds_in_collector_account' },
      withBatch: false,
    },
    // 1000003 partial: visa approved + cbu rejected; partial refund approved.
    {
      requestMs: ago(4),
      collector: collector('10001'),
      payer: maria,
      status: 'partial',
      type: 'online',
      kinds: [9, 1],
      methodStatuses: ['approved', 'rejected'],
      installments: 1,
      simulation: {},
    },
    // 1000004 partial: visa approved, naranja approved (its refund fails), rapipago rejected.
    {
      requestMs: ago(5),
      collector: collector('10003'),
      payer: lucia,
      status: 'partial',
      type: 'online',
      kinds: [9, 7, 97],
      methodStatuses: ['approved', 'approved', 'rejected'],
      installments: 1,
      simulation: { failingMethods: { 1: 'rejected_by_card_issuer' } },
    },
    // 1000005 pending visa: cancellable; "actualizar-gateway" approves it.
    {
      requestMs: ago(1),
      collector: collector('10001'),
      payer: maria,
      status: 'pending',
      type: 'online',
      kinds: [9],
      installments: 1,
      simulation: { gatewayOutcome: { status: 'approved', status_detail: 'accredited' } },
    },
    // 1000006 issued without a payment method: cancellable, method can be changed.
    {
      requestMs: ago(1, 15),
      collector: collector('10002'),
      payer: juan,
      status: 'issued',
      type: 'online',
      kinds: [],
    },
    // 1000007 issued with a CBU debit.
    {
      requestMs: ago(2, 9),
      collector: collector('10004'),
      payer: lucia,
      status: 'issued',
      type: 'online',
      kinds: [1],
    },
    // 1000008 rejected, retryable (last_due_date after today, retry preset active).
    {
      requestMs: ago(6),
      collector: collector('10001'),
      payer: maria,
      status: 'rejected',
      type: 'online',
      kinds: [9],
      installments: 1,
      retryable: true,
      retryActive: true,
      statusDetail: 'cc_rejected_insufficient_amount',
    },
    // 1000009 rejected and overdue (last_due_date before today): not retryable.
    {
      requestMs: ago(40),
      collector: collector('10002'),
      payer: juan,
      status: 'rejected',
      type: 'online',
      kinds: [5],
      installments: 1,
      retryable: false,
      retryActive: true,
      statusDetail: 'cc_rejected_call_for_authorize',
    },
    // 1000010 rejected, in its due window but the retry preset is inactive.
    {
      requestMs: ago(7),
      collector: collector('10005'),
      payer: lucia,
      status: 'rejected',
      type: 'online',
      kinds: [10],
      retryable: true,
      retryActive: false,
      statusDetail: 'insufficient_funds',
    },
    // 1000011 rejected because the card expired (the UI opens the checkout form instead).
    {
      requestMs: ago(8),
      collector: collector('10001'),
      payer: maria,
      status: 'rejected',
      type: 'online',
      kinds: [9],
      installments: 1,
      retryable: true,
      retryActive: true,
      statusDetail: 'cc_rejected_card_expired',
    },
    // 1000012 refunded (refund approved).
    {
      requestMs: ago(9),
      collector: collector('10006'),
      payer: juan,
      status: 'refunded',
      type: 'online',
      kinds: [9],
      installments: 1,
    },
    // 1000013 objected: cancel objection.
    {
      requestMs: ago(12),
      collector: collector('10005'),
      payer: maria,
      status: 'objected',
      type: 'online',
      kinds: [5],
      installments: 1,
      statusDetail: 'objected_by_payer',
    },
    // 1000014 overdue.
    {
      requestMs: ago(35),
      collector: collector('10004'),
      payer: lucia,
      status: 'overdue',
      type: 'online',
      kinds: [97],
    },
    // 1000015 approved QR with one method: refundable.
    {
      requestMs: ago(2, 13),
      collector: collector('10011'),
      payer: juan,
      status: 'approved',
      type: 'qr',
      kinds: [10],
      simulation: {},
      withBatch: false,
    },
    // 1000016 approved QR with two methods: not refundable.
    {
      requestMs: ago(3, 13),
      collector: collector('10011'),
      payer: maria,
      status: 'approved',
      type: 'qr',
      kinds: [10, 94],
      simulation: {},
      withBatch: false,
    },
    // 1000017 approved with tokens (92): currency conversion info.
    {
      requestMs: ago(4, 16),
      collector: collector('10005'),
      payer: lucia,
      status: 'approved',
      type: 'online',
      kinds: [92],
      installments: 1,
      simulation: {},
      withBatch: false,
    },
    // 1000018 approved by subscription, in a withdrawal batch.
    {
      requestMs: ago(20),
      collector: collector('10001'),
      payer: maria,
      status: 'approved',
      type: 'online',
      kinds: [10],
      bySubscription: true,
      withBatch: true,
      simulation: {},
    },
    // 1000019 approved, metadata with failed subscription requests (409 and 500).
    {
      requestMs: ago(6, 11),
      collector: collector('10003'),
      payer: juan,
      status: 'approved',
      type: 'online',
      kinds: [9],
      installments: 1,
      bySubscription: false,
      subscriptionFailures: true,
      simulation: {},
      withBatch: false,
    },
    // 1000020 pending, payer without e-mail and no notification URL.
    {
      requestMs: ago(1, 11),
      collector: collector('10007'),
      payer: NO_EMAIL_PAYER,
      status: 'pending',
      type: 'online',
      kinds: [98],
      withNotificationUrl: false,
      simulation: {},
    },
    // 1000021 approved, american express in 6 installments.
    {
      requestMs: ago(5, 17),
      collector: collector('10006'),
      payer: lucia,
      status: 'approved',
      type: 'online',
      kinds: [2],
      installments: 6,
      simulation: {},
      withBatch: false,
    },
    // 1000022 approved retry of 1000009 (relateds).
    {
      requestMs: ago(2, 18),
      collector: collector('10002'),
      payer: juan,
      status: 'approved',
      type: 'online',
      kinds: [5],
      installments: 1,
      simulation: {},
      withBatch: false,
    },
  ];
  // Every fixture but 1000020 has a notification URL, whatever the seed.
  return plans.map((plan) => ({ ...plan, withNotificationUrl: plan.withNotificationUrl ?? true }));
}

// =========================================================================================================
// XSS fixture block (docs/upstream-contract.md §7, "XSS fixtures").
//
// Payments 1000090–1000097 of collector 10099 carry a payload of XSS_PAYLOADS in every upstream string the
// screens show (payer, concepts, references, status details, methods, holders, fees, refunds, metadata keys
// and values, notifications, collector notifications, source, presets, URLs), so browser tests can check
// that each renders as text. They are built apart from the rest: their own PRNGs, refund ids from 3900001,
// notification ids from 7900001, request dates 45 to 52 days back and no pending payment, so no other
// payment, id or count the rest of the seed promises changes.
// =========================================================================================================

/** Each payload, if it ever ran, sets `window.__xss` (or opens an alert): tests assert neither happens. */
export const XSS_PAYLOADS: readonly string[] = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '<svg onload=window.__xss=1>',
  'javascript:window.__xss=1',
  '"><iframe srcdoc="<script>parent.__xss=1</script>">',
  "{{constructor.constructor('window.__xss=1')()}}",
  '<a href="javascript:window.__xss=1">clic aquí</a>',
  '\u202E<b onmouseover=window.__xss=1>gnp.exe\u202C (RTL)',
  `${'Ñandú guaraní '.repeat(300)}<script>window.__xss=1</script>`,
  '%3Cscript%3Ewindow.__xss%3D1%3C%2Fscript%3E',
  '<div style="background:url(javascript:window.__xss=1);width:expression(window.__xss=1)">estilo</div>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>',
  "';window.__xss=1;//</script><script>window.__xss=1</script>",
  '<details open ontoggle=window.__xss=1>',
  '<input autofocus onfocus=window.__xss=1>',
  '&lt;script&gt;window.__xss=1&lt;/script&gt;',
  '<object data="javascript:window.__xss=1"></object>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  'data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">',
  '${window.__xss=1}#{window.__xss=1}<%= window.__xss=1 %>',
  '<form><button formaction=javascript:window.__xss=1>Enviar</button></form>',
  '<svg><animate onbegin=window.__xss=1 attributeName=x dur=1s>',
  ' \tJaVaScRiPt:window.__xss=1',
  '<img src=x onerror=alert(document.domain)>',
  '＜script＞window.__xss=1＜/script＞',
  '<scr\u200Bipt>window.__xss=1</scr\u200Bipt>',
  '<iframe src="javascript:window.top.__xss=1"></iframe>',
  '<base href="javascript:window.__xss=1//">',
  '<style>@import "javascript:window.__xss=1";</style><link rel=stylesheet href=javascript:window.__xss=1>',
  '&#106;avascript:window.__xss=1',
  'javascript:alert(document.domain)//https://api.example.com.ar/webhooks',
];

/** The payloads for URL-ish fields (notification_url, back_url, ids that become links). */
export const XSS_URL_PAYLOADS: readonly string[] = [
  'javascript:window.__xss=1',
  ' \tJaVaScRiPt:window.__xss=1',
  'data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==',
  '&#106;avascript:window.__xss=1',
  'javascript:alert(document.domain)//https://api.example.com.ar/webhooks',
  '<a href="javascript:window.__xss=1">clic aquí</a>',
];

export const XSS_COLLECTOR_ID = '10099';
/** What the XSS collector's name starts with (search it in the collector pickers). */
export const XSS_COLLECTOR_NAME_PREFIX = 'Entidad XSS';
/** What every XSS payer's name starts with (search it in Buscar Pagos). */
export const XSS_PAYER_NAME_PREFIX = 'Pagador XSS';
export const FIRST_XSS_PAYMENT_ID = 1000090;
const FIRST_XSS_REFUND_ID = 3900001;
const FIRST_XSS_NOTIFICATION_ID = 7900001;

export const isXssFixtureCollectorId = (id: string): boolean => id === XSS_COLLECTOR_ID;

/** True for the reserved XSS payment ids 1000090–1000099. */
export const isXssFixturePaymentId = (id: string): boolean =>
  /^\d+$/.test(id) && Number(id) >= FIRST_XSS_PAYMENT_ID && Number(id) <= FIRST_XSS_PAYMENT_ID + 9;

const XSS_EMAIL_PREFIXES = [
  '"><svg/onload=window.__xss=1>',
  '<img/src=x/onerror=window.__xss=1>',
  'javascript:window.__xss=1//',
  "'-alert(1)-'",
];

const XSS_PLANS: readonly Pick<Plan, 'status' | 'type' | 'kinds' | 'methodStatuses' | 'installments'>[] = [
  { status: 'approved', type: 'online', kinds: [9], installments: 3 }, // 1000090: every section
  { status: 'refunded', type: 'online', kinds: [5], installments: 1 }, // 1000091: refund, 3 versions
  { status: 'partial', type: 'online', kinds: [9, 7], methodStatuses: ['approved', 'rejected'] }, // 1000092
  { status: 'rejected', type: 'online', kinds: [9], installments: 1 }, // 1000093
  { status: 'objected', type: 'online', kinds: [2], installments: 1 }, // 1000094: 3 versions
  { status: 'issued', type: 'online', kinds: [1] }, // 1000095: CBU, change of method
  { status: 'approved', type: 'online', kinds: [92], installments: 1 }, // 1000096: token conversion
  { status: 'approved', type: 'qr', kinds: [10, 94] }, // 1000097: QR, two methods
];

/** Builds the XSS payments (ids, notifications, collector notifications and holders included). */
function xssFixtures(
  seed: number,
  today: number,
  context: Context,
  collector: (id: string) => Collector,
): Built[] {
  const owner = collector(XSS_COLLECTOR_ID);
  // Own refund ids: the store's counter for new refunds stays where the rest of the seed left it.
  const xssContext: Context = { ...context, refundSeq: { value: FIRST_XSS_REFUND_ID - 1 } };
  let notificationSeq = FIRST_XSS_NOTIFICATION_ID - 1;
  const built = XSS_PLANS.map((partial, index): Built => {
    const id = String(FIRST_XSS_PAYMENT_ID + index);
    let cursor = index * 5;
    const pick = (): string => XSS_PAYLOADS[cursor++ % XSS_PAYLOADS.length] ?? '';
    let urlCursor = index;
    const pickUrl = (): string => XSS_URL_PAYLOADS[urlCursor++ % XSS_URL_PAYLOADS.length] ?? '';
    const payer: SeedPayer = {
      id: String(790_090 + index),
      name: `${XSS_PAYER_NAME_PREFIX} ${String(index + 1).padStart(2, '0')} ${pick()}`,
      email: `${XSS_EMAIL_PREFIXES[index % XSS_EMAIL_PREFIXES.length] ?? ''}pagador${id}@xss.example.com.ar`,
      dni: String(20_000_000 + index * 1_111_111),
    };
    const result = build(
      derivePrng(seed, `xss-fixture:${index}`),
      {
        ...partial,
        requestMs: today - (45 + index) * DAY_MS + 10 * HOUR_MS,
        collector: owner,
        payer,
        lines: 2,
        retryable: partial.status === 'rejected' ? true : undefined,
        retryActive: true,
        statusDetail: partial.status === 'rejected' ? pick() : undefined,
        bySubscription: false,
        subscriptionFailures: false,
        withNotificationUrl: true,
        withBatch: false,
        simulation: {},
      },
      xssContext,
    );
    const payment = result.payment;
    payment.id = id;
    // Mutated in place: every version materializes from this object, so the history shows them too.
    payment.status_detail = partial.status === 'rejected' ? payment.status_detail : pick();
    payment.payer.identification.country = pick();
    for (const line of payment.details) {
      line.concept_id = pick();
      line.concept_description = pick();
      line.external_reference = pick();
    }
    payment.reference = pick();
    payment.external_transaction_id = pick();
    payment.notification_url = pickUrl();
    payment.back_url = pickUrl();
    for (const fee of payment.fee_details) fee.description = pick();
    for (const method of payment.payment_methods) {
      method.media_payment_detail = pick();
      method.promotion_id = pick();
      method.authorization_code = method.authorization_code === null ? null : pick();
      method.coupon_number = method.coupon_number === null ? null : pick();
      method.gateway.status_detail = pick();
      method.gateway.ppt_owner = pick();
      if (method.currency_conversion_info) {
        method.currency_conversion_info.original_currency = pick();
        method.currency_conversion_info.destination_currency = pick();
      }
    }
    for (const refund of payment.refunds) {
      refund.reason = pick();
      refund.status_detail = pick();
      refund.external_reference = pick();
      refund.transaction_id = pick();
    }
    payment.metadata = {
      [pick()]: pick(),
      canal: pick(),
      [`lote_${pick()}`]: { archivo: pick(), filas: [pick(), 3] },
      subscription_request: [
        {
          status_code: 200,
          subscription_id: pickUrl(),
          message: null,
          date: iso(Date.parse(payment.request_date)),
        },
        {
          status_code: 418,
          subscription_id: null,
          message: pick(),
          date: iso(Date.parse(payment.request_date)),
        },
      ],
    };
    payment.source = { id: '1', name: pick(), type: pick() };
    payment.presets.actions.push({ name: pick(), active: false });
    const created = Date.parse(payment.request_date) + MINUTE_MS;
    payment.notifications.push(
      { id: String(++notificationSeq), date: iso(created), type: 'email', action: pick() },
      {
        id: String(++notificationSeq),
        date: iso(created + HOUR_MS),
        type: pick(),
        action: 'payment_reminder',
      },
    );
    const sent = Date.parse(payment.last_update_date) + 5_000;
    payment.collector_notifications.push(
      {
        url: payment.notification_url,
        response: pick(),
        status: 'error',
        status_detail: pick(),
        retry_count: 3,
        original_request: JSON.stringify({
          id,
          status: payment.status,
          payer: payment.payer.name,
          nota: pick(),
        }),
        last_retry: iso(sent),
      },
      {
        url: pickUrl(),
        response: JSON.stringify({ received: pick() }),
        status: pick(),
        status_detail: pick(),
        retry_count: 0,
        original_request: pick(),
        last_retry: iso(sent + MINUTE_MS),
      },
    );
    result.holders.splice(
      0,
      result.holders.length,
      ...payment.payment_methods.map(() => ({ holder_name: pick(), holder_id: payer.dni })),
    );
    return result;
  });
  // Related payments whose type (and one id) are payloads: the links must stay inside the app.
  const [first, , , rejected] = built.map((item) => item.payment);
  if (first && rejected) {
    first.relateds.push(
      { type: XSS_PAYLOADS[2] ?? 'retry', paymentId: rejected.id },
      { type: XSS_PAYLOADS[3] ?? 'retry', paymentId: XSS_URL_PAYLOADS[0] ?? 'javascript:' },
    );
    rejected.relateds.push({ type: XSS_PAYLOADS[1] ?? 'original', paymentId: first.id });
    first.by_subscription = XSS_URL_PAYLOADS[0] ?? null;
  }
  return built;
}

// =========================================================================================================
// Subscription payments block (docs/upstream-contract.md, "Subscription service").
//
// Monthly payments of the fixture subscriptions (4000001...) and of a few generated long-running ones (12 to
// 18 months), all before the current month, ids from 1100001, with their own PRNGs, refund and notification
// ids (7800001...): every other payment, notification, id and draw of the seed is the same as without them.
// The subscription seed links them as `payments_periods`.
// =========================================================================================================

export const FIRST_SUBSCRIPTION_PAYMENT_ID = 1100001;
const FIRST_SUBSCRIPTION_NOTIFICATION_ID = 7800001;
const FIRST_SUBSCRIPTION_REFUND_ID = 3800001;
const LONG_SUBSCRIPTIONS = 6;

interface SubscriptionSeries {
  subscriptionId: string;
  payer: SeedPayer;
  collector: Collector;
  /** media_payment_id per payment, oldest first. */
  kinds: Kind[];
  lastMonthsAgo: number;
  dueDay: number;
  rejected: Set<number>;
}

function subscriptionPayments(
  seed: number,
  today: number,
  context: Context,
  collector: (id: string) => Collector,
  pool: readonly SeedPayer[],
  collectorWeights: readonly (readonly [Collector, number])[],
): Built[] {
  const series: SubscriptionSeries[] = SUBSCRIPTION_FIXTURES.filter(
    (fixture) => fixture.paymentMonths > 0,
  ).map((fixture) => {
    const final = fixture.mediaPaymentId ?? 1;
    const half = Math.floor(fixture.paymentMonths / 2);
    return {
      subscriptionId: fixture.id,
      payer: fixture.payer,
      collector: collector(fixture.collectorId),
      kinds: Array.from({ length: fixture.paymentMonths }, (_, index) =>
        fixture.methodChanged && index < half ? 9 : final,
      ),
      lastMonthsAgo: fixture.lastMonthsAgo,
      dueDay: fixture.dueDay,
      rejected: new Set<number>(),
    };
  });
  const rng = derivePrng(seed, 'subscription-payments');
  for (let index = 0; index < LONG_SUBSCRIPTIONS; index++) {
    const payer = rng.pick(pool);
    const owner = rng.weighted(collectorWeights);
    const months = rng.int(12, 18);
    const kind = rng.weighted([
      [1, 40],
      [10, 20],
      [9, 20],
      [5, 15],
      [27, 5],
    ] as const);
    series.push({
      subscriptionId: context.subscriptionIdFor(payer, owner),
      payer,
      collector: owner,
      kinds: Array.from({ length: months }, () => kind),
      lastMonthsAgo: 1,
      dueDay: rng.int(1, 28),
      rejected: new Set([rng.int(0, months - 2)]),
    });
  }
  const blockContext: Context = { ...context, refundSeq: { value: FIRST_SUBSCRIPTION_REFUND_ID - 1 } };
  let notificationSeq = FIRST_SUBSCRIPTION_NOTIFICATION_ID - 1;
  const nextNotificationId = (): string => String(++notificationSeq);
  const finalRng = derivePrng(seed, 'subscription-payments:finalize');
  let nextId = FIRST_SUBSCRIPTION_PAYMENT_ID;
  const built: Built[] = [];
  for (const item of series) {
    const seriesContext: Context = { ...blockContext, subscriptionIdFor: () => item.subscriptionId };
    item.kinds.forEach((kind, index) => {
      const monthsAgo = item.lastMonthsAgo + item.kinds.length - 1 - index;
      const requestMs = monthsBackAr(today, monthsAgo) + (item.dueDay - 1) * DAY_MS + 9 * HOUR_MS;
      const id = String(nextId++);
      const result = build(
        derivePrng(seed, `subscription-payment:${id}`),
        {
          requestMs,
          collector: item.collector,
          payer: item.payer,
          status: item.rejected.has(index) ? 'rejected' : 'approved',
          type: 'online',
          kinds: [kind],
          installments: 1,
          retryable: false,
          lines: 1,
          bySubscription: true,
          subscriptionFailures: false,
          simulation: {},
        },
        seriesContext,
      );
      finalize(finalRng, result, id, nextNotificationId, today);
      built.push(result);
    });
  }
  return built;
}
