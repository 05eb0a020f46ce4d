import { createServer } from 'node:net';
import { startEmulator, type RunningEmulator } from '@backoffice/keycloak-emulator';
import { startStubs, type RunningStubs } from '@backoffice/stubs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { startGateway, type RunningGateway } from '../index.js';
import { createLogger } from '../logger.js';

/**
 * The offline sandbox in Chromium: sign in through keycloak-js (served by the gateway) against the emulator,
 * list the operations from introspection, run a generated query, with the page's CSP in force.
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
});

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
  await Promise.all([stubs?.close(), emulator?.close()]);
});

it('signs in with keycloak-js, lists the operations and runs a query', async () => {
  const page = await browser.newPage({ locale: 'es-AR' });
  const problems: string[] = [];
  page.on('console', (m) => {
    // Only the sandbox's own problems (not the emulator's login page).
    if (m.type() === 'error' && m.location().url.startsWith(origin))
      problems.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });

  await page.goto(`${origin}/sandbox`);
  await expect.poll(() => page.locator('#session-status').textContent()).toBe('Sin sesión');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.getByLabel('Username or email').fill('operador');
  await page.getByLabel('Password').fill('operador');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByText('Sesión: operador').waitFor();

  const paymentsOp = page.getByRole('button', { name: /^payments: PaymentPage!/ });
  await paymentsOp.waitFor();
  await expect(page.getByRole('button', { name: /^_empty: Boolean/ }).count()).resolves.toBe(1);
  await paymentsOp.click();
  expect(await page.locator('#query').inputValue()).toMatch(/query Payments\(\$filter: PaymentFilter/);
  await page.locator('#variables').fill('{ "pageSize": 3, "filter": { "status": "APPROVED" } }');
  await page.getByRole('button', { name: /Ejecutar/ }).click();
  await expect.poll(() => page.locator('#result').textContent(), { timeout: 10_000 }).toContain('"rows"');
  const result = JSON.parse((await page.locator('#result').textContent())!) as {
    data: { payments: { pageSize: number; rows: Array<{ status: string; collector: { name: string } }> } };
  };
  expect(result.data.payments.pageSize).toBe(3);
  expect(result.data.payments.rows.every((r) => r.status === 'APPROVED' && r.collector.name)).toBe(true);
  expect(await page.locator('#result-meta').textContent()).toMatch(/^HTTP 200/);
  expect(problems).toEqual([]);
  await page.close();
});

it('works with a pasted token when nobody signed in', async () => {
  const page = await browser.newPage();
  await page.goto(`${origin}/sandbox`);
  await page.getByText('Usar un token propio').click();
  await page.locator('#token').fill(await emulator.accessTokenFor('consulta'));
  await page.locator('#query').fill('mutation { _empty }');
  await page.keyboard.press('Control+Enter');
  await expect.poll(() => page.locator('#result').textContent(), { timeout: 10_000 }).toContain('FORBIDDEN');
  expect(await page.locator('#result').textContent()).toContain(
    'No tiene permisos para realizar esta acción.',
  );
  await page.close();
});
