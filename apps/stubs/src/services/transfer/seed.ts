/**
 * Transfer conciliations over the payment service's transfer payments (media_payment_id 94): a third still
 * pending (the oldest ones), most conciliated, a few rejected. Deterministic for a seed.
 */
import { cuitFor } from '../../lib/argentine-data.js';
import { MINUTE_MS } from '../../lib/dates.js';
import type { SeedContext } from '../../lib/service.js';
import type { PaymentStore } from '../payment/store.js';
import { TransferStore, type ConciliationStatus, type TransferConciliation } from './store.js';

export const FIRST_CONCILIATION_ID = 6001;
const CONCILIATIONS = 90;

export function seedTransfers({ rng, stores }: SeedContext): TransferStore {
  const transfers = stores
    .get<PaymentStore>('payment')
    .all()
    .filter((payment) => payment.payment_methods.some((method) => method.media_payment_id === 94))
    .slice(0, CONCILIATIONS);
  const rows = transfers.map((payment, i): TransferConciliation => {
    const status: ConciliationStatus = rng.weighted([
      ['pending', 4],
      ['conciliated', 5],
      ['rejected', 1],
    ] as const);
    const requestMs = Date.parse(payment.request_date) + rng.int(1, 90) * MINUTE_MS;
    const dni = payment.payer.identification.number.padStart(8, '0').slice(-8);
    return {
      id: String(FIRST_CONCILIATION_ID + i),
      collector_id: payment.collector_id,
      payer_id: cuitFor(rng.chance(0.5) ? '20' : '27', dni),
      payment_id: payment.id,
      destiny_transfer_id: `TRF${rng.digits(10)}`,
      amount: payment.final_amount,
      request_date: new Date(requestMs).toISOString(),
      status,
      status_detail:
        status === 'pending'
          ? 'Pendiente de conciliación'
          : status === 'conciliated'
            ? 'Conciliada automáticamente'
            : 'El importe no coincide con el pago',
      conciliation_date: status === 'conciliated' ? new Date(requestMs + 30 * MINUTE_MS).toISOString() : null,
    };
  });
  return new TransferStore(rows);
}
