import { createServer } from 'node:net';
import { startEmulator, type RunningEmulator } from '@backoffice/keycloak-emulator';
import { startStubs, type RunningStubs } from '@backoffice/stubs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildSandbox, sandboxBuildIsStale } from '../../scripts/build-sandbox.mjs';
import { loadConfig } from '../load-config.js';
import { startGateway, type RunningGateway } from '../index.js';
import { createLogger } from '../logger.js';

/**
 * GraphiQL at /sandbox in Chromium: sign in through keycloak-js against the emulator, completion from the
 * printed-SDL schema, a query run with its result, with the page's CSP in force, no CSP violation and no request
 * leaving the machine (every request is checked; anything not local is aborted and reported).
 */

let stubs: RunningStubs;
let emulator: RunningEmulator;
let gateway: RunningGateway;
let browser: Browser;
let origin: string;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  if (sandboxBuildIsStale()) await buildSandbox();
  const port = await freePort();
  origin = `http://localhost:${port}`;
  [stubs, emulator] = await Promise.all([
    startStubs({ port: 0 }),
    startEmulator({ keyFile: null, extraRedirectUris: [`${origin}/sandbox`], extraWebOrigins: [origin] }),
  ]);
  const base = loadConfig({});
  gateway = await startGateway(
    {
      port,
      host: '127.0.0.1',
      keycloakIssuer: emulator.issuer,
      keycloakJwksUrl: emulator.jwksUrl,
      sandbox: true,
      introspection: true,
      services: { ...base.services, payment: `${stubs.url}/payment`, collector: `${stubs.url}/collector` },
    },
    { logger: createLogger('silent') },
  );
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
  await Promise.all([stubs?.close(), emulator?.close()]);
});

const isLocal = (url: string) => {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'data:' || protocol === 'blob:' || protocol === 'about:') return true;
  return hostname === 'localhost' || hostname === '127.0.0.1';
};

interface Watched {
  context: BrowserContext;
  page: Page;
  problems: string[];
  offMachine: string[];
  violations(): Promise<string[]>;
}

/** A page whose CSP violations, off-machine requests, page errors and failed requests are collected. */
async function watchedPage(): Promise<Watched> {
  const context = await browser.newContext({ locale: 'es-AR' });
  const offMachine: string[] = [];
  await context.route(
    (url) => !isLocal(url.href),
    (route) => {
      offMachine.push(route.request().url());
      return route.abort();
    },
  );
  await context.addInitScript(
    "window.__cspViolations = []; document.addEventListener('securitypolicyviolation', (e) => " +
      "window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));",
  );
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && m.location().url.startsWith(origin))
      problems.push(`${m.text()} (${m.location().url})`);
    if (/Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  page.on('worker', (w) => w.on('console', (m) => m.type() === 'error' && problems.push(m.text())));
  return {
    context,
    page,
    problems,
    offMachine,
    violations: () => page.evaluate('window.__cspViolations') as Promise<string[]>,
  };
}

const queryEditor = (page: Page) => page.locator('.graphiql-query-editor .monaco-editor').first();
/** The text Monaco shows, white space collapsed (it renders no-break spaces and wraps long lines). */
const shown = async (page: Page, selector: string) =>
  (await page.locator(`${selector} .view-lines`).first().innerText()).replace(/[\s\u00a0]+/g, ' ');
const queryText = (page: Page) => shown(page, '.graphiql-query-editor');
const responseText = (page: Page) => shown(page, '.graphiql-response');
/** Browser tests get margins for a loaded 2-core machine. */
const BROWSER_TEST_TIMEOUT = 90_000;

