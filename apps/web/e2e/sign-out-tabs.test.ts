import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { networkSettled, openSignedIn, pollConditionsByInterval } from './support/browser';
import { tabVisibleAgain } from './support/freshness';
import { useBrowserStack } from './support/suite';

/**
 * 'Cerrar Sesion' in one tab ends the session in every tab of the browser: operador, signed in on his own (his own SSO
 * session: the role's saved sign-in of the other files is left alone), has a payment open in two tabs and signs out
 * in one; the other says that the session ended, offers no 'Recargar' and sends the gateway nothing more, even when
 * it comes back to the front. Fixture: approved payment 1000001.
 */

const suite = useBrowserStack();
const PAYMENT_PATH = '/pago/1000001';

const detail = (page: Page) => page.locator('[data-testid="payment-detail"][data-payment-id="1000001"]');

describe('signing out in one tab of the browser', () => {
  it('ends the other tabs: they say the session ended and call the gateway no more', async () => {
    const session = await suite.anonymous();
    try {
      const first = session.page;
      await openSignedIn(first, suite.stack.urls.web, PAYMENT_PATH, 'operador');
      await detail(first).waitFor();

      const second = pollConditionsByInterval(await session.context.newPage());
      const gatewayOrigin = new URL(suite.stack.urls.gateway).origin;
      const secondCalls: string[] = [];
      second.on('request', (request) => {
        if (request.url().startsWith(gatewayOrigin)) secondCalls.push(`${request.method()} ${request.url()}`);
      });
      const secondErrors: string[] = [];
      second.on('pageerror', (error) => secondErrors.push(error.message));
      await second.goto(`${suite.stack.urls.web}${PAYMENT_PATH}`);
      await detail(second).waitFor();
      await second.getByRole('button', { name: 'Recargar' }).first().waitFor();

      await first.getByRole('button', { name: 'Usuario operador' }).click();
      await first.getByRole('menuitem', { name: 'Cerrar Sesion' }).click();
      await first.getByLabel('Usuario o email').waitFor();

      await second.getByText('La sesión se cerró en otra pestaña.').waitFor();
      await networkSettled(second);
      const callsWhenEnded = secondCalls.length;
      expect(await second.getByRole('button', { name: 'Recargar' }).count()).toBe(0);
      expect(await detail(second).count()).toBe(0);
      // Back to the front, a detail would check its record: nothing is left to call.
      await tabVisibleAgain(second);
      await networkSettled(second);
      expect(secondCalls.slice(callsWhenEnded)).toEqual([]);
      // What the tab kept for the operator went with the session.
      expect(await second.evaluate(() => sessionStorage.length)).toBe(0);
      expect(await seriousA11yViolations(second)).toEqual([]);
      expect(secondErrors).toEqual([]);

      // Signing in again goes through the login page: the session really ended.
      await second.getByRole('button', { name: 'Ingresar nuevamente' }).click();
      await second.getByLabel('Usuario o email').waitFor();
    } finally {
      await session.close();
    }
  });
});
