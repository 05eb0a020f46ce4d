import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { SCREENSHOT_DIR } from './browser';

/**
 * What each page of the worker's Chromium showed when a test failed, for the run's log: its address, the overlays
 * open on it (a menu, listbox or dialog hides the rest of the page from role queries) and the accessibility tree of
 * its screen and overlays, cut to `maxChars`. A CI run keeps only its log, so a failure that does not come back on a
 * rerun is read from this. The PNG of each page goes to apps/web/screenshots/failures/ (gitignored) for a local run.
 */
export async function pagesReport(
  browser: Browser,
  testName: string,
  { maxChars = 3_000 } = {},
): Promise<string> {
  const pages = browser.contexts().flatMap((context) => context.pages());
  const reports = await Promise.all(
    pages.map((page, index) => pageReport(page, `${fileName(testName)}-${index + 1}`, maxChars)),
  );
  return [`Páginas abiertas al fallar «${testName}»: ${pages.length}`, ...reports].join('\n');
}

/** What can cover a screen and hide it from role queries. */
const OVERLAYS = '[role="listbox"], [role="menu"], [role="dialog"], [role="alertdialog"]';

async function pageReport(page: Page, name: string, maxChars: number): Promise<string> {
  const overlays = await page
    .evaluate(
      (overlays) =>
        [...document.querySelectorAll(overlays)].map(
          (element) =>
            `${element.getAttribute('role')} «${element.getAttribute('aria-label') ?? element.textContent?.slice(0, 60) ?? ''}»`,
        ),
      OVERLAYS,
    )
    .catch((error: Error) => [`(no se leyó: ${error.message})`]);
  const tree = await screenTree(page);
  const screenshot = `${SCREENSHOT_DIR}failures/${name}.png`;
  mkdirSync(`${SCREENSHOT_DIR}failures`, { recursive: true });
  const taken = await page
    .screenshot({ path: screenshot, timeout: 5_000 })
    .then(() => screenshot)
    .catch((error: Error) => `(sin captura: ${error.message})`);
  const cut =
    tree.length > maxChars
      ? `${tree.slice(0, maxChars)}\n… (${tree.length - maxChars} caracteres más)`
      : tree;
  return [
    `— ${page.url()}`,
    `  superpuestos: ${overlays.length ? overlays.join('; ') : 'ninguno'}`,
    `  captura: ${taken}`,
    cut.replace(/^/gm, '  '),
  ].join('\n');
}

/**
 * The accessibility tree of the screen (`main`) and of each overlay, not the shell's header and menu (the same on
 * every page, they would fill the log's share); the whole page when it has neither (the sign-in page).
 */
async function screenTree(page: Page): Promise<string> {
  const parts = page.locator(`main, ${OVERLAYS}`);
  const count = await parts.count().catch(() => 0);
  const shown =
    count > 0 ? [...Array(count).keys()].map((index) => parts.nth(index)) : [page.locator('body')];
  const trees = await Promise.all(
    shown.map((part) =>
      part.ariaSnapshot({ timeout: 5_000 }).catch((error: Error) => `(no se leyó: ${error.message})`),
    ),
  );
  return trees.join('\n');
}

const fileName = (testName: string) =>
  testName
    .normalize('NFD')
    .replace(/[^\w]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
