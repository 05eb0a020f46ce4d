import type { Page } from 'playwright-core';
import { gridRow, gridSettled, shownIds } from './grid';
import type { Stack } from './stack';
import { stubAdmin as admin, stubWrites } from './stub-http';

/** Helpers for the subscriptions browser tests (fixtures: docs/upstream-contract.md §5b). */

const GRID = 'Suscripciones';
export const subscriptionRow = (page: Page, id: string) => gridRow(page, GRID, id);
export const subscriptionsSettled = (page: Page) =>
  gridSettled(page, GRID, 'No se encontraron subscripciones');
export const shownRowIds = (page: Page) => shownIds(page, GRID);

export const clearSubscriptionRequests = (stack: Stack) => admin(stack, 'DELETE', 'requests');
export const clearSubscriptionFailures = (stack: Stack) => admin(stack, 'DELETE', 'failures');
export const forceSubscriptionFailure = (stack: Stack, operation: string, ids: string[]) =>
  admin(stack, 'POST', 'failures', {
    service: 'subscription',
    operation,
    ids,
    status: 409,
    code: 'invalid_status',
    extended_code: 'forced_failure',
    message: 'Falla forzada por el simulador.',
  });

export interface SubscriptionWrite {
  method: string;
  id: string;
  operation: string;
  body: unknown;
}

/** The subscription writes the stubs received (PUT/POST/DELETE /subscription/suscripciones/{id}/{operation}). */
export async function subscriptionWrites(stack: Stack): Promise<SubscriptionWrite[]> {
  return (await stubWrites(stack, 'subscription'))
    .map((r) => {
      const match = /^\/subscription\/suscripciones\/([^/]+)\/([^/]+)$/.exec(r.path);
      return match ? { method: r.method, id: match[1]!, operation: match[2]!, body: r.body } : null;
    })
    .filter((w): w is SubscriptionWrite => w !== null);
}
