/**
 * Deterministic service-payment batches: 36 transaction batches (ids 8100001...) and 30 gateway batches
 * (ids 8200001...), one a day going back from today, every state present. Fixtures
 * (docs/upstream-contract.md "Lote service"): 8200001 pending with description 'Lote Rapipago diario' (to
 * reconcile), 8200002 open without description, 8200003 conciliated, 8200004 close.
 */
import { DAY_MS, HOUR_MS, iso } from '../../lib/dates.js';
import type { SeedContext } from '../../lib/service.js';
import {
  BATCH_STATES,
  LoteStore,
  type BatchState,
  type GatewayBatch,
  type TransactionBatch,
} from './store.js';

const GATEWAYS = ['Rapipago', 'Pago Fácil', 'Link Pagos', 'Provincia NET', 'Cobro Express'];
const TRANSACTION_BATCHES = 36;
const GATEWAY_BATCHES = 30;

const FIXED_GATEWAY_STATES: readonly BatchState[] = ['pending', 'open', 'conciliated', 'close'];

export function seedLote({ rng, today }: SeedContext): LoteStore {
  const transactions: TransactionBatch[] = [];
  for (let i = 0; i < TRANSACTION_BATCHES; i++) {
    const start = today - i * DAY_MS + 6 * HOUR_MS;
    const state = i === 0 ? 'open' : (BATCH_STATES[i % BATCH_STATES.length] as BatchState);
    const total = rng.int(20, 400);
    const approved = Math.max(0, total - rng.int(0, 12));
    transactions.push({
      id: String(8100001 + i),
      batch_number: 5000 + TRANSACTION_BATCHES - i,
      state,
      start_date: iso(start),
      end_date: state === 'open' ? null : iso(start + 18 * HOUR_MS),
      total_amount: rng.amount(15_000, 2_500_000),
      total_approved_transactions: approved,
      total_transactions: total,
    });
  }
  const gateways: GatewayBatch[] = [];
  for (let i = 0; i < GATEWAY_BATCHES; i++) {
    const date = today - i * DAY_MS + 21 * HOUR_MS - DAY_MS;
    const state = FIXED_GATEWAY_STATES[i] ?? (BATCH_STATES[i % BATCH_STATES.length] as BatchState);
    const total = rng.int(10, 250);
    const conciliated = state === 'conciliated' || state === 'close';
    gateways.push({
      id: String(8200001 + i),
      batch_date: iso(date),
      batch_number: 7000 + GATEWAY_BATCHES - i,
      gateway_name: GATEWAYS[i % GATEWAYS.length] as string,
      state,
      total_amount: rng.amount(8_000, 1_800_000),
      total_approved_transactions: Math.max(0, total - rng.int(0, 6)),
      total_transactions: total,
      description:
        i === 0
          ? 'Lote Rapipago diario'
          : conciliated
            ? `Conciliado lote ${7000 + GATEWAY_BATCHES - i}`
            : null,
      compensation_amount: i === 0 ? 1500 : conciliated ? rng.int(0, 5000) : null,
      conciliation_date: conciliated ? iso(date + 12 * HOUR_MS) : null,
    });
  }
  return new LoteStore(transactions, gateways);
}
