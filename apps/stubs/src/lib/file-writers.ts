/**
 * The files the simulated services produce (exports, withdrawals, batches, AFIP, distributions…), written once
 * here so every service answers real bytes: xlsx through ExcelJS's streaming writer, csv through csv-stringify,
 * json, txt, xml and zip (fflate). A service describes its table (columns + rows) or its entries and calls
 * `sendFile`; tests read the bytes back with the same libraries' readers.
 */
import { PassThrough, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { Zip, ZipDeflate } from 'fflate';
import type { Response } from 'express';
import { argentineDateTime } from '@backoffice/validators';

export type FileFormat = 'xlsx' | 'csv' | 'json' | 'txt' | 'xml' | 'zip';
/** The formats a table (columns and rows) can be written as. */
export type TableFormat = 'xlsx' | 'csv' | 'json';

export const CONTENT_TYPES: Readonly<Record<FileFormat, string>> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  zip: 'application/zip',
};

export type CellValue = string | number | boolean | Date | null;

export interface Column<Row> {
  /** Header of the column (xlsx/csv) and key of the field (json). */
  readonly key: string;
  /** The header shown in xlsx and csv (default: key). */
  readonly header?: string;
  readonly value: (row: Row) => CellValue;
  /** Column width in characters (xlsx only). */
  readonly width?: number;
}

export interface Table<Row> {
  readonly columns: readonly Column<Row>[];
  readonly rows: Iterable<Row>;
  /** Worksheet name (xlsx). */
  readonly sheetName?: string;
}

const headerOf = (column: Column<never>) => column.header ?? column.key;
/**
 * A date in a file an operator opens is written as the screens show it, in Argentine time ('08/11/2026 17:35:00'),
 * in every format (an XLSX date cell would show UTC, the time Excel is given).
 */
const cellValue = (value: CellValue) => (value instanceof Date ? argentineDateTime(value) : value);
const textValue = (value: CellValue) => {
  const cell = cellValue(value);
  return cell === null ? '' : String(cell);
};

