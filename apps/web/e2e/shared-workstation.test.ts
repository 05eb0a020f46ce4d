import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gridSettled } from './support/grid';
import { signIn, type Session } from './support/browser';
import { useBrowserStack } from './support/suite';

/**
 * A shared workstation: what one operator leaves in the browser, the next one must not find. admin
 * searches a payer's e-mail and signs out; operador signs in on the same tab and finds neither the search (in the
 * list, its address or the tab's storage) nor admin's preference copies. A kept styles copy the app would not have
 * written (CSS that puts a fake warning on every heading) is discarded, not shown nor saved again.
 */

const suite = useBrowserStack();
const SEARCHED = 'juan.perez@example.com';
const PAYMENTS = 'Pagos';

/** What the tab's storages hold: session storage whole, localStorage's keys. */
const storagesOf = (page: Page) =>
  page.evaluate(() => ({
    session: Object.fromEntries(Object.entries(sessionStorage)),
    localKeys: Object.keys(localStorage),
  }));

const searchBox = (page: Page) => page.getByRole('textbox', { name: /Buscar por e-mail del pagador/ });

/** Signs out with the user menu's 'Cerrar Sesion' and waits for the login page. */
async function signOut(page: Page, username: string) {
  await page.getByRole('button', { name: `Usuario ${username}` }).click();
  await page.getByRole('menuitem', { name: 'Cerrar Sesion' }).click();
  await page.getByLabel('Usuario o email').waitFor();
}

/** admin's search on /pagos, with a preference copy of theirs in localStorage. */
async function adminSearches(session: Session) {
  const { page } = session;
  await page.goto(`${suite.stack.urls.web}/pagos?search=${encodeURIComponent(SEARCHED)}`);
  await signIn(page, 'admin', 'admin');
  await gridSettled(page, PAYMENTS);
  await expect(searchBox(page).inputValue()).resolves.toBe(SEARCHED);
  // A copy of admin's list preferences, as the list keeps it once admin has some.
  await page.evaluate(() =>
    localStorage.setItem('preferencias-copia.admin.list.payments.', '{"list.payments.views":{"v":{}}}'),
  );
  const kept = await storagesOf(page);
  expect(JSON.stringify(kept.session)).toContain(encodeURIComponent(SEARCHED));
  expect(kept.session['payments.list']).toBeDefined();
}

/** operador on /pagos of the same tab: no search of admin's anywhere. */
async function operadorFindsNothingOfAdmin(page: Page) {
  await page.goto(`${suite.stack.urls.web}/pagos`);
  await gridSettled(page, PAYMENTS);
  await expect(searchBox(page).inputValue()).resolves.toBe('');
  expect(new URL(page.url()).searchParams.get('search')).toBeNull();
  const storages = await storagesOf(page);
  expect(JSON.stringify(storages.session)).not.toContain('juan.perez');
  expect(storages.localKeys.filter((key) => key.startsWith('preferencias-copia.admin.'))).toEqual([]);
}

describe('a shared workstation', () => {
  /** admin searches on a tab, `end` ends admin's session there, then operador signs in on it and finds nothing. */
  async function adminThenOperador(end: (session: Session) => Promise<void>) {
    const session = await suite.anonymous();
    try {
      await adminSearches(session);
      await end(session);
      await session.page.goto(`${suite.stack.urls.web}/home`);
      await signIn(session.page, 'operador', 'operador');
      await operadorFindsNothingOfAdmin(session.page);
    } finally {
      await session.close();
    }
  }

  it("signing out removes admin's search and copies; operador signing in on the tab finds none of them", () =>
    adminThenOperador(async ({ page }) => {
      await signOut(page, 'admin');
      // Gone with the sign-out, before anyone signs in: the tab's storages as a page of the web's origin that runs
      // no app reads them (the login page is Keycloak's origin).
      await page.goto(`${suite.stack.urls.web}/silent-check-sso.html`);
      const left = await storagesOf(page);
      expect(JSON.stringify(left.session)).not.toContain('juan.perez');
      expect(left.localKeys.filter((key) => key.startsWith('preferencias-copia.'))).toEqual([]);
    }));

  it("a session that ended without 'Cerrar Sesion' leaves nothing to the next operator of the tab", () =>
    // admin's session ends without the app (another tab signed out, the idle limit): no SSO cookie, no kept tokens.
    adminThenOperador(async ({ context, page }) => {
      await context.clearCookies();
      await page.evaluate(() => sessionStorage.removeItem('auth.session'));
    }));

  it('discards a kept styles copy the app would not have written: no fake warning, never saved again', async () => {
    const session = await suite.signedIn('operador', '/home');
    try {
      const { page } = session;
      const FAKE = 'Aviso: su cuenta fue bloqueada';
      const heading = page.getByRole('heading', { level: 1 }).first();
      await heading.waitFor();
      // Before the app of the next document reads it (and once): the browser's copy, written by the app when the
      // previous document was left, gets a rule of its own that no emotion class names.
      await page.addInitScript((fake) => {
        if (sessionStorage.getItem('e2e.crafted')) return;
        const copy = JSON.parse(localStorage.getItem('backoffice.styles') ?? 'null') as {
          css: string;
        } | null;
        sessionStorage.setItem('e2e.crafted', copy ? 'crafted' : 'no copy');
        if (!copy) return;
        localStorage.setItem(
          'backoffice.styles',
          JSON.stringify({ ...copy, css: `${copy.css}h1::before{content:"${fake}";color:red}` }),
        );
      }, FAKE);

      await page.goto(`${suite.stack.urls.web}/home`);
      await heading.waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('e2e.crafted'))).toBe('crafted');
      const before = await heading.evaluate((element) => getComputedStyle(element, '::before').content);
      expect(before).not.toContain(FAKE);
      // Not rehydrated: no element of the copy in the document, and no copy in the storage.
      expect(await page.locator('style[data-emotion^="bo "]').count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('backoffice.styles'))).toBeNull();
      // Left again: what this document made is kept, the crafted rule is not.
      await page.goto(`${suite.stack.urls.web}/home`);
      await heading.waitFor();
      const saved = await page.evaluate(() => localStorage.getItem('backoffice.styles') ?? '');
      expect(saved).toContain('"engine"');
      expect(saved).not.toContain(FAKE);
    } finally {
      await session.close();
    }
  });
});
