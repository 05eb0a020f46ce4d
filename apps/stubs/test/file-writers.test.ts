import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import express from 'express';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_TYPES,
  contentDisposition,
  sendTable,
  toBuffer,
  writeCsv,
  writeJson,
  writeTxt,
  writeXlsx,
  writeXml,
  writeZip,
  type Table,
} from '../src/lib/file-writers.js';

interface Row {
  id: number;
  name: string;
  amount: string;
  at: Date;
  note: string | null;
}

const ROWS: Row[] = [
  { id: 1, name: 'Pérez, "Juan"', amount: '1500.50', at: new Date('2026-11-01T13:00:00Z'), note: null },
  { id: 2, name: 'Año <nuevo> & más', amount: '0.01', at: new Date('2026-11-02T03:00:00Z'), note: 'a\nb' },
];
const TABLE: Table<Row> = {
  sheetName: 'Pagos',
  columns: [
    { key: 'id', header: 'ID', value: (r) => r.id },
    { key: 'name', header: 'Nombre', value: (r) => r.name },
    { key: 'amount', header: 'Monto', value: (r) => r.amount },
    { key: 'at', header: 'Fecha', value: (r) => r.at },
    { key: 'note', header: 'Nota', value: (r) => r.note },
  ],
  rows: ROWS,
};

describe('file writers', () => {
  it('xlsx: ExcelJS reads back the header and every row, values typed', async () => {
    const bytes = await toBuffer((out) => writeXlsx(out, TABLE));
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Pagos')!;
    expect(sheet.rowCount).toBe(3);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'ID',
      'Nombre',
      'Monto',
      'Fecha',
      'Nota',
    ]);
    expect(sheet.getRow(2).getCell(1).value).toBe(1);
    expect(sheet.getRow(2).getCell(2).value).toBe('Pérez, "Juan"');
    expect(sheet.getRow(2).getCell(3).value).toBe('1500.50');
    // A date as the screens show it, in Argentine time: Excel would show a date cell in UTC.
    expect(sheet.getRow(2).getCell(4).value).toBe('01/11/2026 10:00:00');
    expect(sheet.getRow(3).getCell(2).value).toBe('Año <nuevo> & más');
  });

  it('xlsx with no rows still has its header', async () => {
    const bytes = await toBuffer((out) => writeXlsx(out, { ...TABLE, rows: [] }));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Pagos')!.rowCount).toBe(1);
  });

  it('csv: csv-parse reads back the same records (quotes, commas, new lines)', async () => {
    const text = (await toBuffer((out) => writeCsv(out, TABLE))).toString('utf8');
    const records = parse(text, { columns: true }) as Array<Record<string, string>>;
    expect(records).toEqual([
      { ID: '1', Nombre: 'Pérez, "Juan"', Monto: '1500.50', Fecha: '01/11/2026 10:00:00', Nota: '' },
      {
        ID: '2',
        Nombre: 'Año <nuevo> & más',
        Monto: '0.01',
        Fecha: '02/11/2026 00:00:00',
        Nota: 'a\nb',
      },
    ]);
  });

  it('json: an array of objects by column key', async () => {
    const parsed = JSON.parse((await toBuffer((out) => writeJson(out, TABLE))).toString('utf8'));
    expect(parsed).toEqual([
      { id: 1, name: 'Pérez, "Juan"', amount: '1500.50', at: '01/11/2026 10:00:00', note: null },
      { id: 2, name: 'Año <nuevo> & más', amount: '0.01', at: '02/11/2026 00:00:00', note: 'a\nb' },
    ]);
    expect(JSON.parse((await toBuffer((out) => writeJson(out, { ...TABLE, rows: [] }))).toString())).toEqual(
      [],
    );
  });

  it('txt: one line each with the given end of line', async () => {
    const text = (await toBuffer((out) => writeTxt(out, ['0001 A', '0002 B'], '\r\n'))).toString();
    expect(text).toBe('0001 A\r\n0002 B\r\n');
  });

  it('xml: escaped values, one element per record', async () => {
    const text = (
      await toBuffer((out) => writeXml(out, TABLE, { root: 'pagos', record: 'pago' }))
    ).toString();
    expect(text).toContain('<?xml version="1.0" encoding="UTF-8"?>');
    expect(text).toContain('<name>Año &lt;nuevo&gt; &amp; más</name>');
    expect(text.match(/<pago>/g)).toHaveLength(2);
    expect(text).toContain('<at>02/11/2026 00:00:00</at>');
    await expect(toBuffer((out) => writeXml(out, TABLE, { root: 'bad name', record: 'x' }))).rejects.toThrow(
      'not an XML element name',
    );
  });

  it('zip: fflate unzips every entry back', async () => {
    const csv = await toBuffer((out) => writeCsv(out, TABLE));
    const bytes = await toBuffer((out) =>
      writeZip(out, [
        { name: 'pagos.csv', data: csv },
        { name: 'leeme.txt', data: 'hola ñandú' },
      ]),
    );
    const files = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(files).sort()).toEqual(['leeme.txt', 'pagos.csv']);
    expect(strFromU8(files['leeme.txt']!)).toBe('hola ñandú');
    expect(Buffer.from(files['pagos.csv']!).equals(csv)).toBe(true);
  });

  it('contentDisposition: ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('exportación "1".xlsx')).toBe(
      `attachment; filename="exportacion _1_.xlsx"; filename*=UTF-8''exportaci%C3%B3n%20%221%22.xlsx`,
    );
  });

  it('sendTable answers the bytes with content type and file name over HTTP', async () => {
    const app = express();
    app.get('/file/:format', (req, res) => {
      void sendTable(res, req.params.format as 'csv', `pagos.${req.params.format}`, TABLE);
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const csv = await fetch(`${base}/file/csv`);
      expect(csv.headers.get('content-type')).toBe(CONTENT_TYPES.csv);
      expect(csv.headers.get('content-disposition')).toContain('filename="pagos.csv"');
      expect(parse(await csv.text(), { columns: true })).toHaveLength(2);
      const xlsx = await fetch(`${base}/file/xlsx`);
      expect(xlsx.headers.get('content-type')).toBe(CONTENT_TYPES.xlsx);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await xlsx.arrayBuffer());
      expect(workbook.getWorksheet('Pagos')!.rowCount).toBe(3);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