/** xlsx through ExcelJS's streaming writer: rows are committed as they are written, never held whole. */
export async function writeXlsx<Row>(out: Writable, table: Table<Row>): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(table.sheetName ?? 'Datos');
  sheet.columns = table.columns.map((column) => ({
    header: headerOf(column as Column<never>),
    key: column.key,
    width: column.width ?? Math.max(12, headerOf(column as Column<never>).length + 2),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of table.rows) {
    sheet.addRow(table.columns.map((column) => cellValue(column.value(row)))).commit();
  }
  sheet.commit();
  await workbook.commit();
}

/** csv (RFC 4180, comma separated, header line, UTF-8) through csv-stringify. */
export async function writeCsv<Row>(out: Writable, table: Table<Row>): Promise<void> {
  const stringifier = stringify({
    header: true,
    columns: table.columns.map((column) => ({ key: column.key, header: headerOf(column as Column<never>) })),
    cast: { date: (value) => textValue(value), boolean: (value) => String(value) },
  });
  const feeding = pipeline(stringifier, out);
  for (const row of table.rows) {
    const record: Record<string, CellValue> = {};
    for (const column of table.columns) record[column.key] = column.value(row);
    if (!stringifier.write(record)) await new Promise((resolve) => stringifier.once('drain', resolve));
  }
  stringifier.end();
  await feeding;
}

/** json: an array of objects keyed by the columns' keys, written row by row. */
export async function writeJson<Row>(out: Writable, table: Table<Row>): Promise<void> {
  await writeChunks(out, jsonChunks(table));
}

function* jsonChunks<Row>(table: Table<Row>): Generator<string> {
  yield '[';
  let first = true;
  for (const row of table.rows) {
    const record: Record<string, unknown> = {};
    for (const column of table.columns) record[column.key] = cellValue(column.value(row));
    yield `${first ? '' : ','}\n${JSON.stringify(record)}`;
    first = false;
  }
  yield first ? ']' : '\n]\n';
}

/** txt: one line each (fixed-width bank files and the like), `eol` after every line. */
export async function writeTxt(out: Writable, lines: Iterable<string>, eol = '\n'): Promise<void> {
  await writeChunks(
    out,
    (function* () {
      for (const line of lines) yield `${line}${eol}`;
    })(),
  );
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
export const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
const XML_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** xml: `<root><record><key>value</key>…</record>…</root>`, UTF-8 with declaration. */
export async function writeXml<Row>(
  out: Writable,
  table: Table<Row>,
  names: { root: string; record: string },
): Promise<void> {
  for (const name of [names.root, names.record, ...table.columns.map((c) => c.key)]) {
    if (!XML_NAME.test(name)) throw new Error(`not an XML element name: ${name}`);
  }
  await writeChunks(
    out,
    (function* () {
      yield `<?xml version="1.0" encoding="UTF-8"?>\n<${names.root}>\n`;
      for (const row of table.rows) {
        const fields = table.columns
          .map((column) => `<${column.key}>${escapeXml(textValue(column.value(row)))}</${column.key}>`)
          .join('');
        yield `  <${names.record}>${fields}</${names.record}>\n`;
      }
      yield `</${names.root}>\n`;
    })(),
  );
}

export interface ZipEntry {
  /** Path inside the archive. */
  readonly name: string;
  readonly data: Uint8Array | string;
}

/** zip (deflate) through fflate's streaming Zip. */
export async function writeZip(out: Writable, entries: Iterable<ZipEntry>): Promise<void> {
  const done = new Promise<void>((resolve, reject) => {
    out.once('error', reject);
    out.once('finish', resolve);
  });
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    out.write(chunk);
    if (final) out.end();
  });
  for (const entry of entries) {
    const file = new ZipDeflate(entry.name, { level: 6 });
    zip.add(file);
    file.push(typeof entry.data === 'string' ? new TextEncoder().encode(entry.data) : entry.data, true);
  }
  zip.end();
  await done;
}

async function writeChunks(out: Writable, chunks: Iterable<string>): Promise<void> {
  for (const chunk of chunks) {
    if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
  }
  await new Promise<void>((resolve, reject) => {
    out.once('error', reject);
    out.end(resolve);
  });
}

/** Writes a table in one of the table formats. */
export function writeTable<Row>(out: Writable, format: TableFormat, table: Table<Row>): Promise<void> {
  if (format === 'xlsx') return writeXlsx(out, table);
  if (format === 'csv') return writeCsv(out, table);
  return writeJson(out, table);
}

/** The whole file in memory (an entry of a zip, a test): runs `write` into a buffer. */
export async function toBuffer(write: (out: Writable) => Promise<void>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sink = new PassThrough();
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    sink.once('end', resolve);
    sink.once('error', reject);
  });
  await write(sink);
  await ended;
  return Buffer.concat(chunks);
}

/** Content-Disposition with the file name (ASCII fallback plus RFC 5987 UTF-8 name). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Answers a file: Content-Type of the format, Content-Disposition with the name, then the bytes as `write` makes
 * them (chunked: the length is not known ahead). A failure after the first byte ends the connection abruptly,
 * which is what a real service does and what the gateway has to survive.
 */
export async function sendFile(
  res: Response,
  file: { format: FileFormat; fileName: string; write: (out: Writable) => Promise<void> },
): Promise<void> {
  res.status(200);
  res.setHeader('content-type', CONTENT_TYPES[file.format]);
  res.setHeader('content-disposition', contentDisposition(file.fileName));
  try {
    await file.write(res);
  } catch (error) {
    res.destroy(error as Error);
  }
}

/** Answers a table as xlsx, csv or json (the export service, lists downloaded as files). */
export function sendTable<Row>(
  res: Response,
  format: TableFormat,
  fileName: string,
  table: Table<Row>,
): Promise<void> {
  return sendFile(res, { format, fileName, write: (out) => writeTable(out, format, table) });
}
