// The web app: production bundle sizes (from apps/web/dist) and, in headless Chromium, the time from
// navigation to the first row of Buscar Pagos (/pagos) on screen after signing in.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const WEB_DIST = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
const KIB = 1024;

const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;

/** Static imports (`import ... from "./x.js"`, `import "./x.js"`) and dynamic imports of a chunk's code. */
function importsOf(code) {
  const statics = new Set();
  const dynamics = new Set();
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w$\s{},*]*?\bfrom\s*)?["']\.\/([\w.-]+\.js)["']/g))
    statics.add(m[1]);
  for (const m of code.matchAll(/\bimport\(\s*["']\.\/([\w.-]+\.js)["']\s*\)/g)) dynamics.add(m[1]);
  return { statics, dynamics };
}

/**
 * Chunk graph of the production build. `entry`: the chunk index.html runs plus its static imports and
 * modulepreloads (the literal "entry and its static imports"). `initial`: that plus whatever the entry
 * imports dynamically at start-up (main.tsx starts loading the app shell while keycloak-js checks the
 * session), i.e. the JS every visit downloads before any screen. Every other chunk is lazy.
 */
export function analyzeBundle(dist = WEB_DIST) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const attr = (tag, name) => new RegExp(`\\b${name}=["']([^"']+)["']`).exec(tag)?.[1];
  const fromHtml = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attr(tag, 'src');
    if (src && /type=["']module["']/.test(tag)) fromHtml.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    if (/rel=["']modulepreload["']/.test(tag)) fromHtml.push(attr(tag, 'href'));
  }
  const cssFromHtml = [...html.matchAll(/<link\b[^>]*rel=["']stylesheet["'][^>]*>/g)]
    .map(([tag]) => attr(tag, 'href'))
    .filter((href) => href?.startsWith('/assets/'));
  const assetsDir = join(dist, 'assets');
  const files = readdirSync(assetsDir).filter((f) => f.endsWith('.js') || f.endsWith('.css'));
  const chunks = new Map();
  for (const file of files) {
    const buffer = readFileSync(join(assetsDir, file));
    const { statics, dynamics } = file.endsWith('.js')
      ? importsOf(buffer.toString('utf8'))
      : { statics: new Set(), dynamics: new Set() };
    chunks.set(file, {
      file,
      bytes: statSync(join(assetsDir, file)).size,
      gzip: gzipSize(buffer),
      statics,
      dynamics,
    });
  }
  const closure = (roots) => {
    const seen = new Set();
    const stack = [...roots];
    while (stack.length) {
      const file = stack.pop();
      if (seen.has(file) || !chunks.has(file)) continue;
      seen.add(file);
      stack.push(...chunks.get(file).statics);
    }
    return seen;
  };
  const entryRoots = [...fromHtml, ...cssFromHtml]
    .filter(Boolean)
    .map((src) => src.replace(/^\/assets\//, ''));
  const entry = closure(entryRoots);
  const bootDynamic = [...entry].flatMap((file) => [...chunks.get(file).dynamics]);
  const initial = closure([...entry, ...bootDynamic]);
  const sum = (set, key) => [...set].reduce((total, file) => total + chunks.get(file)[key], 0);
  const lazy = [...chunks.values()]
    .filter((c) => !initial.has(c.file) && c.file.endsWith('.js'))
    .sort((a, b) => b.gzip - a.gzip)
    .map((c) => ({ file: c.file, kib: c.bytes / KIB, gzipKib: c.gzip / KIB }));
  // What a route needs beyond the initial JS: the closure of the lazy chunk(s) whose name starts with `name`.
  const routeGzipKib = (prefix) => {
    const roots = [...chunks.keys()].filter((f) => f.startsWith(prefix) && f.endsWith('.js'));
    const all = closure([...initial, ...roots]);
    return sum(all, 'gzip') / KIB;
  };
  return {
    entryFiles: [...entry],
    initialFiles: [...initial],
    entryGzipKib: sum(entry, 'gzip') / KIB,
    initialGzipKib: sum(initial, 'gzip') / KIB,
    initialKib: sum(initial, 'bytes') / KIB,
    lazy,
    routeGzipKib,
  };
}

/** Records (in the page) when the first row of the Pagos grid is in the DOM and visible. */
const ROW_WATCH = () => {
  const find = () => {
    const row = document.querySelector('[role="grid"][aria-label="Pagos"] .MuiDataGrid-row');
    if (!row) return false;
    const box = row.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const observer = new window.MutationObserver(() => {
    if (window.__benchRowsAt === undefined && find()) {
      window.__benchRowsAt = window.performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
};

/**
 * Starts the whole stack (scripts/stack.mjs), signs in once through the emulator's login page, then opens
 * /pagos `runs` times, each time measuring from navigation start to the first data row on screen.
 */
export async function measureListVisible({ latencyMs, runs = 5, log = () => {} }) {
  const { startStack } = await import('../../scripts/stack.mjs');
  const { chromium } = await import('playwright-core');
  const stack = await startStack({ keyFile: null, stubLatencyMs: latencyMs, gatewayLogLevel: 'warn' });
  let browser;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const context = await browser.newContext({ locale: 'es-AR', viewport: { width: 1440, height: 900 } });
    await context.addInitScript(ROW_WATCH);
    const page = await context.newPage();
    const rows = page.locator('[role="grid"][aria-label="Pagos"] .MuiDataGrid-row').first();
    const signInStarted = performance.now();
    await page.goto(`${stack.urls.web}/pagos`);
    await page.locator('#username').waitFor({ state: 'visible' });
    await page.fill('#username', 'admin');
    await page.fill('#password', 'admin');
    await page.click('#kc-login');
    await rows.waitFor({ state: 'visible', timeout: 30_000 });
    const firstMs = performance.now() - signInStarted;
    log(`  web: signed in, first /pagos with rows after ${firstMs.toFixed(0)} ms (login included)`);

    const times = [];
    const perRun = [];
    for (let i = 0; i < runs; i++) {
      const js = { count: 0, bytes: 0 };
      const graphql = [];
      const onResponse = async (response) => {
        const url = response.url();
        if (url.endsWith('.js') && url.startsWith(stack.urls.web)) {
          js.count += 1;
          js.bytes += Number(response.headers()['content-length'] ?? 0);
        }
      };
      const onRequest = (request) => {
        if (request.url().startsWith(stack.urls.gateway)) {
          try {
            graphql.push(JSON.parse(request.postData() ?? '{}').operationName ?? '?');
          } catch {
            graphql.push('?');
          }
        }
      };
      page.on('response', onResponse);
      page.on('request', onRequest);
      await page.goto(`${stack.urls.web}/pagos`, { waitUntil: 'commit' });
      await rows.waitFor({ state: 'visible', timeout: 30_000 });
      await page.waitForFunction(() => window.__benchRowsAt !== undefined, undefined, { timeout: 10_000 });
      const ms = await page.evaluate(() => window.__benchRowsAt);
      // Where the time goes: when the screen's chunk was asked for, and the last GraphQL request before the rows.
      const phases = await page.evaluate((rowsAt) => {
        const entries = window.performance.getEntriesByType('resource');
        const chunk = entries.find((e) => /\/assets\/payments-search-screen-/.test(e.name));
        const queries = entries.filter((e) => /\/graphql$/.test(e.name) && e.startTime < rowsAt);
        const last = queries.at(-1);
        return {
          screenChunkAt: chunk ? chunk.startTime : null,
          listQueryStart: last ? last.startTime : null,
          listQueryEnd: last ? last.responseEnd : null,
        };
      }, ms);
      page.off('response', onResponse);
      page.off('request', onRequest);
      times.push(ms);
      perRun.push({
        ms,
        ...phases,
        jsRequests: js.count,
        graphqlOperations: graphql.filter((op) => op !== '?'),
      });
    }
    return { times, perRun, firstWithLoginMs: firstMs };
  } finally {
    await browser?.close().catch(() => {});
    await stack.close();
  }
}
