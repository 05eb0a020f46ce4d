import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { NOTIFICATION_ACTION_LABELS } from '../src/components/detail/notification-labels';
import { STATUS_DETAIL_LABELS, WITHDRAWAL_STRATEGY_LABELS } from '../src/lib/code-label';
import { seriousA11yViolations } from './support/a11y';
import { screenshot, showPath } from './support/browser';
import { stubRequest } from './support/stub-http';
import { useBrowserStack } from './support/suite';

/**
 * No raw code of the catalogue on the detail screens that show codes: a subscription's status
 * details and notifications, a notification's action, a collector's withdrawal strategy and a forced
 * distribution payout read in Spanish, each code kept in a tooltip (`data-code`).
 */

const suite = useBrowserStack();

/** Every code of the catalogues, as a whole word ('active' in 'inactive' does not count). */
const CODES = [
  ...Object.keys(STATUS_DETAIL_LABELS),
  ...Object.keys(WITHDRAWAL_STRATEGY_LABELS),
  ...Object.keys(NOTIFICATION_ACTION_LABELS),
];

async function rawCodesShown(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  return CODES.filter((code) => new RegExp(`(?<![\\p{L}_])${code}(?![\\p{L}_])`, 'u').test(text));
}

/** The codes shown through CodeText on the page (the tooltip's `data-code`). */
const tooltipCodes = (page: Page) =>
  page.locator('[data-code]').evaluateAll((elements) => elements.map((e) => e.getAttribute('data-code')));

interface StubPage<T> {
  rows: T[];
}

describe('as operador', () => {
  const operador = suite.profile('operador', '/home');
  let page: Page;
  beforeAll(() => {
    page = operador.page;
  });

  it('subscription details: status details and notification actions in Spanish, codes in tooltips', async () => {
    const listed = await stubRequest<StubPage<{ id: string; status_detail: string | null }>>(
      suite.stack,
      'GET',
      '/subscription/suscripciones?limit=1000',
    );
    const withDetail = (detail: string) => listed.rows.find((s) => s.status_detail === detail)?.id;
    const ids = [withDetail('rejected_by_payer'), withDetail('payment_method_removed'), '4000001'];
    expect(ids.every(Boolean)).toBe(true);
    for (const id of ids) {
      await showPath(page, suite.stack.urls.web, `/suscripcion/${id}`);
      await page.locator(`[data-testid="subscription-detail"][data-subscription-id="${id}"]`).waitFor();
      await page.getByTestId('section-data').waitFor();
      expect(await rawCodesShown(page)).toEqual([]);
    }
    // 4000001 has been approved: its notifications name the action in Spanish.
    expect(await tooltipCodes(page)).toContain('subscription_approved');
    await page.getByText('Suscripción aprobada').first().waitFor();
    await showPath(page, suite.stack.urls.web, `/suscripcion/${ids[0]}`);
    await page.getByTestId('status-banner').getByText('Rechazada por el pagador').waitFor();
    expect(await page.getByTestId('status-banner').locator('[data-code="rejected_by_payer"]').count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'codes-subscription-rejected');
  });

  it("a notification's action and status detail in Spanish", async () => {
    await showPath(page, suite.stack.urls.web, `/suscripcion/4000001`);
    await page.getByTestId('section-data').waitFor();
    const approved = page.locator('tr', { has: page.locator('[data-code="subscription_approved"]') }).first();
    await approved.getByRole('link').first().click();
    await page.getByTestId('notification-detail').waitFor();
    await page.getByTestId('notification-action').getByText('Suscripción aprobada').waitFor();
    expect(await rawCodesShown(page)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it("a collector's withdrawal strategy in Spanish", async () => {
    await showPath(page, suite.stack.urls.web, `/comercios/10001`);
    const strategy = page.getByTestId('collector-withdrawal-strategy');
    await strategy.locator('[data-code]').waitFor();
    const code = await strategy.locator('[data-code]').getAttribute('data-code');
    expect(Object.keys(WITHDRAWAL_STRATEGY_LABELS)).toContain(code);
    expect(await rawCodesShown(page)).toEqual([]);
  });
});

describe('as tesoreria', () => {
  const tesoreria = suite.profile('tesoreria', '/home');

  it("a payout forced to success reads 'Forzada como exitosa' in the distribution's detail", async () => {
    const page = tesoreria.page;
    const path = '/distribuciones/distribuciones/9300012/detalles/9300012-1';
    const detail = await stubRequest<{ destination: unknown; amount: number }>(suite.stack, 'GET', path);
    await stubRequest(suite.stack, 'PUT', path, {
      destination: detail.destination,
      amount: detail.amount,
      status: 'success',
    });
    // The list searches by payment id (9300012 pays 480078, e2e/distributions.test.ts).
    await showPath(page, suite.stack.urls.web, `/distribucion?q=480078`);
    // 'Ver' or 'Modificar' as the payout allows; either opens the detail.
    await page.getByRole('button', { name: /^(Ver|Modificar) 9300012$/ }).click();
    const dialog = page.getByTestId('distribution-detail-dialog');
    await dialog.getByTestId('detail-9300012-1').getByText('Forzada como exitosa').waitFor();
    expect(await dialog.locator('[data-code="forced_success"]').count()).toBe(1);
    expect(await rawCodesShown(page)).toEqual([]);
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await screenshot(page, 'codes-distribution-forced');
  });
});
