/**
 * Files the gateway writes from rows (a produced download), in every format an operator downloads, the same way:
 *
 * - CSV for a Spanish-locale spreadsheet: UTF-8 with a BOM (Excel reads the accents), ';' between fields (the list
 *   separator of es-AR Excel and LibreOffice: a ',' file opens in one column there), CRLF, text fields quoted
 *   (RFC 4180 with ';'), amounts unquoted with a decimal comma ("1500,50"), so they open as numbers.
 * - JSON: an array of objects keyed by the columns' keys; an amount is a decimal string ("1500.50"), as the
 *   GraphQL API's Decimal, never a float.
 * - XLSX: one sheet, a bold header row, text cells inline, amounts as numbers formatted `#,##0.00`.
 *
 * Texts arrive as the screen writes them (dates in Argentine time, statuses in Spanish): the columns decide that.
 * The router makes a CSV's formulas inert on the way out (csv-formulas.ts).
 */
import { strToU8, zipSync } from 'fflate';
import type { ProducedFile } from './types.js';

export type TableFormat = 'csv' | 'json' | 'xlsx';

export interface TableColumn<Row> {
  /** The JSON key. */
  key: string;
  /** The CSV and XLSX header. */
  header: string;
  /** The cell as text; for an amount column, a decimal string ("1500.5", "-20"). */
  value(row: Row): string | null;
  /** A money column: a number in CSV (decimal comma) and XLSX, a decimal string in JSON. */
  amount?: boolean;
  /** XLSX column width in characters (default: the header's length + 4, at least 12). */
  width?: number;
}

export interface FileTable<Row> {
  sheetName: string;
  columns: readonly TableColumn<Row>[];
  rows: Iterable<Row>;
}

export const TABLE_CONTENT_TYPES: Readonly<Record<TableFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A decimal string as it is, or null when it is not one (never passed through a float). */
const decimalOf = (value: string | null): string | null =>
  value !== null && DECIMAL.test(value.trim()) ? value.trim() : null;

/** One CSV text field, quoted (its quotes doubled). */
const csvText = (value: string | null | undefined): string => `"${(value ?? '').replace(/"/g, '""')}"`;

/** One CSV line of texts: ';' between quoted fields, CRLF at its end. */
export const csvLine = (values: readonly (string | null | undefined)[]): string =>
  `${values.map(csvText).join(';')}\r\n`;

/** The CSV's first chunk: the BOM and the header line. */
export const csvHeader = (headers: readonly string[]): string => `\uFEFF${csvLine(headers)}`;

function csvRow<Row>(columns: readonly TableColumn<Row>[], row: Row): string {
  const fields = columns.map((column) => {
    const value = column.value(row);
    if (!column.amount) return csvText(value);
    return decimalOf(value)?.replace('.', ',') ?? csvText(value);
  });
  return `${fields.join(';')}\r\n`;
}

/** Rows are joined into chunks of this many lines. */
const CHUNK_ROWS = 500;

async function* csvChunks<Row>(table: FileTable<Row>): AsyncGenerator<string> {
  yield csvHeader(table.columns.map((c) => c.header));
  let lines: string[] = [];
  for (const row of table.rows) {
    lines.push(csvRow(table.columns, row));
    if (lines.length === CHUNK_ROWS) {
      yield lines.join('');
      lines = [];
    }
  }
  if (lines.length > 0) yield lines.join('');
}

async function* jsonChunks<Row>(table: FileTable<Row>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for (const row of table.rows) {
    const record: Record<string, string | null> = {};
    for (const column of table.columns) record[column.key] = column.value(row);
    yield `${first ? '' : ','}\n${JSON.stringify(record)}`;
    first = false;
  }
  yield first ? ']\n' : '\n]\n';
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Text for XML: escaped, and without the control characters XML 1.0 cannot hold. */
const xmlText = (text: string): string =>
  text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[&<>"]/g, (c) => XML_ESCAPES[c]!);

/** A1-style column letters: 0 -> A, 25 -> Z, 26 -> AA. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** Styles: 0 plain, 1 an amount (`#,##0.00`, built-in format 4), 2 the bold header. */
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>
</styleSheet>`;

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>
<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>
<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>
</Types>`;

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>
</Relationships>`;

const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>
<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>
</Relationships>`;

const workbookXml = (sheetName: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">
<sheets><sheet name="${xmlText(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets>
</workbook>`;

function sheetXml<Row>(table: FileTable<Row>): string {
  const { columns } = table;
  const cell = (ref: string, text: string, style = 0) =>
    `<c r="${ref}" t="inlineStr"${style ? ` s="${style}"` : ''}><is><t xml:space="preserve">${xmlText(text)}</t></is></c>`;
  const lines: string[] = [];
  lines.push(`<row r="1">${columns.map((c, i) => cell(`${columnLetters(i)}1`, c.header, 2)).join('')}</row>`);
  let r = 1;
  for (const row of table.rows) {
    r += 1;
    const cells = columns.map((column, i) => {
      const ref = `${columnLetters(i)}${r}`;
      const value = column.value(row);
      const amount = column.amount ? decimalOf(value) : null;
      if (amount !== null) return `<c r="${ref}" s="1"><v>${amount}</v></c>`;
      return value === null || value === '' ? '' : cell(ref, value);
    });
    lines.push(`<row r="${r}">${cells.join('')}</row>`);
  }
  const widths = columns
    .map((c, i) => {
      const width = c.width ?? Math.max(12, c.header.length + 4);
      return `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cols>${widths}</cols><sheetData>${lines.join('')}</sheetData></worksheet>`;
}

/** The workbook's bytes (a zip of its parts); the rows are written once, in memory. */
export function xlsxBytes<Row>(table: FileTable<Row>): Uint8Array {
  return zipSync(
    {
      '[Content_Types].xml': strToU8(CONTENT_TYPES),
      '_rels/.rels': strToU8(ROOT_RELS),
      'xl/workbook.xml': strToU8(workbookXml(table.sheetName)),
      'xl/_rels/workbook.xml.rels': strToU8(WORKBOOK_RELS),
      'xl/styles.xml': strToU8(STYLES),
      'xl/worksheets/sheet1.xml': strToU8(sheetXml(table)),
    },
    { level: 6 },
  );
}

async function* xlsxChunks<Row>(table: FileTable<Row>): AsyncGenerator<Uint8Array> {
  yield xlsxBytes(table);
}

/** The file of a table in a format: its type and body, for a producing download. */
export function tableFile<Row>(format: TableFormat, table: FileTable<Row>): ProducedFile {
  const body =
    format === 'csv' ? csvChunks(table) : format === 'json' ? jsonChunks(table) : xlsxChunks(table);
  return { contentType: TABLE_CONTENT_TYPES[format], body };
}

/**
 * A file whose rows come later (read from a service first): the rows are awaited when the body is first read, so
 * a refusal of that read is still answered as a Spanish refusal (the router reads the first chunk before any header).
 */
export function deferredTableFile<Row>(
  format: TableFormat,
  table: () => Promise<FileTable<Row>>,
): ProducedFile {
  return {
    contentType: TABLE_CONTENT_TYPES[format],
    body: (async function* () {
      yield* tableFile(format, await table()).body;
    })(),
  };
}
