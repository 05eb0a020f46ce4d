import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { networkSettled, reopenInApp, screenshot, transitionsDone } from './support/browser';
import { useBrowserStack } from './support/suite';
import { openList, rowById, settled } from './support/payments-list';
import { metadataKeyLabel } from '../src/features/payments/detail/labels';

/**
 * Upstream strings are data, never markup: the stubs' XSS fixtures (docs/upstream-contract.md §7, "XSS
 * fixtures": payments 1000090–1000097 of collector 10099 and their notifications) carry a payload in every
 * string the screens show. As admin (who sees every section), every screen that shows them is visited and
 * must render each payload as literal text: nothing runs (`window.__xss` stays undefined, no alert), no
 * element gets an event-handler attribute or a javascript:/data:text/html URL, and the browser reports no
 * CSP violation and no console error.
 */

// The test walks arbitrary stub payloads (every string field may hold a payload), so they are read loosely.
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const XSS_COLLECTOR_ID = '10099';
const XSS_PAYER_SEARCH = 'Pagador XSS';
const XSS_COLLECTOR_SEARCH = 'Entidad XSS';

/** Classic vectors the seeded corpus must contain (checked against the stubs' data before the browser runs). */
const VECTORS: readonly [string, (text: string) => boolean][] = [
  ['<script> element', (t) => t.includes('<script>window.__xss=1</script>')],
  ['<img onerror>', (t) => /<img[^>]+onerror=/i.test(t)],
  ['<svg onload>', (t) => /<svg[^>]*onload=/i.test(t)],
  ['javascript: URL', (t) => t.startsWith('javascript:')],
  ['javascript: URL, mixed case after whitespace', (t) => /^\s+JaVaScRiPt:/.test(t)],
  ['entity-encoded javascript: URL', (t) => t.startsWith('&#106;avascript:')],
  ['data:text/html URL', (t) => t.startsWith('data:text/html')],
  ['attribute breakout into <iframe srcdoc>', (t) => t.startsWith('"><iframe srcdoc=')],
  ['template injection {{constructor.constructor}}', (t) => t.includes("{{constructor.constructor('")],
  ['template literals ${} #{} <%= %>', (t) => t.includes('${window.__xss=1}')],
  ['<a href="javascript:">', (t) => t.includes('<a href="javascript:')],
  ['RTL override', (t) => t.includes('\u202E')],
  ['very long string (> 4,000 characters)', (t) => t.length > 4000],
  ['URL-encoded <script>', (t) => t.startsWith('%3Cscript%3E')],
  ['style url(javascript:) and expression()', (t) => t.includes('expression(')],
  ['mXSS <math><mtext><table><mglyph><style>', (t) => t.startsWith('<math><mtext><table><mglyph><style>')],
  ['script-context breakout', (t) => t.startsWith("';window.__xss=1;//</script>")],
  ['<details ontoggle>', (t) => t.includes('ontoggle=')],
  ['<input autofocus onfocus>', (t) => t.includes('autofocus onfocus=')],
  ['HTML entities', (t) => t.startsWith('&lt;script&gt;')],
  ['<object data=javascript:>', (t) => t.startsWith('<object data=')],
  ['<meta http-equiv=refresh>', (t) => t.includes('http-equiv="refresh"')],
  ['<noscript> title breakout', (t) => t.startsWith('<noscript>')],
  ['<button formaction>', (t) => t.includes('formaction=')],
  ['<animate onbegin>', (t) => t.includes('onbegin=')],
  ['alert(document.domain)', (t) => t.includes('alert(document.domain)')],
  ['fullwidth ＜script＞', (t) => t.includes('＜script＞')],
  ['zero-width split <scr​ipt>', (t) => t.includes('<scr\u200Bipt>')],
  ['<iframe src=javascript:>', (t) => t.startsWith('<iframe src="javascript:')],
  ['<base href=javascript:>', (t) => t.startsWith('<base href=')],
  ['<style>@import / <link href=javascript:>', (t) => t.startsWith('<style>@import')],
];

