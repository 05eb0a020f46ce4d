/**
 * CSV formula neutralisation (OWASP "CSV Injection"): a cell whose content starts with `=`, `+`, `-`, `@`, a tab
 * or a carriage return is made inert by prefixing it with a single quote and enclosing it in double quotes (its
 * own double quotes doubled), so that Excel, LibreOffice or Google Sheets show it as text instead of running it
 * (`=HYPERLINK(...)`, `+cmd|' /C calc'!A0`, `@SUM(1+1)`). A signed plain number (`-1500.00`, `+54`) is left as it
 * is: it cannot be a formula, and an amount must stay a number.
 *
 * Applied by the gateway to every CSV it hands an operator, whatever the service wrote (router.ts). It works on
 * bytes, streaming: every byte that is not part of a dangerous cell passes unchanged, in any ASCII-compatible
 * encoding (UTF-8, Latin-1: the CSV syntax is ASCII, and ASCII bytes are never part of a multi-byte character),
 * with the delimiter the file uses (`,`, `;` or tab, read from its first line) and a UTF-8 BOM kept in front.
 */
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const LF = 0x0a;
const CR = 0x0d;
const TAB = 0x09;
const PLUS = 0x2b;
const MINUS = 0x2d;
/** Cell starts that make a formula. */
const TRIGGERS = new Set([0x3d /* = */, PLUS, MINUS, 0x40 /* @ */, TAB, CR]);
const DELIMITERS = [0x2c /* , */, 0x3b /* ; */, TAB];
const BOM = [0xef, 0xbb, 0xbf];
/** Most of the file read to find the delimiter (its first line). */
const HEAD_LIMIT = 64 * 1024;

const isDigit = (b: number) => b >= 0x30 && b <= 0x39;
/** What may follow the sign of a plain number: digits and the decimal or thousands separators. */
const isNumberPart = (b: number) => isDigit(b) || b === 0x2e /* . */ || b === 0x2c; /* , */

type State = 'start' | 'unquoted' | 'quoted' | 'quoted-quote';