it(
  'signs in with keycloak-js, completes a field, runs a query, with no CSP violation nor off-machine request',
  async () => {
    const { context, page, problems, offMachine, violations } = await watchedPage();
    await page.goto(`${origin}/sandbox`);
    await expect.poll(() => page.locator('#session-status').textContent()).toBe('Sin sesión');
    // Before any sign-in, the docs explorer shows the schema: its description names the contract.
    await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
    await page.getByText(/Contrato del back-office: @backoffice\/schema \d+\.\d+\.\d+/).waitFor();
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByLabel('Username or email').fill('operador');
    await page.getByLabel('Password').fill('operador');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Sesión: operador').waitFor();

    // The first tab is the payments example; the schema comes from /sandbox/schema.graphql.
    await queryEditor(page).waitFor();
    await expect.poll(() => queryText(page), { timeout: 15_000 }).toContain('query Pagos');

    // Run it: the result shows the rows the stubs return.
    await page.getByRole('button', { name: /Execute query/i }).click();
    await expect.poll(() => responseText(page), { timeout: 15_000 }).toContain('"payments"');
    const result = await responseText(page);
    expect(result).toContain('"rows"');
    expect(result).toContain('"pageSize": 5');
    expect(result).toContain('"status": "APPROVED"');
    expect(result).not.toMatch(/"status": "(?!APPROVED)/);
    expect(result).not.toContain('"errors"');

    // Completion for a field in a new tab, from the schema.
    await page.getByRole('button', { name: /New tab|Add tab/i }).click();
    await queryEditor(page).click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText('{ me { userna');
    await page.keyboard.press('Control+Space');
    const suggestion = page.locator('.suggest-widget .monaco-list-row', { hasText: 'username' });
    await suggestion.first().waitFor({ timeout: 15_000 });
    await page.keyboard.press('Enter');
    await expect.poll(() => queryText(page)).toMatch(/\{ me \{ username/);

    expect(await violations()).toEqual([]);
    expect(offMachine).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  },
  BROWSER_TEST_TIMEOUT,
);

it(
  'offers each major the gateway serves: 1.x answers at /graphql/v1 in its own shape, with its own docs',
  async () => {
    const { context, page, offMachine, violations } = await watchedPage();
    const sentTo: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') sentTo.push(new URL(request.url()).pathname);
    });
    await page.goto(`${origin}/sandbox`);
    await page.locator('#token').fill(await emulator.accessTokenFor('operador'));
    await page.getByLabel('Versión del contrato').selectOption({ index: 1 });
    await expect.poll(() => page.locator('#major option:checked').textContent()).toMatch(/^Versión 1\.0\.0/);
    await queryEditor(page).click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    // 1.0.0's OperationError.code is a String (2.x's an enum): the request must reach 1.x to pass validation.
    await page.keyboard.insertText('query Quien { me { username } }');
    await page.locator('.graphiql-tab', { hasText: 'Quien' }).waitFor();
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => responseText(page), { timeout: 15_000 }).toContain('"username": "operador"');
    expect(sentTo).toContain('/graphql/v1');
    expect(sentTo).not.toContain('/graphql');
    const v1 = await (await fetch(`${origin}/sandbox/schema-v1.graphql`)).text();
    const operationError = v1.slice(v1.indexOf('type OperationError {'));
    expect(operationError.slice(0, operationError.indexOf('\n}'))).toMatch(/\n {2}code: String\n/);
    expect(await violations()).toEqual([]);
    expect(offMachine).toEqual([]);
    await context.close();
  },
  BROWSER_TEST_TIMEOUT,
);

it(
  'works with a pasted token and shows the permission error in the result',
  async () => {
    const { context, page, offMachine, violations } = await watchedPage();
    await page.goto(`${origin}/sandbox`);
    await page.locator('#token').fill(await emulator.accessTokenFor('consulta'));
    await expect.poll(() => page.locator('#session-status').textContent()).toBe('Token propio');
    await queryEditor(page).click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText('query Titulares { paymentCardHolders(id: "1") { holderName } }');
    // GraphiQL names the tab after the operation once it has parsed the edit: run it only then.
    await page.locator('.graphiql-tab', { hasText: 'Titulares' }).waitFor();
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => responseText(page), { timeout: 15_000 }).toContain('FORBIDDEN');
    expect(await responseText(page)).toContain('No tiene permisos para realizar esta acción.');
    expect(await violations()).toEqual([]);
    expect(offMachine).toEqual([]);
    await context.close();
  },
  BROWSER_TEST_TIMEOUT,
);