const suite = useBrowserStack({
  role: 'admin',
  prepare: ({ page }) => {
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
  },
});
let page: Page;
/** Messages of alert/confirm/prompt dialogs the page opened (each is dismissed). */
const dialogs: string[] = [];
const screens: string[] = [];
let fieldsChecked = 0;
let payloadCount = 0;
/** How many of the harness's problems earlier screens already reported. */
let problemsSeen = 0;

// Upstream data, read straight from the stubs.
let payments: Json[] = [];
let collector: Json;
const holders = new Map<string, Json[]>();
const notifications = new Map<string, Json>();

async function stubs(path: string): Promise<Json> {
  const res = await fetch(`${suite.stack.urls.stubs}${path}`);
  if (!res.ok) throw new Error(`GET ${path} respondió ${res.status}`);
  return (await res.json()) as Json;
}

const payment = (id: string): Json => {
  const found = payments.find((p) => p.id === id);
  if (!found) throw new Error(`XSS payment ${id} missing`);
  return found;
};

/** Every string of a JSON value, object keys included. */
function stringsOf(value: unknown, into: string[] = []): string[] {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) value.forEach((item) => stringsOf(item, into));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      into.push(key);
      stringsOf(item, into);
    }
  }
  return into;
}

/** The month (YYYY-MM) of Buscar Pagos that holds a request date (seeded at 13:00 UTC: same day everywhere). */
const periodOf = (isoDate: string): string => isoDate.slice(0, 7);

/**
 * Asserts the locator shows this exact upstream text (as text: textContent holds it verbatim). One poll, no
 * separate wait for the element (an absent one has no text to hold it): the file checks about 470 fields, and
 * each extra round trip to the browser cost about 0.3 s on the loaded machine. Its limit is the element's
 * (Playwright's 30 s), since the field may be the first thing the step waits for.
 */
async function expectLiteral(locator: Locator, text: string, what: string): Promise<void> {
  await expect
    .poll(async () => (await locator.allTextContents()).some((content) => content.includes(text)), {
      message: `${what}: ${JSON.stringify(text.slice(0, 80))}`,
      timeout: 30_000,
    })
    .toBe(true);
  fieldsChecked++;
}

interface DomState {
  xss: unknown;
  jsLinks: number;
  handlerAttributes: string[];
  dangerousUrls: string[];
  srcdocs: number;
  scriptsWithPayload: number;
}

/**
 * The checks every screen must pass: nothing ran, nothing in the DOM can run, no alert, no CSP violation,
 * no console error. Waits first until an injected onerror/onload/autofocus would have fired.
 */
async function expectNoExecution(name: string): Promise<void> {
  screens.push(name);
  await networkSettled(page);
  // Every image has loaded or failed (its load/error event is queued by then), and two frames later the
  // queued events, autofocus and transition ends have run.
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  await transitionsDone(page);
  const state = await domState(page);
  expect(state, name).toEqual({
    xss: undefined,
    jsLinks: 0,
    handlerAttributes: [],
    dangerousUrls: [],
    srcdocs: 0,
    scriptsWithPayload: 0,
  });
  expect(dialogs, `${name}: alert/confirm/prompt`).toEqual([]);
  const problems = suite.session.problems.slice(problemsSeen);
  problemsSeen = suite.session.problems.length;
  expect(problems, `${name}: console errors and CSP violations`).toEqual([]);
}

