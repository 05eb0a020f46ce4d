/**
 * The bank files of a withdraw (`GET /retiros/{id}/descargar/{format}`): the same record as an XLSX sheet
 * ('Retiro'), a `|`-separated TXT (header line and record line) and an XML document (`<retiros><retiro>`),
 * written by the stubs' one file writer (lib/file-writers.ts). Dates in Argentine time and the status's Spanish label,
 * as the screen shows them.
 */
import type { Response } from 'express';
import { argentineDateTime, statusText, WITHDRAW_STATUS_TEXTS } from '@backoffice/validators';
import { badRequest } from '../../lib/errors.js';
import { sendFile, writeTxt, writeXlsx, writeXml, type Column } from '../../lib/file-writers.js';
import type { Withdraw } from './store.js';

export const WITHDRAW_FILE_FORMATS = ['xlsx', 'txt', 'xml'] as const;
export type WithdrawFileFormat = (typeof WITHDRAW_FILE_FORMATS)[number];

/** The record's fields, in the file's column order. */
export const WITHDRAW_COLUMNS: readonly Column<Withdraw>[] = [
  { key: 'id', value: (w) => w.id },
  { key: 'collector_id', value: (w) => w.collector_id },
  { key: 'entidad', value: (w) => w.collector_detail.name, width: 40 },
  { key: 'cuit', value: (w) => w.collector_detail.cuit },
  { key: 'cbu', value: (w) => w.destination.value, width: 26 },
  { key: 'titular', value: (w) => w.destination.holder, width: 40 },
  { key: 'importe', value: (w) => w.amount.toFixed(2) },
  { key: 'moneda', value: (w) => w.currency_id },
  // As the screen shows them: Argentine time, the status's Spanish label.
  { key: 'fecha_solicitud', value: (w) => argentineDateTime(w.request_date) ?? '', width: 20 },
  { key: 'fecha_transferencia', value: (w) => argentineDateTime(w.transfer_date) ?? '', width: 20 },
  { key: 'estado', value: (w) => statusText(WITHDRAW_STATUS_TEXTS, w.status) },
];

const txtCell = (value: unknown): string => String(value ?? '').replace(/[|\r\n]/g, ' ');

export async function sendWithdrawFile(res: Response, w: Withdraw, format: string): Promise<void> {
  if (!(WITHDRAW_FILE_FORMATS as readonly string[]).includes(format)) {
    throw badRequest('invalid_format', 'El formato debe ser xlsx, txt o xml.');
  }
  const kind = format as WithdrawFileFormat;
  const table = { columns: WITHDRAW_COLUMNS, rows: [w], sheetName: 'Retiro' };
  await sendFile(res, {
    format: kind,
    fileName: `retiro-${w.id}.${kind}`,
    write: (out) =>
      kind === 'xlsx'
        ? writeXlsx(out, table)
        : kind === 'xml'
          ? writeXml(out, table, { root: 'retiros', record: 'retiro' })
          : writeTxt(out, [
              WITHDRAW_COLUMNS.map((c) => c.key).join('|'),
              WITHDRAW_COLUMNS.map((c) => txtCell(c.value(w))).join('|'),
            ]),
  });
}
