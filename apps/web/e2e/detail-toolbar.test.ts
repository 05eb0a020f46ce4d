import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { screenshot, showPath } from './support/browser';
import { useBrowserStack } from './support/suite';

/**
 * A detail's toolbar at 1280×800, read as an operator reads it, without a pointer: every action under its label,
 * usable or not, and below the groups a visible list naming each disabled action with why it cannot be used (a grey
 * icon whose reason waited for the pointer said nothing at a glance). Fixtures: payment 1000001 approved (Cancelar
 * disabled), batch 20190 of collector 10001.
 */

const suite = useBrowserStack({ role: 'admin', path: '/home' });
let page: Page;

beforeAll(async () => {
  page = suite.page;
  await page.setViewportSize({ width: 1280, height: 800 });
});

/** The toolbar's actions as shown: each one's visible text, and whether it can be used. */
const shownActions = (toolbar: Locator) =>
  toolbar.locator('[data-action]').evaluateAll((buttons) =>
    buttons.map((button) => ({
      kind: button.getAttribute('data-action'),
      text: (button as HTMLElement).innerText.trim(),
      disabled: (button as HTMLButtonElement).disabled,
    })),
  );

/** The lines of 'Acciones no disponibles' as shown on screen. */
const unavailableLines = (toolbar: Locator) =>
  toolbar
    .getByRole('list', { name: 'Acciones no disponibles' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => (item as HTMLElement).innerText.trim()));

/** Nothing of `element` is cut or hidden: its box shows all of its content and sits inside the window. */
const wholeOnScreen = (element: Locator) =>
  element.evaluate(
    (e) =>
      e.scrollWidth <= e.clientWidth + 1 &&
      e.scrollHeight <= e.clientHeight + 1 &&
      e.getBoundingClientRect().right <= window.innerWidth,
  );

describe('a detail toolbar at 1280×800', () => {
  it("labels every action and says why 'Cancelar' cannot be used on an approved payment, in words", async () => {
    await showPath(page, suite.stack.urls.web, '/pago/1000001');
    const toolbar = page.getByTestId('payment-toolbar');
    await toolbar.locator('[data-action="CANCEL"]').waitFor();
    const actions = await shownActions(toolbar);
    // No action is a bare icon: each reads its label, the disabled ones too.
    expect(actions.filter((a) => a.text === '')).toEqual([]);
    expect(actions).toEqual(expect.arrayContaining([{ kind: 'CANCEL', text: 'Cancelar', disabled: true }]));
    expect(actions.filter((a) => a.kind === 'REFUND' || a.kind === 'REVERSE').every((a) => !a.disabled)).toBe(
      true,
    );
    const reason = await page.getByTestId('action-reason-CANCEL').getAttribute('data-reason');
    expect(reason).toBeTruthy();
    const lines = await unavailableLines(toolbar);
    // Every disabled action is named once, with its reason; 'Cancelar' among them, the pointer nowhere near.
    expect(lines.some((line) => line === `Cancelar: ${reason}`)).toBe(true);
    const disabled = actions.filter((a) => a.disabled).map((a) => a.text);
    expect(lines.flatMap((line) => line.split(': ')[0]!.split(', ')).sort()).toEqual(disabled.sort());
    expect(await page.getByRole('tooltip').count()).toBe(0);
    expect(await wholeOnScreen(toolbar)).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'item11-payment-toolbar-1280');
  });

  it('a batch keeps its five actions labelled and lists why the disabled ones wait', async () => {
    await showPath(page, suite.stack.urls.web, '/lotes/lotes/10001/20190');
    const toolbar = page.getByTestId('batch-toolbar');
    await toolbar.getByRole('button', { name: 'Descargar XML' }).waitFor();
    const actions = await shownActions(toolbar);
    expect(actions.filter((a) => a.text === '')).toEqual([]);
    const disabled = actions.filter((a) => a.disabled).map((a) => a.text);
    const lines = await unavailableLines(toolbar);
    expect(lines.flatMap((line) => line.split(': ')[0]!.split(', ')).sort()).toEqual(disabled.sort());
    for (const line of lines) expect(line).toMatch(/^[^:]+: \S.*$/);
    expect(await wholeOnScreen(toolbar)).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'item11-batch-toolbar-1280');
  });
});
