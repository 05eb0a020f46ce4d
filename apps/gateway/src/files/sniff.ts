/**
 * What an uploaded file is, by its name's extension and by its first bytes: an xlsx or zip is a ZIP archive
 * (local file header `PK\x03\x04`); csv, txt, json and xml are text (no NUL nor other binary control bytes, and
 * json/xml start like json/xml). A file whose content does not match its extension is refused (415). Only the
 * first SNIFF_BYTES are read, so the reader keeps those apart instead of the whole file joined (multipart.ts).
 */
import type { UploadFormat } from './types.js';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** How many leading bytes contentMatches reads (the text check's sample, which holds the zip magic's 4). */
export const SNIFF_BYTES = 8192;

export const extensionOf = (fileName: string): string => {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
};

const isZip = (bytes: Uint8Array) => ZIP_MAGIC.every((b, i) => bytes[i] === b);

/** Text: no byte below 0x20 other than tab, line feed, form feed and carriage return (and ESC-free). */
function isText(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, SNIFF_BYTES);
  for (let i = 0; i < end; i++) {
    const b = bytes[i]!;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) return false;
    if (b === 0x7f) return false;
  }
  return true;
}

/** The first non-blank character of a text sample (within SNIFF_BYTES), after a UTF-8 BOM. */
function firstChar(bytes: Uint8Array): string {
  const end = Math.min(bytes.length, SNIFF_BYTES);
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < end && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[i]!)) i++;
  return i < end ? String.fromCharCode(bytes[i]!) : '';
}

/** True when the content (its first SNIFF_BYTES or more) looks like the format its extension claims. */
export function contentMatches(format: UploadFormat, bytes: Uint8Array): boolean {
  switch (format) {
    case 'xlsx':
    case 'zip':
      return isZip(bytes);
    case 'csv':
    case 'txt':
      return isText(bytes);
    case 'json':
      return isText(bytes) && ['{', '['].includes(firstChar(bytes));
    case 'xml':
      return isText(bytes) && firstChar(bytes) === '<';
  }
}

/** The accepted format of a file name, or null. */
export function formatOf(fileName: string, accept: readonly UploadFormat[]): UploadFormat | null {
  const extension = extensionOf(fileName);
  return (accept as readonly string[]).includes(extension) ? (extension as UploadFormat) : null;
}

/** The accepted formats as an operator reads them: "CSV o XLSX", "CSV, TXT o XLSX". */
export function formatList(accept: readonly UploadFormat[]): string {
  const names = accept.map((f) => f.toUpperCase());
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} o ${names.at(-1)}`;
}
