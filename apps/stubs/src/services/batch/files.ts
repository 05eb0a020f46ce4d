/**
 * The batch files of GET /lotes/{id}/descargar/{format}: real XLSX (exceljs), TXT (one `;`-separated line per
 * record after a header line) and XML (layout 00004), each listing the batch and its records.
 */
import ExcelJS from 'exceljs';
import type { Batch, BatchFormat, BatchRecord } from './store.js';

/** Amounts as plain decimal text with two decimals ("1234.50"), from integer cents. */
export function amountText(amount: number): string {
  const cents = Math.round(amount * 100);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const CONTENT_TYPES: Readonly<Record<BatchFormat, string>> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
};

const HEADER = ['ID_PAGO', 'PAGADOR', 'CONCEPTO', 'IMPORTE', 'FECHA_ACREDITACION'] as const;

const recordCells = (record: BatchRecord): string[] => [
  record.payment_id,
  record.payer_name,
  record.concept,
  amountText(record.amount),
  record.accreditation_date,
];

function txt(batch: Batch, records: readonly BatchRecord[]): Buffer {
  const clean = (text: string) => text.replace(/[;\r\n]/g, ' ');
  const lines = [
    [
      'LOTE',
      batch.id,
      batch.collector_id,
      clean(batch.collector_detail.name),
      batch.version,
      String(batch.record_count),
      amountText(batch.balance),
    ].join(';'),
    HEADER.join(';'),
    ...records.map((record) => recordCells(record).map(clean).join(';')),
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

const escapeXml = (text: string): string =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

function xml(batch: Batch, records: readonly BatchRecord[]): Buffer {
  const attrs = [
    ['id', batch.id],
    ['entidad', batch.collector_id],
    ['nombre', batch.collector_detail.name],
    ['version', batch.version],
    ['registros', String(batch.record_count)],
    ['saldo', amountText(batch.balance)],
    ['fecha_creacion', batch.creation_date],
  ]
    .map(([name, value]) => `${name}="${escapeXml(value ?? '')}"`)
    .join(' ');
  const rows = records.map(
    (r) =>
      `  <registro id_pago="${escapeXml(r.payment_id)}" importe="${amountText(r.amount)}" fecha_acreditacion="${escapeXml(r.accreditation_date)}">` +
      `<pagador>${escapeXml(r.payer_name)}</pagador><concepto>${escapeXml(r.concept)}</concepto></registro>`,
  );
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<lote ${attrs}>\n${rows.join('\n')}${rows.length ? '\n' : ''}</lote>\n`,
    'utf8',
  );
}

async function xlsx(batch: Batch, records: readonly BatchRecord[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(`Lote ${batch.id}`);
  sheet.addRow(['Lote', batch.id, 'Entidad', batch.collector_id, batch.collector_detail.name]);
  sheet.addRow([
    'Versión',
    batch.version,
    'Registros',
    batch.record_count,
    'Saldo',
    amountText(batch.balance),
  ]);
  sheet.addRow([...HEADER]);
  for (const record of records) sheet.addRow(recordCells(record));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function batchFile(
  format: BatchFormat,
  batch: Batch,
  records: readonly BatchRecord[],
): Promise<Buffer> {
  if (format === 'xlsx') return xlsx(batch, records);
  return format === 'txt' ? txt(batch, records) : xml(batch, records);
}
