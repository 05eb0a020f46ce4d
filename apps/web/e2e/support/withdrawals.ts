import type { Page } from 'playwright-core';
import { gridRow } from './grid';
import type { Stack } from './stack';

/**
 * Helpers for the withdrawals browser tests (withdraw fixtures 5000001-5000010, withdrawal fixtures
 * 6000001-6000010; collectors 10001 batch_accreditation, 10002 balance, 10017 none: docs/upstream-contract.md).
 */

/** Opens a row's ACCIONES menu and picks an entry. */
export async function rowAction(page: Page, gridName: string, id: string, label: string): Promise<void> {
  await gridRow(page, gridName, id)
    .getByRole('button', { name: `Acciones del retiro ${id}` })
    .click();
  await page
    .getByRole('menu', { name: `Acciones del retiro ${id}` })
    .getByRole('menuitem', { name: label })
    .click();
}

async function admin(stack: Stack, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${stack.urls.stubs}/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} /${path} respondió ${res.status}`);
  const text = await res.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

export const clearWithdrawalRequests = (stack: Stack) => admin(stack, 'DELETE', '__admin/requests');
export const forceFailure = (stack: Stack, rule: Record<string, unknown>) =>
  admin(stack, 'POST', '__admin/failures', rule);

type StubRow = Record<string, unknown> & { status: string; status_detail: string | null };
export const stubWithdraw = (stack: Stack, id: string) =>
  admin(stack, 'GET', `withdraw/retiros/${id}`) as Promise<StubRow>;
export const stubWithdrawal = (stack: Stack, id: string) =>
  admin(stack, 'GET', `withdrawal/retiros/${id}`) as Promise<StubRow>;

export interface StubConfigEntry {
  commerce_config_vars: { name: string };
  value: string;
  delete_date: string | null;
}
/** The collector's active configuration entries, as variable -> value. */
export async function activeConfiguration(
  stack: Stack,
  collectorId: string,
): Promise<Record<string, string>> {
  const body = (await admin(stack, 'GET', `collector/comercios/${collectorId}/configuraciones`)) as {
    rows: StubConfigEntry[];
  };
  return Object.fromEntries(
    body.rows.filter((e) => e.delete_date === null).map((e) => [e.commerce_config_vars.name, e.value]),
  );
}

/** The writes one service received from the gateway, as 'METHOD /path'. */
export async function serviceWrites(stack: Stack, service: string): Promise<string[]> {
  const requests = (await admin(stack, 'GET', `__admin/requests?service=${service}`)) as {
    method: string;
    path: string;
    headers: Record<string, string | undefined>;
  }[];
  return requests
    .filter((r) => r.method !== 'GET' && r.headers.authorization !== undefined)
    .map((r) => `${r.method} ${r.path}`);
}
