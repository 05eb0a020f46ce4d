/**
 * The import service's state: payment imports (`/pagos`) and the request rows of each (`/pagos/{id}/detalles`).
 * An import is created from a file's records (every row validated on its own: error or pending), approved
 * (each pending row issues a real payment in the payment service) or cancelled with a status_detail.
 */
import { Collection } from '../../lib/collection.js';
import { readAmount, toUpstreamNumber } from '@backoffice/validators';
import { isEmail } from '../../lib/body.js';
import { DAY_MS } from '../../lib/dates.js';
import { invalidStatus } from '../../lib/errors.js';
import type { Payment, PaymentStore } from '../payment/store.js';
import type { SheetRecord } from './sheet.js';

export type ImportStatus = 'pending_approved' | 'approved' | 'cancelled' | 'error';
export type RowStatus = 'error' | 'pending' | 'issued';

/** The columns every import file has (the converter produces them too). */
export const IMPORT_COLUMNS = [
  'external_transaction_id',
  'concept_id',
  'concept_description',
  'amount',
  'payer_email',
] as const;
/** Optional columns: the payer's name and DNI (the DNI is required when matching by identification). */
export const OPTIONAL_COLUMNS = ['payer_name', 'payer_document'] as const;

export interface MatchFlags {
  match_payer: boolean;
  match_concept: boolean;
  match_identification: boolean;
}

/** A payment import (spec 001 §3 "Import"). */
export interface PaymentImport extends MatchFlags {
  id: string;
  import_id: string;
  status: ImportStatus;
  status_detail: string;
  file_name: string;
  issued_amount: number;
  pending_amount: number;
  total_amount: number;
  request_count: number;
  issued_count: number;
  pending_count: number;
  error_count: number;
  request_date: string;
  process_date: string | null;
  approved_date: string | null;
  cancel_date: string | null;
  collector_id: string;
}

/** One request row of an import (spec 001 §3 "Import request row"). */
export interface ImportRequestRow {
  id: string;
  index: number;
  external_transaction_id: string;
  concept_id: string;
  concept_description: string;
  /** Null when the file's value is not an amount. */
  amount: number | null;
  payer_email: string;
  payer_name: string;
  payer_document: string;
  status: RowStatus;
  status_code: number;
  /** The row's errors joined by '; ' (error rows), or what happened to it. */
  status_detail: string;
  errors: string[];
  payment_id: string | null;
  /**
   * The row's import columns as the file had them (text, before any reading: an amount "abc" stays "abc"), so
   * that the error rows can be downloaded as uploaded, fixed and imported again. Absent on seeded rows.
   */
  uploaded?: SheetRecord;
}

export interface NewImport extends MatchFlags {
  collector_id: string;
  file_name: string;
  records: SheetRecord[];
  /** The request date (ISO). */
  now: string;
}

const cents = (amount: number | null): number => (amount === null ? 0 : Math.round(amount * 100));
const fromCents = (value: number): number => value / 100;

/**
 * The amount cell of an import row. The spec gives no format for it, so it is read as every amount the
 * product reads (`readAmount`, the converter's decimal-comma layouts too): '26.717,23', '26717,23' and '26717.23'
 * are the same amount. The error names what is wrong with the cell, in Spanish.
 */
export function importAmount(cell: string | undefined): { amount: number | null; error?: string } {
  const text = (cell ?? '').trim();
  if (text === '') return { amount: null, error: 'Falta el importe (amount)' };
  const decimal = readAmount(text);
  if (decimal === null) {
    if (/^-\s*[\d.,]+$/.test(text)) return { amount: null, error: `El importe (amount) ${text} es negativo` };
    if (/^[\d.]*\d[.,]\d{3,}$/.test(text)) {
      return { amount: null, error: `El importe (amount) ${text} tiene más de dos decimales` };
    }
    return {
      amount: null,
      error: `El importe (amount) ${text} no es un importe: escríbalo como 26.717,23 o 26717.23`,
    };
  }
  if (decimal === '0.00') return { amount: null, error: 'El importe (amount) debe ser mayor a cero' };
  return { amount: toUpstreamNumber(decimal) };
}

