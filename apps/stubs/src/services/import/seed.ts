/**
 * Seeded imports: approved ones whose issued rows are the payment service's imported payments (source
 * `import`, grouped by collector and day), each with a few error rows; plus one import pending confirmation,
 * one cancelled and one whose rows all failed. Fixture ids in docs/upstream-contract.md ("Import service").
 */
import { DAY_MS, HOUR_MS } from '../../lib/dates.js';
import type { SeedContext } from '../../lib/service.js';
import type { Payment, PaymentStore } from '../payment/store.js';
import { ImportStore, summarize, type ImportRequestRow, type PaymentImport } from './store.js';

/** Imported payments get ids from here on (the payment seed stays below). */
export const FIRST_IMPORTED_PAYMENT_ID = 1200001;
export const FIRST_IMPORT_ID = 4001;
const APPROVED_IMPORTS = 24;

const iso = (ms: number): string => new Date(ms).toISOString();

function issuedRow(payment: Payment, index: number): ImportRequestRow {
  const detail = payment.details[0];
  return {
    id: String(index),
    index,
    external_transaction_id: payment.external_transaction_id,
    concept_id: detail?.concept_id ?? '',
    concept_description: detail?.concept_description ?? '',
    amount: payment.final_amount,
    payer_email: payment.payer.email ?? '',
    payer_name: payment.payer.name,
    payer_document: payment.payer.identification.number,
    status: 'issued',
    status_code: 201,
    status_detail: 'Pago emitido',
    errors: [],
    payment_id: payment.id,
  };
}

function errorRow(
  index: number,
  externalId: string,
  errors: string[],
  amount: number | null,
): ImportRequestRow {
  return {
    id: String(index),
    index,
    external_transaction_id: externalId,
    concept_id: 'CUO',
    concept_description: 'Cuota mensual',
    amount,
    payer_email: errors.some((e) => e.includes('email')) ? 'sin-arroba.com.ar' : 'pagador@gmail.com',
    payer_name: 'Pagador sin datos',
    payer_document: '',
    status: 'error',
    status_code: 422,
    status_detail: errors.join('; '),
    errors,
    payment_id: null,
  };
}

function pendingRow(index: number, collectorId: string, amount: number): ImportRequestRow {
  return {
    id: String(index),
    index,
    external_transaction_id: `${collectorId}-PEND-${String(index).padStart(4, '0')}`,
    concept_id: 'CUO-PEND',
    concept_description: 'Cuota pendiente de confirmación',
    amount,
    payer_email: `pagador${index}@gmail.com`,
    payer_name: `Pagador ${index}`,
    payer_document: String(30_000_000 + index),
    status: 'pending',
    status_code: 200,
    status_detail: 'Pendiente de aprobación',
    errors: [],
    payment_id: null,
  };
}

const ERRORS = [
  ['El email del pagador (payer_email) no es válido'],
  ['El importe (amount) 12,345 tiene más de dos decimales'],
  ['Falta el concepto (concept_id)', 'El importe (amount) debe ser mayor a cero'],
];

export function seedImports({ rng, today, stores }: SeedContext): ImportStore {
  const payments = stores.get<PaymentStore>('payment');
  const groups = new Map<string, Payment[]>();
  for (const payment of payments.all()) {
    if (payment.source.type !== 'import') continue;
    const day = Math.floor(Date.parse(payment.request_date) / DAY_MS);
    const key = `${payment.collector_id}:${day}`;
    const group = groups.get(key) ?? [];
    group.push(payment);
    groups.set(key, group);
  }
  const imports: PaymentImport[] = [];
  const rows = new Map<string, ImportRequestRow[]>();
  let nextId = FIRST_IMPORT_ID;
  const base = (collectorId: string, requestMs: number, fileName: string) => {
    const id = String(nextId++);
    return {
      id,
      import_id: id,
      file_name: fileName,
      collector_id: collectorId,
      match_payer: false,
      match_concept: false,
      match_identification: false,
      request_date: iso(requestMs),
      process_date: iso(requestMs + 5 * 60_000),
    };
  };

  const chosen = [...groups.values()]
    .sort((a, b) => Date.parse(b[0]?.request_date ?? '') - Date.parse(a[0]?.request_date ?? ''))
    .slice(0, APPROVED_IMPORTS);
  for (const group of chosen) {
    const first = group[0] as Payment;
    const requestMs = Date.parse(first.request_date) - HOUR_MS;
    const doc = base(first.collector_id, requestMs, `pagos-${first.collector_id}.csv`);
    const list = group.map((payment, i) => issuedRow(payment, i + 1));
    const errorCount = rng.int(0, 2);
    for (let e = 0; e < errorCount; e++) {
      list.push(errorRow(list.length + 1, `${first.collector_id}-ERR-${e + 1}`, rng.pick(ERRORS), null));
    }
    rows.set(doc.id, list);
    imports.push(
      summarize(
        {
          ...doc,
          status: 'approved',
          status_detail: 'Importación confirmada',
          approved_date: iso(requestMs + 20 * 60_000),
          cancel_date: null,
        },
        list,
      ),
    );
  }

  // One pending confirmation (10001), one cancelled (10003), one where every row failed (10005).
  const pending = base('10001', today - 2 * DAY_MS + 10 * HOUR_MS, 'cuotas-diciembre.csv');
  const pendingRows = [1, 2, 3, 4, 5].map((i) => pendingRow(i, '10001', 1500 + i * 250.5));
  pendingRows.push(errorRow(6, '10001-ERR-6', ERRORS[0] as string[], 1800));
  rows.set(pending.id, pendingRows);
  imports.push(
    summarize(
      {
        ...pending,
        status: 'pending_approved',
        status_detail: 'Pendiente de confirmación',
        approved_date: null,
        cancel_date: null,
      },
      pendingRows,
    ),
  );
  const cancelled = base('10003', today - 9 * DAY_MS + 11 * HOUR_MS, 'cuotas-noviembre.xlsx');
  const cancelledRows = [1, 2, 3].map((i) => pendingRow(i, '10003', 4200 + i * 100));
  rows.set(cancelled.id, cancelledRows);
  imports.push(
    summarize(
      {
        ...cancelled,
        status: 'cancelled',
        status_detail: 'Archivo duplicado, se importó otra versión',
        approved_date: null,
        cancel_date: iso(today - 9 * DAY_MS + 12 * HOUR_MS),
      },
      cancelledRows,
    ),
  );
  const failed = base('10005', today - 15 * DAY_MS + 9 * HOUR_MS, 'socios.csv');
  const failedRows = [1, 2].map((i) => errorRow(i, `10005-ERR-${i}`, ERRORS[i] as string[], null));
  rows.set(failed.id, failedRows);
  imports.push(
    summarize(
      {
        ...failed,
        status: 'error',
        status_detail: 'Ninguna fila se puede emitir: revise los errores',
        approved_date: null,
        cancel_date: null,
      },
      failedRows,
    ),
  );
  return new ImportStore(imports, rows, FIRST_IMPORTED_PAYMENT_ID - 1);
}
