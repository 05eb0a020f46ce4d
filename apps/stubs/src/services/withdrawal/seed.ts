/**
 * Deterministic withdrawals (authorization and history). Fixtures first (ids 6000001–6000010, today):
 * 6000001–6000007 pending_authorization of collectors 10002, 10001 and 10003, 6000008 authorized, 6000009
 * refused, 6000010 pending_authorization of 10004. Then 50 drawn over the last 75 days, every status.
 */
import { HOUR_MS, iso } from '../../lib/dates.js';
import type { SeedContext } from '../../lib/service.js';
import type { Collector, CollectorStore } from '../collector/store.js';
import { REQUEST_USERS, collectorDetail, requestDate, withdrawingCollectors } from '../withdraw/common.js';
import { WithdrawalStore, type Withdrawal, type WithdrawalStatus } from './store.js';

export const FIRST_WITHDRAWAL_ID = 6000001;
const DRAWN = 50;

const FIXTURES: readonly { collector: string; status: WithdrawalStatus; amount: number }[] = [
  { collector: '10002', status: 'pending_authorization', amount: 85000 },
  { collector: '10001', status: 'pending_authorization', amount: 12500.5 },
  { collector: '10003', status: 'pending_authorization', amount: 230000 },
  { collector: '10002', status: 'pending_authorization', amount: 4100.75 },
  { collector: '10001', status: 'pending_authorization', amount: 999.99 },
  { collector: '10003', status: 'pending_authorization', amount: 64320 },
  { collector: '10002', status: 'pending_authorization', amount: 15000 },
  { collector: '10001', status: 'authorized', amount: 143000 },
  { collector: '10002', status: 'refused', amount: 7700 },
  { collector: '10004', status: 'pending_authorization', amount: 52000 },
];

export function seedWithdrawals({ rng, today, stores }: SeedContext): WithdrawalStore {
  const collectors = stores.get<CollectorStore>('collector');
  const settling = withdrawingCollectors(collectors);
  const rows: Withdrawal[] = [];
  const make = (
    collector: Collector,
    status: WithdrawalStatus,
    amount: number,
    requested: string,
  ): Withdrawal => ({
    id: String(FIRST_WITHDRAWAL_ID + rows.length),
    status,
    status_detail: status === 'refused' ? 'Saldo insuficiente en la cuenta de la entidad' : null,
    collector_id: collector.id,
    collector_detail: collectorDetail(collector),
    destination: { type: 'cbu', value: collector.bank_account.cbu },
    request_date: requested,
    approved_date: status === 'authorized' ? iso(Date.parse(requested) + rng.int(1, 20) * HOUR_MS) : null,
    amount,
    currency_id: 'ARS',
    request_user: rng.pick(REQUEST_USERS),
    authorized_by: status === 'authorized' ? 'supervisor' : null,
  });
  FIXTURES.forEach((fixture, index) => {
    const collector = collectors.get(fixture.collector);
    if (!collector) throw new Error(`withdrawal fixture: collector ${fixture.collector} missing`);
    rows.push(make(collector, fixture.status, fixture.amount, iso(today + 9 * HOUR_MS + index * 60_000)));
  });
  for (let i = 0; i < DRAWN; i++) {
    const daysAgo = rng.int(1, 75);
    const status = rng.weighted<WithdrawalStatus>([
      ['pending_authorization', daysAgo < 20 ? 4 : 1],
      ['authorized', 6],
      ['refused', 1],
    ]);
    rows.push(make(rng.pick(settling), status, rng.amount(500, 400000), requestDate(rng, today, daysAgo)));
  }
  return new WithdrawalStore(rows);
}