/** The Spanish errors of one record (empty when it can be issued). `seen`: external ids met earlier. */
export function rowErrors(record: SheetRecord, flags: MatchFlags, seen: Set<string>): string[] {
  const errors: string[] = [];
  const externalId = record.external_transaction_id ?? '';
  if (!externalId) errors.push('Falta el identificador externo (external_transaction_id)');
  else if (seen.has(externalId)) errors.push(`El identificador externo ${externalId} está repetido`);
  if (!record.concept_id) errors.push('Falta el concepto (concept_id)');
  if (!record.concept_description) errors.push('Falta la descripción del concepto (concept_description)');
  const amount = importAmount(record.amount);
  if (amount.error) errors.push(amount.error);
  if (!isEmail(record.payer_email ?? '')) errors.push('El email del pagador (payer_email) no es válido');
  const document = record.payer_document ?? '';
  if (document && !/^\d{7,8}$/.test(document))
    errors.push('El documento del pagador (payer_document) debe tener 7 u 8 dígitos');
  if (flags.match_identification && !document)
    errors.push(
      'Falta el documento del pagador (payer_document), necesario para el match por identificación',
    );
  if (flags.match_payer && !record.payer_name)
    errors.push('Falta el nombre del pagador (payer_name), necesario para el match por pagador');
  return errors;
}

export class ImportStore {
  readonly imports: Collection<PaymentImport>;
  private readonly rows = new Map<string, Collection<ImportRequestRow>>();
  private lastImportId: number;
  private lastPaymentId: number;

  constructor(
    imports: readonly PaymentImport[],
    rows: Map<string, ImportRequestRow[]>,
    lastPaymentId: number,
  ) {
    this.imports = new Collection(imports, { defaultSorts: [{ field: 'request_date', direction: 'desc' }] });
    for (const [id, list] of rows) this.rows.set(id, ImportStore.rowCollection(list));
    this.lastImportId = imports.reduce((max, row) => Math.max(max, Number(row.id)), 0);
    this.lastPaymentId = lastPaymentId;
  }

  private static rowCollection(rows: readonly ImportRequestRow[]): Collection<ImportRequestRow> {
    return new Collection(rows, {
      defaultSorts: [{ field: 'index', direction: 'asc' }],
      extraPaths: ['payment_id', 'amount'],
    });
  }

  get(id: string): PaymentImport | undefined {
    return this.imports.get(id);
  }

  rowsOf(id: string): Collection<ImportRequestRow> {
    let rows = this.rows.get(id);
    if (!rows) {
      rows = ImportStore.rowCollection([]);
      this.rows.set(id, rows);
    }
    return rows;
  }

  /** A new import in pending_approved (or error when no row can be issued), with its validated rows. */
  create(input: NewImport): PaymentImport {
    const id = String(++this.lastImportId);
    const seen = new Set<string>();
    const rows = input.records.map((record, position): ImportRequestRow => {
      const errors = rowErrors(record, input, seen);
      if (record.external_transaction_id) seen.add(record.external_transaction_id);
      return {
        id: String(position + 1),
        index: position + 1,
        external_transaction_id: record.external_transaction_id ?? '',
        concept_id: record.concept_id ?? '',
        concept_description: record.concept_description ?? '',
        amount: importAmount(record.amount).amount,
        payer_email: (record.payer_email ?? '').toLowerCase(),
        payer_name: record.payer_name ?? '',
        payer_document: record.payer_document ?? '',
        status: errors.length ? 'error' : 'pending',
        status_code: errors.length ? 422 : 200,
        status_detail: errors.length ? errors.join('; ') : 'Pendiente de aprobación',
        errors,
        payment_id: null,
        uploaded: Object.fromEntries(
          [...IMPORT_COLUMNS, ...OPTIONAL_COLUMNS].map((column) => [column, record[column] ?? '']),
        ),
      };
    });
    this.rows.set(id, ImportStore.rowCollection(rows));
    const doc = summarize(
      {
        id,
        import_id: id,
        status: 'pending_approved',
        status_detail: 'Pendiente de confirmación',
        file_name: input.file_name,
        collector_id: input.collector_id,
        match_payer: input.match_payer,
        match_concept: input.match_concept,
        match_identification: input.match_identification,
        request_date: input.now,
        process_date: input.now,
        approved_date: null,
        cancel_date: null,
      },
      rows,
    );
    if (doc.pending_count === 0) {
      doc.status = 'error';
      doc.status_detail = 'Ninguna fila se puede emitir: revise los errores';
    }
    this.imports.put(doc);
    return doc;
  }

