import type { Page } from 'playwright-core';
import { gridRow } from './grid';
import type { Stack } from './stack';
import { stubRequest } from './stub-http';

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

export const clearWithdrawalRequests = (stack: Stack) => stubRequest(stack, 'DELETE', '/__admin/requests');
export const forceFailure = (stack: Stack, rule: Record<string, unknown>) =>
  stubRequest(stack, 'POST', '/__admin/failures', rule);

type StubRow = Record<string, unknown> & { status: string; status_detail: string | null };
export const stubWithdraw = (stack: Stack, id: string) =>
  stubRequest(stack, 'GET', `/withdraw/retiros/${id}`) as Promise<StubRow>;
export const stubWithdrawal = (stack: Stack, id: string) =>
  stubRequest(stack, 'GET', `/withdrawal/retiros/${id}`) as Promise<StubRow>;
