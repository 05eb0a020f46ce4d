import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnLetters, tableFile, type FileTable } from '../table-file.js';

type Row = { name: string; amount: string | null; note: string | null };
const table: FileTable<Row> = {
  sheetName: 'Prueba',
  columns: [
    { key: 'name', header: 'Nombre', value: (r) => r.name },
    { key: 'amount', header: 'Importe', value: (r) => r.amount, amount: true },
    { key: 'note', header: 'Nota', value: (r) => r.note },
  ],
  rows: [
    { name: 'Club "Atlético"; Burzaco', amount: '1500.50', note: null },
    { name: 'Año <2026> & más', amount: '-20.00', note: 'línea\nnueva' },
  ],
};

async function bytesOf(format: 'csv' | 'json' | 'xlsx'): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of tableFile(format, table).body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe('table files', () => {
  it("CSV for a Spanish spreadsheet: BOM, ';', quoted texts, amounts with a decimal comma, CRLF", async () => {
    const bytes = await bytesOf('csv');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe(
      '"Nombre";"Importe";"Nota"\r\n' +
        '"Club ""Atlético""; Burzaco";1500,50;""\r\n' +
        '"Año <2026> & más";-20,00;"línea\nnueva"\r\n',
    );
  });

  it('JSON: the columns as keys, an amount as a decimal string', async () => {
    expect(JSON.parse((await bytesOf('json')).toString('utf8'))).toEqual([
      { name: 'Club "Atlético"; Burzaco', amount: '1500.50', note: null },
      { name: 'Año <2026> & más', amount: '-20.00', note: 'línea\nnueva' },
    ]);
  });

  it('XLSX: the header, texts as written, amounts as numbers with two decimals', async () => {
    const workbook = new ExcelJS.Workbook();
    const bytes = await bytesOf('xlsx');
    await workbook.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    const sheet = workbook.getWorksheet('Prueba')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Nombre', 'Importe', 'Nota']);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('A2').value).toBe('Club "Atlético"; Burzaco');
    expect(sheet.getCell('B2').value).toBe(1500.5);
    expect(sheet.getCell('B2').numFmt).toBe('#,##0.00');
    expect(sheet.getCell('A3').value).toBe('Año <2026> & más');
    expect(sheet.getCell('B3').value).toBe(-20);
    expect(sheet.getCell('C3').value).toBe('línea\nnueva');
    expect(tableFile('xlsx', table).contentType).toMatch(/spreadsheetml/);
  });

  it('names columns A to Z, then AA', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
});
