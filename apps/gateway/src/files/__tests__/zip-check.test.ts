import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { zipProblem, type ZipLimits } from '../zip-check.js';

const LIMITS: ZipLimits = { maxEntries: 1000, maxUncompressedBytes: 100 * 1024 * 1024, maxRatio: 100 };
const MiB = 1024 * 1024;

async function workbook(rows: number): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Pagos');
  sheet.addRow(['external_transaction_id', 'concept_id', 'concept_description', 'amount', 'payer_email']);
  for (let i = 0; i < rows; i++)
    sheet.addRow([`T${i}`, 1, `Cuota ${i}`, '1500.00', `pagador${i}@example.com`]);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** Sets the uncompressed size every header of the archive declares (a lie a bomb may tell). */
function declareSize(zip: Uint8Array, size: number): Uint8Array {
  const out = Uint8Array.from(zip);
  const view = new DataView(out.buffer);
  for (let i = 0; i + 4 <= out.length; i++) {
    const signature = view.getUint32(i, true);
    if (signature === 0x04034b50) view.setUint32(i + 22, size, true);
    if (signature === 0x02014b50) view.setUint32(i + 24, size, true);
  }
  return out;
}

describe('zip checks of an XLSX upload', () => {
  it('a real workbook passes', async () => {
    expect(await zipProblem(await workbook(2000), LIMITS)).toBeNull();
  });

  it('a bomb (about 100 KB expanding past 100 MB) is refused', async () => {
    // Made once, not per run: deflating 101 MiB took 8-25 s of this file's time on a loaded 2-core host. It is
    // `zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(101 * MiB) }, { level: 9 })`; the check below says it still is.
    const bomb = new Uint8Array(readFileSync(new URL('./fixtures/bomb-101-mib.xlsx', import.meta.url)));
    const sheet = unzipSync(bomb)['xl/worksheets/sheet1.xml'] ?? new Uint8Array();
    expect(Buffer.from(sheet.buffer, sheet.byteOffset, sheet.length).equals(Buffer.alloc(101 * MiB))).toBe(true);
    expect(bomb.length).toBeLessThan(200 * 1024);
    expect(await zipProblem(bomb, LIMITS)).toBe('size');
    expect(await zipProblem(bomb, { ...LIMITS, maxUncompressedBytes: 200 * MiB })).toBe('ratio');
  });

  it('a bomb whose headers declare small sizes is refused once inflated', async () => {
    const liar = declareSize(
      zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(8 * MiB) }, { level: 9 }),
      100,
    );
    expect(await zipProblem(liar, { ...LIMITS, maxUncompressedBytes: 4 * MiB, maxRatio: 1e6 })).toBe('size');
    expect(await zipProblem(liar, LIMITS)).toBe('ratio');
  });

  it('more entries than the limit, inclusive', async () => {
    const files = Object.fromEntries(
      Array.from({ length: 11 }, (_, i) => [`x/${i}.xml`, new Uint8Array([i])]),
    );
    expect(await zipProblem(zipSync(files), { ...LIMITS, maxEntries: 10 })).toBe('entries');
    expect(await zipProblem(zipSync(files), { ...LIMITS, maxEntries: 11 })).toBeNull();
  });

  it('the uncompressed limit is inclusive; the ratio is not checked below 1 MiB', async () => {
    const exact = zipSync({ a: new Uint8Array(2 * MiB) });
    expect(await zipProblem(exact, { ...LIMITS, maxUncompressedBytes: 2 * MiB, maxRatio: 1e6 })).toBeNull();
    expect(await zipProblem(exact, { ...LIMITS, maxUncompressedBytes: 2 * MiB - 1, maxRatio: 1e6 })).toBe(
      'size',
    );
    expect(await zipProblem(zipSync({ a: new Uint8Array(MiB) }), LIMITS)).toBeNull();
  });

  it('what is not a zip archive is unreadable', async () => {
    expect(await zipProblem(Buffer.from('PK\x03\x04 not a zip at all'), LIMITS)).toBe('unreadable');
    expect(await zipProblem(zipSync({}), LIMITS)).toBe('unreadable');
    const cut = await workbook(10);
    expect(await zipProblem(cut.subarray(0, cut.length - 30), LIMITS)).toBe('unreadable');
  });
});
