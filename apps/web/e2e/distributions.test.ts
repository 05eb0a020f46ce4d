import { beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import { amountInputText } from '@backoffice/validators';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { seriousA11yViolations } from './support/a11y';
import { useBrowserStack } from './support/suite';
import { screenshot } from './support/browser';
import { stubDistribution, stubDistributionDetail } from './support/distributions';
import { gridColumn, gridRow, gridSettled, shownIds } from './support/grid';
import { stubAdmin, stubRequests, stubWrites } from './support/stub-http';

/**
 * Distribuciones (/distribucion, spec 001 §2, §4, §5) as tesoreria (who holds DISTRIBUTION_UPDATE, _FORCE and
 * _SCHEDULED_UPDATE in infra/keycloak/realm-back-office.json), and as consulta, against the whole stack and the
 * distribution fixtures 9300001-9300012 (docs/upstream-contract.md).
 */

const suite = useBrowserStack({ role: 'tesoreria', path: '/distribucion' });
let page: Page;
const GRID = 'Distribuciones';
const EMPTY = 'Nada por acá';
const CUIT = '30500010912';
const CBU = '2850590940090418135201';

beforeAll(async () => {
  page = suite.page;
  await gridSettled(page, GRID, EMPTY);
});

const count = async (card: 'card-pending' | 'card-error') => {
  const text = page.getByTestId(`${card}-count`);
  await page.waitForFunction(
    (id) => /^\d+$/.test(document.querySelector(`[data-testid="${id}"]`)?.textContent ?? ''),
    `${card}-count`,
  );
  return Number(await text.innerText());
};
const waitCount = (card: string, expected: number) =>
  page.waitForFunction(
    ([id, n]) => document.querySelector(`[data-testid="${id}"]`)?.textContent === String(n),
    [`${card}-count`, expected] as const,
  );
const detailDialog = () => page.getByTestId('distribution-detail-dialog');

async function openDetail(id: string): Promise<void> {
  await search(id === '9300001' ? '480001' : String(480_001 + (Number(id) - 9300001) * 7));
  await gridRow(page, GRID, id)
    .getByRole('button', { name: new RegExp(`^(Modificar|Ver) ${id}$`) })
    .click();
  await detailDialog().getByTestId('distribution-status').waitFor();
}

async function closeDetail(): Promise<void> {
  await detailDialog().getByRole('button', { name: 'Cerrar' }).first().click();
  await detailDialog().waitFor({ state: 'detached' });
}

/** 'Guardar' of 'Modificar destino', then 'Modificar destino' in its confirmation (nothing is sent before it). */
async function saveDestination(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  const confirm = page.getByTestId('confirm-destination-dialog');
  await confirm.getByRole('button', { name: 'Modificar destino' }).click();
}

/** How many lines an element's text takes on screen (1: it does not wrap). */
const linesOf = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });

async function search(text: string): Promise<void> {
  const box = page.getByLabel('Buscar por ID o Signature');
  if (!(await box.isVisible())) await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await box.fill(text);
  await box.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === text);
  await gridSettled(page, GRID, EMPTY);
}

/** Today in Argentine time, in the parts the picker shows ('dd MMMM YYYY'). */
const todayParts = () =>
  Object.fromEntries(
    new Intl.DateTimeFormat('es-AR', {
      timeZone: 'America/Argentina/Buenos_Aires',
      day: '2-digit',
      month: 'long',
      year: 'numeric',
    })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  );

