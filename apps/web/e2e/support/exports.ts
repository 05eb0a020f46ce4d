import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import type { Stack } from './stack';
import { stubRequest } from './stub-http';
import { grid, gridRow } from './grid';

/** Helpers for the exports browser tests: the export stub's state and the downloaded files read back. */

export interface StubExport {
  id: string;
  type: string;
  format: string;
  status: string;
  records: number;
  filters: string;
}

/** How long the next exports take in the stub (real time: the screen must wait and poll for it). */
export const setExportProcessing = (stack: Stack, ms: number) =>
  stubRequest(stack, 'POST', '/export/__admin/processing', { processing_ms: ms });

/** Every running export of the stub finishes now. */
export const finishRunningExports = (stack: Stack) => stubRequest(stack, 'POST', '/export/__admin/finish');

/** The job ends in `error` in the stub (its file gone) while the history may still show it finished. */
export const failExport = (stack: Stack, id: string) =>
  stubRequest(stack, 'POST', '/export/__admin/fail', { id });

/** A new export job in the stub, finished at once (created upstream directly, not through the screen). */
export async function finishedExport(
  stack: Stack,
  type: 'payments' | 'subscription',
  format: 'xlsx' | 'csv' | 'json' = 'csv',
): Promise<StubExport> {
  await setExportProcessing(stack, 0);
  return stubRequest<StubExport>(stack, 'POST', '/export/exportaciones', { type, format });
}

/** The newest export job of the stub. */
export async function newestExport(stack: Stack): Promise<StubExport> {
  const page = await stubRequest<{ rows: StubExport[] }>(stack, 'GET', '/export/exportaciones?limit=1');
  return page.rows[0]!;
}

/** Ids of every row matching encoded filters, through the stub's own list (`/payment/pagos`…), page by page. */
export async function idsMatching(stack: Stack, listPath: string, filters: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({ filters, page: String(page), limit: '100' });
    const body = await stubRequest<{ rows: Array<{ id: string }>; size: number }>(
      stack,
      'GET',
      `${listPath}?${query.toString()}`,
    );
    ids.push(...body.rows.map((row) => row.id));
    if (ids.length >= body.size || body.rows.length === 0) return ids;
  }
}

/** The `filters` the screen's last list request sent upstream to `listPath` (from the stubs' request log). */
export async function lastListFilters(stack: Stack, listPath: string): Promise<string> {
  const service = listPath.split('/')[1]!;
  const requests = await stubRequest<Array<{ method: string; path: string; query: Record<string, string> }>>(
    stack,
    'GET',
    `/__admin/requests?service=${service}&limit=500`,
  );
  const lists = requests.filter((r) => r.method === 'GET' && r.path === listPath);
  const last = lists.at(-1);
  if (!last?.query.filters) throw new Error(`La lista ${listPath} no pidió filtros`);
  return last.query.filters;
}

/** The payment ids of a downloaded export file, in file order (first column / `id`). */
export async function idsInFile(path: string, format: 'XLSX' | 'CSV' | 'JSON'): Promise<string[]> {
  const bytes = await readFile(path);
  if (format === 'JSON')
    return (JSON.parse(bytes.toString('utf8')) as Array<{ id: string }>).map((r) => r.id);
  if (format === 'CSV') {
    return (parse(bytes.toString('utf8'), { columns: true }) as Array<Record<string, string>>).map(
      (r) => r.ID!,
    );
  }
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  const sheet = workbook.worksheets[0]!;
  expectHeader((sheet.getRow(1).values as unknown[]).slice(1).map(String));
  const ids: string[] = [];
  sheet.eachRow((row, index) => {
    if (index > 1) ids.push(String(row.getCell(1).value));
  });
  return ids;
}

function expectHeader(header: string[]): void {
  if (header[0] !== 'ID' || !header.includes('Importe'))
    throw new Error(`Encabezado inesperado: ${header.join(',')}`);
}

const GRID = 'Exportaciones';
export const exportsGrid = (page: Page) => grid(page, GRID);
export const exportRow = (page: Page, id: string) => gridRow(page, GRID, id);