/** The delimiter of a CSV, from its first line (outside quotes): the most frequent of `,`, `;` and tab. */
export function detectDelimiter(head: Uint8Array): number {
  const counts = new Map(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const b of head) {
    if (b === QUOTE) quoted = !quoted;
    else if (!quoted && (b === LF || b === CR)) break;
    else if (!quoted && counts.has(b)) counts.set(b, counts.get(b)! + 1);
  }
  let best = DELIMITERS[0]!;
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/** The neutraliser's state machine: `write` bytes in, bytes out; `end` flushes the last cell. */
export class FormulaNeutraliser {
  private head: number[] | null = [];
  private delimiter = DELIMITERS[0]!;
  private state: State = 'start';
  /** The next byte of a quoted cell is its first. */
  private contentStart = false;
  /** A sign and what followed it, held while the cell may still be a plain number. */
  private pending: number[] | null = null;
  /** An unquoted cell this made quoted: its quotes are doubled and it is closed at its end. */
  private wrapped = false;
  private out: number[] = [];

  write(chunk: Uint8Array): Buffer {
    if (this.head) {
      for (const b of chunk) this.head.push(b);
      if (!this.headComplete()) return Buffer.alloc(0);
      this.startBody();
    } else {
      for (const b of chunk) this.byte(b);
    }
    return this.take();
  }

  end(): Buffer {
    if (this.head) this.startBody();
    if (this.state === 'quoted-quote') {
      this.endCell(true);
      this.out.push(QUOTE);
    } else if (this.state === 'quoted') {
      this.endCell(true);
    } else if (this.state === 'unquoted') {
      this.endCell(false);
    }
    this.state = 'start';
    return this.take();
  }

  private headComplete(): boolean {
    const head = this.head!;
    if (head.length >= HEAD_LIMIT) return true;
    let quoted = false;
    for (const b of head) {
      if (b === QUOTE) quoted = !quoted;
      else if (!quoted && b === LF) return true;
    }
    return false;
  }

  private startBody(): void {
    let head = this.head!;
    this.head = null;
    if (BOM.every((b, i) => head[i] === b)) {
      this.out.push(...BOM);
      head = head.slice(BOM.length);
    }
    this.delimiter = detectDelimiter(Uint8Array.from(head));
    for (const b of head) this.byte(b);
  }

  private take(): Buffer {
    const bytes = Buffer.from(this.out);
    this.out = [];
    return bytes;
  }

  private byte(b: number): void {
    switch (this.state) {
      case 'start':
        if (b === QUOTE) {
          this.out.push(QUOTE);
          this.state = 'quoted';
          this.contentStart = true;
        } else if (b === this.delimiter || b === LF || b === CR) {
          this.out.push(b);
        } else {
          this.state = 'unquoted';
          this.firstContent(b, false);
        }
        return;
      case 'unquoted':
        if (b === this.delimiter || b === LF || b === CR) {
          this.endCell(false);
          this.out.push(b);
          this.state = 'start';
        } else {
          this.content(b, false);
        }
        return;
      case 'quoted':
        if (b === QUOTE) {
          this.contentStart = false;
          this.state = 'quoted-quote';
        } else if (this.contentStart) {
          this.contentStart = false;
          this.firstContent(b, true);
        } else {
          this.content(b, true);
        }
        return;
      case 'quoted-quote':
        if (b === QUOTE) {
          // An escaped quote: content.
          this.state = 'quoted';
          this.content(QUOTE, true);
        } else {
          // The closing quote; what follows it is read as if unquoted (delimiter, line end, or stray bytes).
          this.endCell(true);
          this.out.push(QUOTE);
          this.state = 'unquoted';
          this.byte(b);
        }
        return;
    }
  }

  /** The first byte of a cell's content. */
  private firstContent(b: number, quoted: boolean): void {
    if (b === PLUS || b === MINUS) {
      this.pending = [b];
    } else if (TRIGGERS.has(b) && (quoted || b !== CR)) {
      this.neutralise(quoted);
      this.content(b, quoted);
    } else {
      this.out.push(b);
    }
  }

  /** A content byte of the cell (a quote in a quoted cell comes here once unescaped). */
  private content(b: number, quoted: boolean): void {
    if (this.pending) {
      if (isNumberPart(b)) {
        this.pending.push(b);
        return;
      }
      this.flushPending(quoted, false);
    }
    if (b === QUOTE && (quoted || this.wrapped)) this.out.push(QUOTE, QUOTE);
    else this.out.push(b);
  }

  /** Opens the inert form: `'` inside the cell's quotes (opening them for an unquoted cell). */
  private neutralise(quoted: boolean): void {
    if (quoted) {
      this.out.push(APOSTROPHE);
    } else {
      this.out.push(QUOTE, APOSTROPHE);
      this.wrapped = true;
    }
  }

  /** The held sign and digits: as they were when they make a plain number, else made inert. */
  private flushPending(quoted: boolean, cellEnds: boolean): void {
    const pending = this.pending!;
    this.pending = null;
    if (!(cellEnds && pending.some(isDigit))) this.neutralise(quoted);
    this.out.push(...pending);
  }

  private endCell(quoted: boolean): void {
    if (this.pending) this.flushPending(quoted, true);
    if (this.wrapped) {
      this.out.push(QUOTE);
      this.wrapped = false;
    }
  }
}

/**
 * The chunks of a CSV (text or bytes) with its formulas neutralised, as they come; chunks that produce nothing yet
 * (the first line is held until the delimiter is known) are not yielded, so the first one out is the file's first byte.
 */
export async function* neutralisedCsv(source: AsyncIterable<string | Uint8Array>): AsyncGenerator<Buffer> {
  const neutraliser = new FormulaNeutraliser();
  for await (const chunk of source) {
    const out = neutraliser.write(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    if (out.length > 0) yield out;
  }
  const last = neutraliser.end();
  if (last.length > 0) yield last;
}
