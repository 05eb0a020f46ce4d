/**
 * Deterministic withdraws (transfer list). Fixtures first (ids 5000001–5000010, today, for the browser and
 * integration tests): 5000001–5000006 pending of collectors 10002 and 10001, 5000007–5000008 transferred,
 * 5000009 rejected, 5000010 pending of collector 10003. Then 50 drawn over the last 75 days, every status.
 */
import { HOUR_MS, iso } from '../../lib/dates.js';
import type { SeedContext } from '../../lib/service.js';
import type { Collector, CollectorStore } from '../collector/store.js';
import { REQUEST_USERS, collectorDetail, requestDate, withdrawingCollectors } from './common.js';
import { WithdrawStore, type Withdraw, type WithdrawStatus } from './store.js';

export const FIRST_WITHDRAW_ID = 5000001;
const DRAWN = 50;

const FIXTURES: readonly { collector: string; status: WithdrawStatus; amount: number }[] = [
  { collector: '10002', status: 'pending', amount: 152340.5 },
  { collector: '10002', status: 'pending', amount: 48000 },
  { collector: '10001', status: 'pending', amount: 9875.25 },
  { collector: '10001', status: 'pending', amount: 310200 },
  { collector: '10002', status: 'pending', amount: 1200.1 },
  { collector: '10001', status: 'pending', amount: 75500 },
  { collector: '10002', status: 'transferred', amount: 254300.75 },
  { collector: '10001', status: 'transferred', amount: 18990 },
  { collector: '10002', status: 'rejected', amount: 5600 },
  { collector: '10003', status: 'pending', amount: 23456.78 },
];

export function seedWithdraws({ rng, today, stores }: SeedContext): WithdrawStore {
  const collectors = stores.get<CollectorStore>('collector');
  const settling = withdrawingCollectors(collectors);
  const rows: Withdraw[] = [];
  const make = (
    collector: Collector,
    status: WithdrawStatus,
    amount: number,
    requested: string,
  ): Withdraw => {
    const id = String(FIRST_WITHDRAW_ID + rows.length);
    const transferred =
      status === 'transferred' ? iso(Date.parse(requested) + rng.int(2, 30) * HOUR_MS) : null;
    return {
      id,
      collector_id: collector.id,
      collector_detail: collectorDetail(collector),
      request_date: requested,
      request_user: rng.pick(REQUEST_USERS),
      amount,
      currency_id: 'ARS',
      transfer_date: transferred,
      status,
      status_detail: status === 'rejected' ? 'Cuenta de destino inexistente' : null,
      destination: { type: 'cbu', value: collector.bank_account.cbu, holder: collector.bank_account.holder },
      export_date: null,
      transfer_reference: transferred ? `TRF${rng.digits(10)}` : null,
    };
  };
  FIXTURES.forEach((fixture, index) => {
    const collector = collectors.get(fixture.collector);
    if (!collector) throw new Error(`withdraw fixture: collector ${fixture.collector} missing`);
    // Today, one minute apart: request_date ascending keeps the fixtures in id order.
    const requested = iso(today + 9 * HOUR_MS + index * 60_000);
    rows.push(make(collector, fixture.status, fixture.amount, requested));
  });
  for (let i = 0; i < DRAWN; i++) {
    const collector = rng.pick(settling);
    const daysAgo = rng.int(1, 75);
    const status = rng.weighted<WithdrawStatus>([
      ['pending', daysAgo < 20 ? 5 : 1],
      ['transferred', 6],
      ['rejected', 1],
    ]);
    rows.push(make(collector, status, rng.amount(500, 400000), requestDate(rng, today, daysAgo)));
  }
  return new WithdrawStore(rows.sort((a, b) => a.id.localeCompare(b.id)));
}