/** What could run on the page: `window.__xss`, javascript: links, handler attributes, dangerous URLs. */
function domState(target: Page): Promise<DomState> {
  return target.evaluate((): DomState => {
    const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'poster']);
    const elements = [...document.querySelectorAll('*')];
    const handlerAttributes: string[] = [];
    const dangerousUrls: string[] = [];
    for (const element of elements) {
      for (const attribute of element.attributes) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith('on')) handlerAttributes.push(`${element.tagName}[${name}]`);
        if (URL_ATTRIBUTES.has(name)) {
          // What a browser would resolve: control characters and whitespace are ignored in the scheme.
          // eslint-disable-next-line no-control-regex
          const url = attribute.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
          if (/^(javascript|vbscript):|^data:text\/html/.test(url))
            dangerousUrls.push(`${element.tagName}[${name}=${attribute.value.slice(0, 60)}]`);
        }
      }
    }
    return {
      xss: (window as unknown as { __xss?: unknown }).__xss,
      jsLinks: document.querySelectorAll('a[href^="javascript:" i]').length,
      handlerAttributes,
      dangerousUrls,
      srcdocs: document.querySelectorAll('[srcdoc]').length,
      scriptsWithPayload: [...document.scripts].filter((s) => (s.textContent ?? '').includes('__xss')).length,
    };
  });
}

/** A payment's detail, reached inside the app (payloads render the same as after a page load, without the boot). */
async function openPayment(id: string): Promise<Locator> {
  await reopenInApp(page, `/pago/${id}`);
  const detail = page.locator(`[data-testid="payment-detail"][data-payment-id="${id}"]`);
  await detail.waitFor();
  await page.getByTestId('section-extra').waitFor();
  return detail;
}

const action = (kind: string) => page.locator(`[data-action="${kind}"]`);

