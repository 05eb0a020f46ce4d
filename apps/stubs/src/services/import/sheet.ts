/**
 * Reading an uploaded spreadsheet (CSV or XLSX, by the file name's extension) into records keyed by the
 * header row (headers trimmed and lower-cased). Cells are read as the text they show. Used by the import
 * and converter services.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { HttpError, validationError } from '../../lib/errors.js';
import type { UploadedFile } from '../../lib/multipart.js';

export const MAX_FILE_ROWS = 5000;

export type SheetRecord = Record<string, string>;

export interface Sheet {
  headers: string[];
  /** One per data row (empty rows skipped); `line` is the row's 1-based position in the file. */
  rows: { line: number; values: SheetRecord }[];
}

const extensionOf = (name: string): string => name.toLowerCase().split('.').pop() ?? '';

/** ';' when the first line has more semicolons than commas (spreadsheets saved in es-AR). */
function delimiterOf(text: string): string {
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  return (first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0) ? ';' : ',';
}

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'hyperlink' in value && 'text' in value) {
    const text = (value as { text: unknown }).text;
    return typeof text === 'string' ? text.trim() : String(cell.text ?? '').trim();
  }
  if (typeof value === 'number') return String(value);
  return String(cell.text ?? '').trim();
}

async function worksheetOf(file: UploadedFile): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  const extension = extensionOf(file.name);
  try {
    if (extension === 'xlsx') {
      await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
    } else if (extension === 'csv') {
      const text = file.bytes.toString('utf8').replace(/^\uFEFF/, '');
      await workbook.csv.read(Readable.from([text]), {
        map: (value: unknown) => value,
        parserOptions: { delimiter: delimiterOf(text) },
      } as never);
    } else {
      throw validationError('invalid_file_type', 'El archivo debe ser CSV o XLSX.');
    }
  } catch (error) {
    if (error instanceof Error && 'status' in error) throw error;
    throw validationError('unreadable_file', `No se pudo leer el archivo ${file.name}.`);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw validationError('empty_file', 'El archivo no tiene hojas.');
  return sheet;
}

/** The file's header row and data rows; 422 when empty or too long. */
export async function readSheet(file: UploadedFile): Promise<Sheet> {
  const sheet = await worksheetOf(file);
  const headers: string[] = [];
  const rows: Sheet['rows'] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell);
    });
    if (headers.length === 0) {
      for (let i = 0; i < cells.length; i++) headers.push((cells[i] ?? '').trim().toLowerCase());
      return;
    }
    if (cells.every((cell) => !cell)) return;
    const values: SheetRecord = {};
    headers.forEach((header, i) => {
      if (header) values[header] = (cells[i] ?? '').trim();
    });
    rows.push({ line, values });
  });
  if (headers.length === 0 || rows.length === 0) {
    throw validationError('empty_file', 'El archivo no tiene filas para importar.');
  }
  if (rows.length > MAX_FILE_ROWS) {
    throw validationError('too_many_rows', `El archivo admite hasta ${MAX_FILE_ROWS} filas.`);
  }
  return { headers, rows };
}

/** 422 naming every required column the sheet lacks, in the message and in `missing_columns`. */
export function requireColumns(sheet: Sheet, columns: readonly string[]): void {
  const missing = columns.filter((column) => !sheet.headers.includes(column));
  if (missing.length) {
    throw new HttpError(
      422,
      'validation_error',
      'missing_columns',
      `Faltan columnas en el archivo: ${missing.join(', ')}.`,
      { missing_columns: missing },
    );
  }
}