  private pending(id: string): PaymentImport {
    const doc = this.get(id);
    if (!doc) throw new Error(`Import ${id} missing`);
    if (doc.status !== 'pending_approved') {
      throw invalidStatus(
        'import_not_pending',
        `La importación ${id} no está pendiente de confirmación (estado ${doc.status}).`,
      );
    }
    return doc;
  }

  /** Confirms: every pending row issues a payment (status issued) in the payment service. */
  approve(id: string, now: string, payments: PaymentStore): PaymentImport {
    const doc = this.pending(id);
    const rows = this.rowsOf(id);
    const issued = rows.all().map((row) => {
      if (row.status !== 'pending') return row;
      const payment = payments.add(this.paymentOf(doc, row, now));
      return {
        ...row,
        status: 'issued' as const,
        status_code: 201,
        status_detail: 'Pago emitido',
        payment_id: payment.id,
      };
    });
    this.rows.set(id, ImportStore.rowCollection(issued));
    const next = summarize(
      {
        ...doc,
        status: 'approved',
        status_detail: 'Importación confirmada',
        approved_date: now,
        process_date: now,
      },
      issued,
    );
    this.imports.put(next);
    return next;
  }

  /** Cancels with the operator's reason as status_detail; no payment is issued. */
  cancel(id: string, detail: string, now: string): PaymentImport {
    const doc = this.pending(id);
    const next: PaymentImport = { ...doc, status: 'cancelled', status_detail: detail, cancel_date: now };
    this.imports.put(next);
    return next;
  }

  private paymentOf(doc: PaymentImport, row: ImportRequestRow, now: string): Payment {
    const id = String(++this.lastPaymentId);
    const amount = row.amount ?? 0;
    const reference = `IMP-${doc.import_id}`;
    return {
      id,
      status: 'issued',
      status_detail: 'waiting_payer',
      type: 'online',
      request_date: now,
      last_update_date: now,
      due_date: new Date(Date.parse(now) + 10 * DAY_MS).toISOString(),
      last_due_date: null,
      process_date: null,
      rejected_date: null,
      cancel_date: null,
      paid_date: null,
      payer_deferred_date: null,
      payer_validation_date: null,
      accreditation_date: null,
      review_validation_date: null,
      refunded_date: null,
      external_transaction_id: row.external_transaction_id,
      final_amount: amount,
      details: [
        {
          concept_id: row.concept_id,
          concept_description: row.concept_description,
          amount,
          external_reference: `${reference}-${row.index}`,
        },
      ],
      review: false,
      validation: false,
      notification_url: null,
      back_url: null,
      charge_delay: 0,
      rate: 0,
      version: 1,
      last_modified: true,
      fee_details: [],
      currency_id: 'ARS',
      relateds: [],
      payment_methods: [],
      payer: {
        id: `IMP${doc.import_id}-${row.index}`,
        name: row.payer_name || row.payer_email,
        email: row.payer_email,
        identification: { type: 'DNI_ARG', number: row.payer_document, country: 'ARG' },
      },
      collector_id: doc.collector_id,
      reference,
      refunds: [],
      by_subscription: null,
      batch_withdrawal: null,
      metadata: { lote_importacion: reference, import_id: doc.import_id, import_row: row.index },
      notifications: [],
      collector_notifications: [],
      source: { id: '2', name: 'Importación de archivo', type: 'import' },
      presets: { actions: [] },
    };
  }
}

/** The import with its amounts and counts recomputed from its rows (amounts added in cents). */
export function summarize(
  doc: Omit<
    PaymentImport,
    | 'issued_amount'
    | 'pending_amount'
    | 'total_amount'
    | 'request_count'
    | 'issued_count'
    | 'pending_count'
    | 'error_count'
  >,
  rows: readonly ImportRequestRow[],
): PaymentImport {
  let issued = 0;
  let pending = 0;
  const count = { issued: 0, pending: 0, error: 0 };
  for (const row of rows) {
    count[row.status] += 1;
    if (row.status === 'issued') issued += cents(row.amount);
    if (row.status === 'pending') pending += cents(row.amount);
  }
  return {
    ...doc,
    issued_amount: fromCents(issued),
    pending_amount: fromCents(pending),
    total_amount: fromCents(issued + pending),
    request_count: rows.length,
    issued_count: count.issued,
    pending_count: count.pending,
    error_count: count.error,
  };
}
