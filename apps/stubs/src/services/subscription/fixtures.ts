/**
 * The hand-made subscriptions with stable ids (docs/upstream-contract.md, "Subscription service"). The
 * payment seed reads `paymentMonths` to make their monthly payments (ids from 1100001, `by_subscription`
 * pointing here); the subscription seed links those payments as `payments_periods`.
 */
import type { SeedPayer } from '../../lib/argentine-data.js';
import type { SubscriptionStatus, SubscriptionType } from './store.js';

export type SubscriptionPayer = SeedPayer;

/** Payers of the fixtures only (their payments are all before the current month). */
export const SUBSCRIPTION_PAYERS = {
  sofia: { id: '700011', name: 'Sofía Benítez', email: 'sofia.benitez@gmail.com', dni: '31456123' },
  martin: { id: '700012', name: 'Martín Sosa', email: 'martin.sosa@outlook.com', dni: '27890345' },
  valentina: {
    id: '700013',
    name: 'Valentina Romero',
    email: 'valentina.romero@yahoo.com.ar',
    dni: '38123987',
  },
} as const satisfies Record<string, SubscriptionPayer>;

export interface SubscriptionFixture {
  id: string;
  type: SubscriptionType;
  status: SubscriptionStatus;
  payer: SubscriptionPayer;
  collectorId: string;
  /** media_payment_id of the method (null: none now; its payments were debited by CBU before removal). */
  mediaPaymentId: number | null;
  /** Monthly payments, the newest one `lastMonthsAgo` calendar months before the current one. */
  paymentMonths: number;
  lastMonthsAgo: number;
  dueDay: number;
  /** Extra versions: the amount changed, the method changed, the method was removed. */
  amountChanged?: boolean;
  methodChanged?: boolean;
  methodRemoved?: boolean;
  /** Subscriptions without payments: requested this many days ago. */
  requestDaysAgo?: number;
}

const { sofia, martin, valentina } = SUBSCRIPTION_PAYERS;

export const SUBSCRIPTION_FIXTURES: readonly SubscriptionFixture[] = [
  {
    id: '4000001',
    type: 'subscription',
    status: 'active',
    payer: sofia,
    collectorId: '10001',
    mediaPaymentId: 9,
    paymentMonths: 3,
    lastMonthsAgo: 1,
    dueDay: 10,
  },
  {
    id: '4000002',
    type: 'adhesion',
    status: 'active',
    payer: sofia,
    collectorId: '10002',
    mediaPaymentId: 1,
    paymentMonths: 4,
    lastMonthsAgo: 1,
    dueDay: 5,
  },
  {
    id: '4000003',
    type: 'plan',
    status: 'active',
    payer: martin,
    collectorId: '10003',
    mediaPaymentId: 10,
    paymentMonths: 5,
    lastMonthsAgo: 1,
    dueDay: 15,
  },
  {
    id: '4000004',
    type: 'subscription',
    status: 'cancelled',
    payer: martin,
    collectorId: '10001',
    mediaPaymentId: 5,
    paymentMonths: 3,
    lastMonthsAgo: 2,
    dueDay: 20,
    amountChanged: true,
  },
  {
    id: '4000005',
    type: 'subscription',
    status: 'active',
    payer: valentina,
    collectorId: '10004',
    mediaPaymentId: 5,
    paymentMonths: 14,
    lastMonthsAgo: 1,
    dueDay: 8,
  },
  {
    id: '4000006',
    type: 'subscription',
    status: 'pending',
    payer: valentina,
    collectorId: '10005',
    mediaPaymentId: 9,
    paymentMonths: 0,
    lastMonthsAgo: 0,
    dueDay: 12,
    requestDaysAgo: 3,
  },
  {
    id: '4000007',
    type: 'subscription',
    status: 'active',
    payer: martin,
    collectorId: '10002',
    mediaPaymentId: null,
    paymentMonths: 2,
    lastMonthsAgo: 1,
    dueDay: 3,
    methodRemoved: true,
  },
  {
    id: '4000008',
    type: 'adhesion',
    status: 'active',
    payer: sofia,
    collectorId: '10001',
    mediaPaymentId: 27,
    paymentMonths: 6,
    lastMonthsAgo: 1,
    dueDay: 25,
    amountChanged: true,
    methodChanged: true,
  },
  {
    id: '4000009',
    type: 'adhesion',
    status: 'pending',
    payer: sofia,
    collectorId: '10003',
    mediaPaymentId: null,
    paymentMonths: 0,
    lastMonthsAgo: 0,
    dueDay: 1,
    requestDaysAgo: 1,
  },
];

/** Ids of the subscriptions whose strings are XSS payloads (collector 10099, no payments). */
export const XSS_SUBSCRIPTION_IDS = ['4000090', '4000091'] as const;

/** Subscriptions the seed makes without payments (pending, or rejected by the payer) get ids from here. */
export const FIRST_UNPAID_SUBSCRIPTION_ID = 5_900_001;