/** Opens a toolbar action's dialog, runs `check` on it, and closes it with Escape. */
async function withDialog(kind: string, testId: string, check: (dialog: Locator) => Promise<void>) {
  await action(kind).click();
  const dialog = page.getByTestId(testId);
  await dialog.waitFor();
  await transitionsDone(page); // the opening transition
  await check(dialog);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

beforeAll(async () => {
  page = suite.page;
  const list = await stubs(
    `/payment/pagos?limit=100&sorts=id:asc&filters=${encodeURIComponent(
      JSON.stringify([{ field: 'collector_id', operation: 'EQUAL', value: XSS_COLLECTOR_ID }]),
    )}`,
  );
  payments = list.rows as Json[];
  collector = await stubs(`/collector/comercios/${XSS_COLLECTOR_ID}`);
  for (const p of payments) {
    holders.set(p.id, (await stubs(`/payment/pagos/${p.id}/titulares`)) as unknown as Json[]);
    for (const n of p.notifications as Json[])
      notifications.set(n.id, await stubs(`/notification/notificaciones/${n.id}`));
  }
});

describe('the checks themselves', () => {
  it('catch a payload that is parsed as markup, and the CSP blocks and reports an injected script', async () => {
    // Markup parsed without the app's CSP: every detector fires.
    const bare = await suite.browser.newPage();
    const alerts: string[] = [];
    bare.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await bare.setContent(
      '<img src=x onerror="window.__xss=1"><a href=" JaVaScRiPt:void(0)">a</a><iframe srcdoc="x"></iframe>' +
        '<img src=y onerror="alert(1)">',
    );
    await bare.waitForFunction(() => (window as unknown as { __xss?: unknown }).__xss === 1);
    await expect.poll(() => alerts.length).toBe(1);
    const state = await domState(bare);
    expect(state.handlerAttributes).toEqual(['IMG[onerror]', 'IMG[onerror]']);
    expect(state.dangerousUrls).toHaveLength(1);
    expect(state.srcdocs).toBe(1);
    await bare.close();

    // The app's CSP: an inline script injected into the page does not run and the harness reports it.
    const other = await suite.signedIn('admin', '/home');
    try {
      await other.page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__xss=1';
        document.body.append(script);
      });
      await expect.poll(() => other.problems.some((p) => p.includes('CSP violation'))).toBe(true);
      expect((await domState(other.page)).xss).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});

/**
 * Tests here sweep the whole corpus (the detail of 8 payments, 16 notifications): 25-35 s alone at load 13, past
 * 90 s beside another worker at load 25-30 on the shared 2-core machine; beyond the project's ceiling per test.
 */
const CORPUS_SWEEP_MS = 240_000;

describe('XSS corpus in upstream strings, as admin', { timeout: CORPUS_SWEEP_MS }, () => {
  it('the stubs seed the corpus into every string the screens show', () => {
    expect(payments.map((p) => p.id)).toEqual([
      '1000090',
      '1000091',
      '1000092',
      '1000093',
      '1000094',
      '1000095',
      '1000096',
      '1000097',
    ]);
    const seeded = new Set(
      stringsOf([payments, collector, [...holders.values()], [...notifications.values()]]),
    );
    const missing = VECTORS.filter(([, present]) => ![...seeded].some(present)).map(([name]) => name);
    expect(missing).toEqual([]);
    const payloads = [...seeded].filter((text) =>
      /__xss|alert\(|javascript:|data:text\/html|<[a-z]/i.test(text),
    );
    expect(payloads.length).toBeGreaterThanOrEqual(20);
    payloadCount = payloads.length;
    // Every kind of upstream string the screens show carries one.
    const p = payment('1000090');
    for (const text of [
      p.payer.name,
      p.payer.email,
      p.details[0].concept_description,
      p.details[0].external_reference,
      p.status_detail,
      p.payment_methods[0].media_payment_detail,
      p.notification_url,
      p.back_url,
      p.source.name,
      collector.name,
      holders.get('1000090')?.[0]?.holder_name,
      p.collector_notifications[0].response,
      p.collector_notifications[0].original_request,
      payment('1000091').refunds[0].reason,
      notifications.get(p.notifications[0].id)?.subject,
      Object.keys(p.metadata)[0],
    ]) {
      expect(payloads, String(text)).toContain(text);
    }
    console.log(
      `XSS corpus: ${VECTORS.length} vector kinds, ${payloads.length} distinct payload strings in ` +
        `${payments.length} payments, 1 collector, ${notifications.size} notifications`,
    );
  });

  it('Buscar Pagos by payer name, by payer e-mail and by collector shows them as text', async () => {
    const periods = [...new Set(payments.map((p) => periodOf(p.request_date)))].sort();
    for (const period of periods) {
      await openList(page, suite.stack.urls.web, { search: XSS_PAYER_SEARCH, period });
      const inPeriod = payments.filter((p) => periodOf(p.request_date) === period);
      for (const p of inPeriod) {
        const row = rowById(page, p.id);
        await expectLiteral(row.locator('[data-field="payerName"]'), p.payer.name, 'list payer');
        await expectLiteral(
          row.locator('[data-field="conceptDescription"]'),
          p.details[0].concept_description,
          'list concept',
        );
        await expectLiteral(
          row.locator('[data-field="conceptId"]'),
          p.details[0].concept_id,
          'list concept id',
        );
      }
      await expectNoExecution(`/pagos?search=${XSS_PAYER_SEARCH}&period=${period}`);
    }
    await screenshot(page, 'xss-payments-list');

    // The e-mail search, typed in the search box (an EQUAL on payer.email).
    const first = payment('1000090');
    await openList(page, suite.stack.urls.web, { period: periodOf(first.request_date) });
    const box = page.getByRole('textbox', { name: /Buscar por e-mail del pagador/ });
    await box.fill(first.payer.email);
    await box.press('Enter');
    await page.waitForFunction(
      (id) =>
        [...document.querySelectorAll('[role="grid"][aria-label="Pagos"] .MuiDataGrid-row')]
          .map((row) => row.getAttribute('data-id'))
          .join() === id,
      first.id,
    );
    await expectLiteral(
      rowById(page, first.id).locator('[data-field="payerName"]'),
      first.payer.name,
      'payer',
    );
    await expect(box.inputValue()).resolves.toBe(first.payer.email);
    fieldsChecked++;
    await expectNoExecution('/pagos?search=<payer e-mail>');

    // The collector: its name comes from the gateway, and a link may carry a name of its own (reflected).
    const reflected = '<img src=x onerror=window.__xss=1>javascript:window.__xss=1';
    await openList(page, suite.stack.urls.web, {
      collector_id: XSS_COLLECTOR_ID,
      collector_name: reflected,
      period: periodOf(first.request_date),
    });
    const picker = page.getByRole('combobox', { name: 'Entidad' });
    expect([reflected, collector.name]).toContain(await picker.inputValue());
    fieldsChecked++;
    await expectLiteral(
      rowById(page, first.id).locator('[data-field="payerName"]'),
      first.payer.name,
      'payer',
    );
    await expectNoExecution('/pagos?collector_id=10099&collector_name=<payload>');

    await openList(page, suite.stack.urls.web, {
      collector_id: XSS_COLLECTOR_ID,
      period: periodOf(first.request_date),
    });
    await expect.poll(() => picker.inputValue()).toBe(collector.name);
    fieldsChecked++;
    await picker.click();
    await picker.fill(XSS_COLLECTOR_SEARCH);
    const option = page.getByRole('option').filter({ hasText: `ID ${XSS_COLLECTOR_ID}` });
    await expectLiteral(option, collector.name, 'collector option');
    await screenshot(page, 'xss-collector-picker');
    await expectNoExecution('/pagos collector picker');
    await page.keyboard.press('Escape');

    // The bulk confirmation lists payer and concept of the selection (objected: Cancelar objeción).
    const objected = payment('1000094');
    await openList(page, suite.stack.urls.web, {
      search: XSS_PAYER_SEARCH,
      period: periodOf(objected.request_date),
    });
    await settled(page);
    await rowById(page, objected.id).getByRole('checkbox').first().check();
    await page
      .getByTestId('bulk-actions')
      .getByRole('button', { name: 'Cancelar objeción', exact: true })
      .click();
    const confirm = page.getByTestId('bulk-confirm-dialog');
    await confirm.waitFor();
    await expectLiteral(confirm.locator('tbody'), objected.details[0].concept_description, 'bulk concept');
    await screenshot(page, 'xss-bulk-confirm');
    await expectNoExecution('/pagos bulk confirmation');
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
  });

  it('payment detail: every section shows the payloads as text, links stay inside the app', async () => {
    for (const p of payments) {
      const detail = await openPayment(p.id);
      const section = (id: string) => detail.getByTestId(id);

      await expectLiteral(page.getByTestId('payment-status-detail'), p.status_detail, 'status detail');
      await expectLiteral(page.getByTestId('collector-link'), collector.name, 'collector link');
      await expectLiteral(section('section-payer'), p.payer.name, 'payer name');
      await expectLiteral(section('section-payer'), p.payer.email, 'payer e-mail');
      await expectLiteral(section('section-payer'), p.payer.identification.country, 'payer country');
      await expectLiteral(section('section-collector'), collector.name, 'collector name');
      await expectLiteral(section('section-collector'), collector.checkout_version, 'checkout version');
      for (const line of p.details) {
        await expectLiteral(section('section-data'), line.concept_id, 'concept id');
        await expectLiteral(section('section-data'), line.concept_description, 'concept description');
        await expectLiteral(section('section-data'), line.external_reference, 'external reference');
      }
      await expectLiteral(section('section-data'), p.notification_url, 'notification URL');
      await expectLiteral(section('section-data'), p.back_url, 'back URL');
      for (const [index, method] of (p.payment_methods as Json[]).entries()) {
        await expectLiteral(section('section-methods'), method.media_payment_detail, 'method detail');
        await expectLiteral(section('section-methods'), method.gateway.status_detail, 'gateway detail');
        await expectLiteral(section('section-methods'), method.gateway.ppt_owner, 'processor');
        await expectLiteral(section('section-methods'), method.promotion_id, 'promotion');
        if (method.first_six_digits) {
          const holder = holders.get(p.id)?.[index]?.holder_name as string;
          await expectLiteral(section('section-methods').getByTestId('method-holder'), holder, 'holder');
        }
      }
      for (const fee of p.fee_details as Json[])
        await expectLiteral(section('section-fees'), fee.description, 'fee description');
      for (const refund of p.refunds as Json[]) {
        await expectLiteral(section('section-refunds'), refund.reason, 'refund reason');
        await expectLiteral(section('section-refunds'), refund.status_detail, 'refund status detail');
      }
      for (const [key, value] of Object.entries(p.metadata as Json)) {
        if (key === 'subscription_request') continue;
        // A known key reads as its Spanish label (the raw key in a tooltip); any other key as it is.
        await expectLiteral(section('section-metadata'), metadataKeyLabel(key), 'metadata key');
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        await expectLiteral(section('section-metadata'), text, 'metadata value');
      }
      const failedRequest = (p.metadata.subscription_request as Json[]).find((r) => r.status_code === 418);
      await expectLiteral(
        section('section-metadata'),
        failedRequest!.message,
        'subscription request message',
      );
      for (const n of p.notifications as Json[]) {
        if (n.type !== 'email')
          await expectLiteral(section('payer-notifications'), n.type, 'notification type');
        if (!n.action.startsWith('payment_'))
          await expectLiteral(section('payer-notifications'), n.action, 'notification action');
      }
      const webhooks = section('collector-notifications');
      for (const item of p.collector_notifications as Json[]) {
        await expectLiteral(webhooks, item.url, 'webhook URL');
        await expectLiteral(webhooks, item.status_detail, 'webhook status detail');
      }
      // Expanded rows: the request and the response as sent (JSON pretty-printed).
      const toggles = webhooks.getByRole('button', { name: 'Ver detalle' });
      for (let i = (await toggles.count()) - 1; i >= 0; i--) await toggles.nth(i).click();
      const pretty = (text: string) => {
        try {
          return JSON.stringify(JSON.parse(text), null, 2);
        } catch {
          return text;
        }
      };
      for (const item of p.collector_notifications as Json[]) {
        await expectLiteral(webhooks.locator('pre'), pretty(item.response), 'webhook response');
        await expectLiteral(webhooks.locator('pre'), pretty(item.original_request), 'webhook request');
      }
      await expectLiteral(section('payment-source'), p.source.name, 'source name');
      await expectLiteral(section('payment-source'), p.source.type, 'source type');
      for (const related of p.relateds as Json[])
        await expectLiteral(section('section-related'), related.type, 'related type');
      // Links built from upstream ids stay relative paths of the app.
      const hrefs = await detail
        .locator('a[href]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      for (const href of hrefs) expect(href, `a link of /pago/${p.id}`).toMatch(/^(\/[^/]|https?:\/\/)/);
      await expectNoExecution(`/pago/${p.id}`);
      if (p.id === '1000090') await screenshot(page, 'xss-payment-detail', { fullPage: true });
    }
  });

  it('payment detail dialogs: history and comparison, holders, forward, notify, refund, retry, change method', async () => {
    const first = payment('1000090');
    await openPayment(first.id);
    await withDialog('SHOW_HOLDER', 'card-holders-dialog', async (dialog) => {
      await expectLiteral(dialog, holders.get(first.id)![0]!.holder_name, 'holder (dialog)');
    });
    await expectNoExecution('/pago/1000090 holders dialog');
    await withDialog('FORWARD_NOTIFICATION', 'forward-notification-dialog', async (dialog) => {
      await expectLiteral(dialog, first.notification_url, 'notification URL (dialog)');
      const last = first.collector_notifications.at(-1);
      await expectLiteral(dialog, `${last.status} · ${last.status_detail}`, 'last webhook (dialog)');
    });
    await expectNoExecution('/pago/1000090 forward dialog');
    await withDialog('REFUND', 'refund-dialog', async () => undefined);
    await expectNoExecution('/pago/1000090 refund dialog');

    // History of the refunded one (3 versions): compare the first and the last, every field shown.
    const refunded = payment('1000091');
    await openPayment(refunded.id);
    await action('HISTORY').click();
    const history = page.getByTestId('version-history-dialog');
    await expect.poll(() => history.locator('tbody tr').count()).toBe(3);
    await expectNoExecution('/pago/1000091 history dialog');
    await history.getByRole('checkbox', { name: 'Comparar versión 1' }).check();
    await history.getByRole('checkbox', { name: 'Comparar versión 3' }).check();
    await history.getByRole('button', { name: /Comparar/ }).click();
    const compare = page.getByTestId('version-compare-dialog');
    await compare.getByTestId('compare-summary').waitFor();
    const onlyChanges = compare.getByLabel('Solo campos modificados');
    if (await onlyChanges.isChecked()) await onlyChanges.uncheck();
    const table = compare.getByRole('table', { name: 'Comparación de versiones' });
    await expectLiteral(table, refunded.payer.name, 'payer (comparison)');
    await expectLiteral(table, refunded.details[0].concept_description, 'concept (comparison)');
    await expectLiteral(table, refunded.notification_url, 'notification URL (comparison)');
    await expectLiteral(table, refunded.refunds[0].reason, 'refund reason (comparison)');
    await screenshot(page, 'xss-version-compare');
    await expectNoExecution('/pago/1000091 version comparison');
    await compare.getByRole('button', { name: 'Volver al historial' }).click();
    // A previous version, shown in place.
    await history.locator('tbody tr[data-version="1"]').click();
    await page.getByTestId('old-version-banner').waitFor();
    await expectLiteral(page.getByTestId('section-payer'), refunded.payer.name, 'payer (version 1)');
    await expectNoExecution('/pago/1000091?version=1');

    const rejected = payment('1000093');
    await openPayment(rejected.id);
    await withDialog('RETRY', 'retry-decision-dialog', async () => undefined);
    await expectNoExecution('/pago/1000093 retry dialog');

    const issued = payment('1000095');
    await openPayment(issued.id);
    await withDialog('CHANGE_PAYMENT_METHOD', 'change-payment-method-dialog', async (dialog) => {
      const values = await dialog
        .locator('input')
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
      expect(values).toContain(issued.payer.name);
      fieldsChecked++;
    });
    await expectNoExecution('/pago/1000095 change method dialog');
    // Notify payer (an approved payment this old is past its due date: only the issued one may).
    await withDialog('NOTIFY_PAYER', 'send-notification-dialog', async (dialog) => {
      await expectLiteral(dialog, `${issued.payer.name} <${issued.payer.email}>`, 'payer (dialog)');
    });
    await expectNoExecution('/pago/1000095 notify dialog');
  });

  it('notification detail: subject, addressee, status detail and payload as text', async () => {
    for (const n of notifications.values()) {
      await reopenInApp(page, `/notificacion/${n.id}`);
      const detail = page.getByTestId('notification-detail');
      await detail.waitFor();
      await expectLiteral(detail, n.subject, 'subject');
      await expectLiteral(detail, `${n.payload.customer_name} <${n.to}>`, 'customer and addressee');
      await expectLiteral(page.getByTestId('notification-to'), n.to, 'addressee');
      await expectLiteral(detail, n.status_detail, 'status detail');
      await expectLiteral(
        page.getByTestId('notification-payload').locator('pre'),
        JSON.stringify(n.payload, null, 2),
        'payload',
      );
      if (!String(n.action).startsWith('payment_'))
        await expectLiteral(page.getByTestId('notification-action'), n.action, 'action');
      await expectNoExecution(`/notificacion/${n.id}`);
    }
    await screenshot(page, 'xss-notification');
  });

  it('home and profile stay clean after all of it; the figures', async () => {
    for (const path of ['/home', '/perfil']) {
      await page.goto(`${suite.stack.urls.web}${path}`);
      await page.getByTestId('signed-in-username').waitFor();
      await expectNoExecution(path);
    }
    const cspViolations = suite.session.problems.filter((p) => p.includes('CSP violation')).length;
    expect(cspViolations).toBe(0);
    expect(suite.session.problems).toEqual([]);
    console.log(
      `XSS browser run: ${VECTORS.length} vector kinds, ${payloadCount} payload strings, ` +
        `${screens.length} screens and dialogs visited, ` +
        `${fieldsChecked} fields checked literally, executions 0, alerts ${dialogs.length}, ` +
        `CSP violations ${cspViolations}, console errors ${suite.session.problems.length}`,
    );
  });
});