describe('Distribuciones as tesoreria', () => {
  it('shows the cards, the toggle, the range of this month to today, the tabs, and passes axe', async () => {
    await page.getByRole('heading', { name: 'Distribuciones', level: 1 }).waitFor();
    expect(await count('card-pending')).toBeGreaterThanOrEqual(2);
    expect(await count('card-error')).toBeGreaterThanOrEqual(2);
    for (const name of ['Distribuciones', 'Distribuciones programadas'])
      await page.getByRole('button', { name, exact: true }).waitFor();
    const tabs = await page.getByRole('tab').allInnerTexts();
    expect(tabs).toEqual(['Todo', 'Error', 'Pendiente', 'En proceso', 'Rechazado', 'Aprobado', 'Manuales']);
    // Today in Argentine time (the browser's zone), as the picker shows it: 'dd MMMM YYYY'.
    const parts = todayParts();
    const field = (name: string) => page.getByRole('group', { name }).locator('input');
    expect(await field('Desde').inputValue()).toBe(`01 ${parts.month} ${parts.year}`);
    expect(await field('Hasta').inputValue()).toBe(`${parts.day} ${parts.month} ${parts.year}`);
    expect((await shownIds(page, GRID)).length).toBe(10);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'distributions-list');
  });

  it('each card counts the range shown and opens its tab listing exactly that many', async () => {
    // The seed has distributions of both statuses last month too: a count of every date would be larger.
    for (const [card, status] of [
      ['card-pending', 'authorization_pending'],
      ['card-error', 'error'],
    ] as const) {
      const counted = await count(card);
      const shown = await page.getByTestId(`${card}-range`).innerText();
      expect(shown).toMatch(/^Del 01\/\d{2}\/\d{4} al \d{2}\/\d{2}\/\d{4}$/);
      await page.getByTestId(card).click();
      await page.waitForURL((url) => url.searchParams.get('estado') === status);
      await gridSettled(page, GRID, EMPTY);
      await expect
        .poll(() => page.getByTestId('distributions-total').innerText())
        .toBe(`${counted} ${counted === 1 ? 'distribución' : 'distribuciones'}`);
      expect((await shownIds(page, GRID)).length).toBe(Math.min(counted, 10));
    }
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await page.waitForURL((url) => !url.searchParams.has('estado'));
    await gridSettled(page, GRID, EMPTY);
  });

  it("a future day in the address is brought back to today, the pickers' maximum", async () => {
    await stubAdmin(suite.stack, 'DELETE', 'requests');
    await page.goto(`${suite.stack.urls.web}/distribucion?desde=2030-01-01&hasta=2030-02-01`);
    await gridSettled(page, GRID, EMPTY);
    const parts = todayParts();
    const shownToday = `${parts.day} ${parts.month} ${parts.year}`;
    for (const name of ['Desde', 'Hasta']) {
      const group = page.getByRole('group', { name });
      expect(await group.locator('input').inputValue()).toBe(shownToday);
      expect(await group.getAttribute('aria-invalid')).not.toBe('true');
    }
    // The list asked for today, never for the future day.
    const asked = JSON.stringify(await stubRequests(suite.stack, 'distribuciones'));
    expect(asked).toContain(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date()),
    );
    expect(asked).not.toContain('2030-');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Back to the list's defaults: the next tests start from this month, not from the clamped day.
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await page.waitForURL((url) => !url.search.includes('2030-'));
    await gridSettled(page, GRID, EMPTY);
  });

  it('the Error tab lists only errors with the header labels; scheduled ones behind their toggle', async () => {
    await page.getByRole('tab', { name: 'Error' }).click();
    await page.waitForURL((url) => url.searchParams.get('estado') === 'error');
    await gridSettled(page, GRID, EMPTY);
    await expect
      .poll(async () => new Set(await gridColumn(page, GRID, 'status')))
      .toEqual(new Set(['Error']));
    await page.getByRole('button', { name: 'Distribuciones programadas' }).click();
    await page.waitForURL((url) => url.searchParams.get('tipo') === 'programadas');
    await gridSettled(page, GRID, EMPTY);
    await expect.poll(() => shownIds(page, GRID)).toContain('9300011');
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await page.waitForURL((url) => !url.searchParams.has('estado') && !url.searchParams.has('tipo'));
    await gridSettled(page, GRID, EMPTY);
  });

  it("'Distribuciones programadas' after the 'Error' tab opens on 'Todo': a tab does not carry the other's state", async () => {
    await page.getByRole('tab', { name: 'Error' }).click();
    await page.waitForURL((url) => url.searchParams.get('estado') === 'error');
    await gridSettled(page, GRID, EMPTY);
    await page.getByRole('button', { name: 'Distribuciones programadas' }).click();
    await page.waitForURL((url) => url.searchParams.get('tipo') === 'programadas');
    await gridSettled(page, GRID, EMPTY);
    expect(new URL(page.url()).searchParams.has('estado')).toBe(false);
    expect(await page.getByRole('tab', { name: 'Todo' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tab', { name: 'Error' }).click();
    await page.waitForURL((url) => url.searchParams.get('estado') === 'error');
    await page.getByRole('button', { name: 'Distribuciones', exact: true }).click();
    await page.waitForURL((url) => !url.searchParams.has('tipo'));
    expect(new URL(page.url()).searchParams.has('estado')).toBe(false);
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await gridSettled(page, GRID, EMPTY);
  });

  it('searches by a 6-character payment id and by a 3-character collector id; nothing: Nada por acá', async () => {
    await search('480008');
    await expect.poll(() => shownIds(page, GRID)).toEqual(['9300002']);
    await search('101');
    await expect
      .poll(async () => new Set(await gridColumn(page, GRID, 'signature')))
      .toEqual(new Set(['101']));
    await search('999999');
    await page.getByText(EMPTY).waitFor();
  });

  it("names the row's button 'Ver' where nothing can be changed; the detail keeps '$' with its amount and its buttons on one line", async () => {
    // Paid (9300004) and in process (9300007): nothing to change, 'Ver'; in error (9300003): 'Modificar'.
    for (const [id, label] of [
      ['9300004', 'Ver'],
      ['9300007', 'Ver'],
      ['9300003', 'Modificar'],
    ] as const) {
      await search(String(480_001 + (Number(id) - 9300001) * 7));
      const button = gridRow(page, GRID, id).getByRole('button', { name: `${label} ${id}`, exact: true });
      expect(await button.innerText()).toBe(label);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    try {
      await openDetail('9300004');
      expect(await linesOf(detailDialog().getByTestId('distribution-total'))).toBe(1);
      const rows = detailDialog().locator('[data-testid^="detail-9300004-"]');
      for (let i = 0; i < (await rows.count()); i++) {
        const row = rows.nth(i);
        expect(await linesOf(row.locator('td').nth(4))).toBe(1);
        expect(await linesOf(row.getByRole('button', { name: 'Enviar comprobante' }))).toBe(1);
      }
      // The collector under the names every screen gives it (not the service's 'Signature').
      await detailDialog().getByText('ID entidad', { exact: true }).waitFor();
      await detailDialog().getByText('Entidad', { exact: true }).waitFor();
      expect(await detailDialog().getByText('Signature', { exact: true }).count()).toBe(0);
      expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
      await closeDetail();
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('approves and rejects distributions pending authorization and the card count follows', async () => {
    const before = await count('card-pending');
    await openDetail('9300001');
    expect(await detailDialog().getByTestId('no-scheduled-block').isVisible()).toBe(true);
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await screenshot(page, 'distributions-detail');
    await detailDialog().getByRole('button', { name: 'Autorizar' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Autorizado correctamente').waitFor();
    await waitCount('card-pending', before - 1);
    expect((await stubDistribution(suite.stack, '9300001')).status).toBe('pending');
    await closeDetail();

    await openDetail('9300002');
    await detailDialog().getByRole('button', { name: 'Rechazar' }).click();
    const reject = page.getByTestId('reject-distribution-dialog');
    await reject.getByRole('textbox').fill('Distribución duplicada');
    await reject.getByRole('button', { name: 'Rechazar' }).click();
    await page.getByText('Rechazado correctamente').waitFor();
    await waitCount('card-pending', before - 2);
    expect(await stubDistribution(suite.stack, '9300002')).toMatchObject({
      status: 'rejected',
      status_detail: 'Distribución duplicada',
    });
    await closeDetail();
  });

  it("'Modificar destino' names the distribution and detail it changes and asks before it sends (spec 001's confirmation)", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    try {
      await openDetail('9300003');
      const row = detailDialog().getByTestId('detail-9300003-1');
      const before = await stubDistributionDetail(suite.stack, '9300003', '9300003-1');
      await row.getByRole('button', { name: 'Modificar' }).click();
      const dialog = page.getByTestId('edit-destination-dialog');
      await dialog.waitFor();
      for (const [label, value] of [
        ['Distribución', '9300003'],
        ['Detalle', '9300003-1'],
      ] as const) {
        await dialog.getByText(label, { exact: true }).waitFor();
        await dialog.getByText(value, { exact: true }).first().waitFor();
      }
      await dialog.getByLabel('Formato').click();
      await page.getByRole('option', { name: 'CBU' }).click();
      await dialog.getByRole('textbox', { name: 'CBU' }).fill(CBU);
      await dialog.getByLabel('CUIT').fill(CUIT);
      const writes = async () =>
        (await stubWrites(suite.stack, 'distribuciones')).filter((w) => w.method === 'PUT').length;
      const sent = await writes();
      await dialog.getByRole('button', { name: 'Guardar' }).click();
      const confirm = page.getByTestId('confirm-destination-dialog');
      await confirm
        .getByText(
          '¿Está seguro de modificar la cuenta de destino del detalle 9300003-1 de la distribución 9300003?',
        )
        .waitFor();
      const summary = confirm.getByTestId('movement-summary');
      const line = (label: string) =>
        summary.locator(`dd[data-label="${label}"]`).evaluate((dd) => dd.textContent!.replace(/\s/g, ' '));
      expect(await line('Distribución')).toBe('9300003');
      expect(await line('Detalle')).toBe('9300003-1');
      expect(await line('Destino actual')).toBe(
        `${before.destination.type === 'alias' ? 'Alias' : 'CBU'} ${before.destination.value}`,
      );
      expect(await line('Destino nuevo')).toBe(`CBU ${CBU}`);
      expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
      await screenshot(page, 'item10-distribution-destination-confirm-1280');
      // 'Cancelar' goes back to the form, nothing sent.
      await confirm.getByRole('button', { name: 'Cancelar' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await writes()).toBe(sent);
      await saveDestination(dialog);
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Distribución actualizada').first().waitFor();
      expect(await writes()).toBe(sent + 1);
      await closeDetail();
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });

  it('edits a destination from cbu to alias and back, with each validation message, and shows who changed it', async () => {
    await openDetail('9300003');
    const row = detailDialog().getByTestId('detail-9300003-1');
    await row.getByRole('button', { name: 'Modificar' }).click();
    const dialog = page.getByTestId('edit-destination-dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Forzar' }).isVisible()).toBe(true);
    const value = () => dialog.getByRole('textbox', { name: /^(CBU|Alias)$/ });
    // First to a CBU whatever the seed drew, then alias, then back to a CBU.
    await dialog.getByLabel('Formato').click();
    await page.getByRole('option', { name: 'CBU' }).click();
    await value().fill('12345abc');
    await dialog.getByLabel('CUIT').click();
    await dialog.getByText('Ingresa un numero de 22 digitos sin letras').waitFor();
    await value().fill(CBU);
    await dialog.getByLabel('CUIT').fill(CUIT);
    await saveDestination(dialog);
    await page.getByText('Distribución actualizada').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: 'Modificar' }).click();
    await dialog.waitFor();
    await dialog.getByLabel('Formato').click();
    await page.getByRole('option', { name: 'Alias' }).click();
    expect(await value().inputValue()).toBe('');
    await value().fill('abc');
    await dialog.getByLabel('CUIT').fill('123');
    await dialog.getByLabel('Nombre').click();
    await dialog.getByText('Ingresa un destino de 5 a 20 caracteres.').waitFor();
    await dialog.getByText('El formato del cuit no es correcto.').waitFor();
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await screenshot(page, 'distributions-edit-destination');
    await value().fill('mate.rio.sol');
    await dialog.getByLabel('CUIT').fill(CUIT);
    await saveDestination(dialog);
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('Alias mate.rio.sol').waitFor();
    expect((await stubDistributionDetail(suite.stack, '9300003', '9300003-1')).destination).toMatchObject({
      type: 'alias',
      value: 'mate.rio.sol',
      cuit: CUIT,
    });

    await row.getByRole('button', { name: 'Modificar' }).click();
    await dialog.waitFor();
    await dialog.getByLabel('Formato').click();
    await page.getByRole('option', { name: 'CBU' }).click();
    expect(await value().inputValue()).toBe('');
    await value().fill('abc');
    await dialog.getByLabel('Nombre').click();
    await dialog.getByText('Ingresa un numero de 22 digitos sin letras').waitFor();
    await value().fill(CBU);
    await saveDestination(dialog);
    await dialog.waitFor({ state: 'detached' });
    await row.getByText(`CBU ${CBU}`).first().waitFor();
    const detail = await stubDistributionDetail(suite.stack, '9300003', '9300003-1');
    expect(detail.destination).toMatchObject({ type: 'cbu', value: CBU });
    expect(detail.destination_changes.at(-1)?.user).toBe('tesoreria');
    expect(await row.getByTestId('destination-change').innerText()).toContain('Modificado por tesoreria');
    await closeDetail();
  });

  it("'Modificar destino' opens the amount as es-AR and accepts '169.178,46', sending 169178.46", async () => {
    await openDetail('9300003');
    const row = detailDialog().getByTestId('detail-9300003-1');
    const before = await stubDistributionDetail(suite.stack, '9300003', '9300003-1');
    await row.getByRole('button', { name: 'Modificar' }).click();
    const dialog = page.getByTestId('edit-destination-dialog');
    const amount = dialog.getByRole('textbox', { name: 'Importe' });
    expect(await amount.inputValue()).toBe(amountInputText(String(before.amount)));
    await amount.fill('169.178,46');
    // What the field understood, as the operator types, before 'Guardar'.
    await dialog.getByText('$ 169.178,46', { exact: true }).waitFor();
    const puts = async () =>
      (await stubWrites(suite.stack, 'distribuciones')).filter(
        (w) => w.method === 'PUT' && w.path.endsWith('/9300003-1'),
      );
    const sent = (await puts()).length;
    await saveDestination(dialog);
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Distribución actualizada').first().waitFor();
    expect((await puts()).slice(sent)).toMatchObject([{ body: { amount: 169178.46 } }]);
    expect((await stubDistributionDetail(suite.stack, '9300003', '9300003-1')).amount).toBe(169178.46);
    await closeDetail();
  });

  it("'Modificar destino' refuses letters in the CBU and confirms what it sends as typed: '26.717,23' in its summary, exactly that in the PUT", async () => {
    await openDetail('9300003');
    await detailDialog().getByTestId('detail-9300003-1').getByRole('button', { name: 'Modificar' }).click();
    const dialog = page.getByTestId('edit-destination-dialog');
    await dialog.getByLabel('Formato').click();
    await page.getByRole('option', { name: 'CBU' }).click();
    const cbu = dialog.getByRole('textbox', { name: 'CBU' });
    await cbu.fill('12ab34');
    expect(await cbu.inputValue()).toBe('1234');
    await cbu.fill(CBU);
    await dialog.getByLabel('CUIT').fill(CUIT);
    await dialog.getByRole('textbox', { name: 'Importe' }).fill('26.717,23');
    const summary = dialog.getByRole('region', { name: 'Se enviará' });
    const line = (label: string) =>
      summary.locator(`dd[data-label="${label}"]`).evaluate((dd) => dd.textContent!.replace(/\s/g, ' '));
    await expect.poll(() => line('Importe')).toBe('$ 26.717,23');
    expect(await line('CBU')).toBe(CBU);
    expect(await line('CUIT')).toBe(CUIT);
    const sent = (await stubWrites(suite.stack, 'distribuciones')).length;
    await saveDestination(dialog);
    await dialog.waitFor({ state: 'detached' });
    const writes = (await stubWrites(suite.stack, 'distribuciones')).slice(sent);
    expect(writes).toMatchObject([{ method: 'PUT', body: { amount: 26717.23 } }]);
    expect(await stubDistributionDetail(suite.stack, '9300003', '9300003-1')).toMatchObject({
      amount: 26717.23,
      destination: { type: 'cbu', value: CBU, cuit: CUIT },
    });
    await closeDetail();
  });

  it("forces a detail to success with 'Forzar' (DISTRIBUTION_FORCE) after a confirmation, with its audit line", async () => {
    await openDetail('9300012');
    const row = detailDialog().getByTestId('detail-9300012-1');
    const before = (await stubDistributionDetail(suite.stack, '9300012', '9300012-1')).status;
    await row.getByRole('button', { name: 'Modificar' }).click();
    const dialog = page.getByTestId('edit-destination-dialog');
    const confirm = page.getByTestId('force-distribution-dialog');
    // 'Forzar' asks first; 'Cancelar' sends nothing and leaves the edit dialog open.
    await dialog.getByRole('button', { name: 'Forzar' }).click();
    await confirm.getByText('El detalle 9300012-1 de la distribución 9300012 quedará como pagado').waitFor();
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([]);
    await screenshot(page, 'distributions-force-confirm');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await dialog.isVisible()).toBe(true);
    const puts = async () =>
      (await stubWrites(suite.stack, 'distribuciones')).filter((w) => w.path.endsWith('/9300012-1'));
    expect(await puts()).toEqual([]);
    expect((await stubDistributionDetail(suite.stack, '9300012', '9300012-1')).status).toBe(before);
    await dialog.getByRole('button', { name: 'Forzar' }).click();
    await confirm.getByRole('button', { name: 'Forzar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('Distribución actualizada').first().waitFor();
    expect(await puts()).toMatchObject([{ method: 'PUT', body: { status: 'success' } }]);
    const forced = await stubDistributionDetail(suite.stack, '9300012', '9300012-1');
    expect(forced).toMatchObject({ status: 'success', forced_success: { user: 'tesoreria' } });
    await row.getByText('Aprobado').waitFor();
    // The same on-screen audit line as an edited destination: who and when.
    await row
      .getByTestId('forced-success')
      .getByText(/^Forzado como pagado por tesoreria el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/)
      .waitFor();
    await screenshot(page, 'distributions-forced-audit-line');
    await closeDetail();
  });

  it("sends a receipt of a paid detail ('Campo requerido', 'Email inválido', 'Comprobante enviado!')", async () => {
    await openDetail('9300004');
    const row = detailDialog().locator('[data-testid^="detail-9300004-"]').first();
    await row.getByRole('button', { name: 'Enviar comprobante' }).click();
    const dialog = page.getByTestId('send-receipt-dialog');
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await dialog.getByText('Campo requerido').waitFor();
    await dialog.getByLabel('Email').fill('tesoreria@');
    await dialog.getByText('Email inválido').waitFor();
    await dialog.getByLabel('Email').fill('tesoreria@example.com');
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await page.getByText('Comprobante enviado!').waitFor();
    const detailId = (await row.getAttribute('data-testid'))!.replace('detail-', '');
    const detail = await stubDistributionDetail(suite.stack, '9300004', detailId);
    expect(detail.vouchers.map((v) => v.email)).toEqual(['tesoreria@example.com']);
    await closeDetail();
  });

  it("exports the report as XLSX in the screen's formats and reads it back", async () => {
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await gridSettled(page, GRID, EMPTY);
    await page.getByRole('button', { name: 'Reporte' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'XLSX' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^distribuciones-\d{4}-\d{2}-01-a-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.getWorksheet('Distribuciones')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header).toContain('ID de pago');
    const rows: Record<string, unknown>[] = [];
    sheet.eachRow((r, n) => {
      if (n > 1) rows.push(Object.fromEntries(header.map((h, i) => [h, r.getCell(i + 1).value])));
    });
    const ids = new Set(rows.map((r) => String(r.ID)));
    expect(ids.has('9300001')).toBe(true);
    expect(ids.has('9300010')).toBe(false); // scheduled: not in the Distribuciones view
    // As the screen writes them: Spanish statuses, Argentine dd/MM/yyyy HH:mm:ss, amounts as numbers.
    const shownStatuses = new Set(['Pendiente', 'Error', 'En proceso', 'Rechazado', 'Aprobado']);
    expect(rows.some((r) => shownStatuses.has(String(r.Estado)))).toBe(true);
    expect(rows.filter((r) => /^[a-z_]+$/.test(String(r.Estado)))).toEqual([]);
    expect(
      rows.filter((r) => !/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/.test(String(r['Fecha de solicitud']))),
    ).toEqual([]);
    expect(rows.filter((r) => typeof r.Importe !== 'number')).toEqual([]);
  });

  it("exports the Error tab's CSV for a Spanish spreadsheet, named after its filter", async () => {
    await page.getByRole('tab', { name: 'Error' }).click();
    await page.waitForURL((url) => url.searchParams.get('estado') === 'error');
    await gridSettled(page, GRID, EMPTY);
    await page.getByRole('button', { name: 'Reporte' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV' }).click(),
    ]);
    const url = new URL(page.url());
    expect(download.suggestedFilename()).toBe(
      `distribuciones-error-${url.searchParams.get('desde')}-a-${url.searchParams.get('hasta')}.csv`,
    );
    const bytes = await readFile((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // BOM: a spreadsheet reads the accents
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"ID";"ID de pago";"Fecha de solicitud";"ID entidad";"Entidad";"Estado";"Importe total";"Detalle";' +
        '"Estado del detalle";"Tipo de destino";"Destino";"CUIT";"Importe"',
    );
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines.slice(1)) {
      const fields = line.split(';');
      expect(fields[5]).toBe('"Error"');
      expect(fields[2]).toMatch(/^"\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}"$/);
      expect(fields[6]).toMatch(/^\d+,\d{2}$/);
    }
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await gridSettled(page, GRID, EMPTY);
  });
});

describe('Distribuciones as consulta', () => {
  it("shows 'No tiene permisos'", async () => {
    await suite.withSignedIn('consulta', '/distribucion', async (other) => {
      await other.page.getByText('No tiene permisos').first().waitFor();
      expect(await other.page.getByRole('grid').count()).toBe(0);
      expect(await seriousA11yViolations(other.page)).toEqual([]);
    });
  });
});
