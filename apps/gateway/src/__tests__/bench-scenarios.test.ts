import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { typeDefs } from '@backoffice/schema';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { useAreaStack } from './areas/stack.js';

/**
 * `npm run bench`'s scenario list (each feature's `bench.mjs`, read by bench/lib/areas.mjs; bench/lib/documents.mjs,
 * bench/lib/web.mjs) stays valid: every feature folder but payments and notifications gives its scenarios, every
 * document it sends is the web's own, valid against the schema as Apollo sends it, answers without errors with
 * the rows the scenario expects, and every first visit it sizes names a routed screen.
 */

interface AreaScenario {
  key: string;
  route: string;
  feature: string;
  operation: string;
  variables: Record<string, unknown>;
  inputIds: string[];
  rowsOf: (data: unknown) => unknown[];
  expectRows: number;
  storeOnly?: boolean;
}
interface BenchDocument {
  source: string;
  operationName: string | null;
  query: string;
  variables: Record<string, unknown>;
}
interface FirstVisit {
  route: string;
  key: string;
  src: string;
}

const benchLib = (file: string) => new URL(`../../../../bench/lib/${file}`, import.meta.url).href;
const areas = (await import(benchLib('areas.mjs'))) as {
  BENCH_FEATURES: string[];
  AREA_SCENARIOS: AreaScenario[];
  areaDocument: (scenario: AreaScenario) => BenchDocument;
  expectedRows: (scenario: AreaScenario, data: unknown) => number;
};
const documents = (await import(benchLib('documents.mjs'))) as {
  listDocument: () => BenchDocument;
  detailDocument: (id: string) => BenchDocument;
  withTypename: (query: string) => string;
};
const web = (await import(benchLib('web.mjs'))) as { WEB_FIRST_VISITS: FirstVisit[] };
const load = (await import(benchLib('load.mjs'))) as {
  summarize: (
    latencies: number[],
    durationMs: number,
  ) => { count: number; p50: number; p99: number; max: number; mean: number; rps: number };
};

const schema = buildSchema(typeDefs);
const scenarios = areas.AREA_SCENARIOS.map((scenario) => ({
  scenario,
  document: areas.areaDocument(scenario),
}));

describe('bench scenarios', () => {
  it('cover every area with a list scenario, and a detail scenario where the area has a detail, each key once', () => {
    const keys = scenarios.map(({ scenario }) => scenario.key);
    expect(new Set(keys).size).toBe(keys.length);
    // Payments (and the notification of a payment) are the bench's own `list` and `detail`.
    const areaFeatures = readdirSync(new URL('../../../web/src/features/', import.meta.url))
      .filter((feature) => !['payments', 'notifications'].includes(feature))
      .sort();
    // Each feature folder gives its own (apps/web/src/features/<feature>/bench.mjs); a folder without one fails here.
    expect(areas.BENCH_FEATURES, 'feature folders with a bench.mjs').toEqual(areaFeatures);
    expect([...new Set(scenarios.map(({ scenario }) => scenario.feature))].sort()).toEqual(areaFeatures);
    const withDetail = ['subscriptions', 'withdrawals', 'distributions', 'payers', 'payer_references'];
    const detailAreas = [...withDetail, 'collectors', 'imports', 'batches', 'afip', 'bins'];
    for (const area of detailAreas) expect(keys).toContain(`${area}_detail`);
    // Screens that are lists only (their rows' actions and dialogs read no detail operation).
    for (const area of ['transfers', 'exports', 'softprovider', 'service_payments']) {
      expect(keys).toContain(`${area}_list`);
      expect(keys).not.toContain(`${area}_detail`);
    }
  });

  it('name routes the web serves', () => {
    const routes = readFileSync(new URL('../../../web/src/app/routes.ts', import.meta.url), 'utf8');
    const paths = [...routes.matchAll(/path: '([^']+)'/g)].map(
      ([, path = '']) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`),
    );
    for (const { scenario } of scenarios) {
      expect(
        paths.some((path) => path.test(scenario.route)),
        `${scenario.key}: ${scenario.route}`,
      ).toBe(true);
    }
  });

  it.each(scenarios.map(({ scenario, document }) => [scenario.key, document] as const))(
    '%s sends a web document valid against the schema',
    (_key, document) => {
      expect(document.source).toMatch(/^apps\/web\/src\/features\/[\w-]+\/api\/[\w-]+\.graphql$/);
      expect(validate(schema, parse(documents.withTypename(document.query)))).toEqual([]);
    },
  );

  it('the payment list and detail documents are valid against the schema', () => {
    for (const document of [documents.listDocument(), documents.detailDocument('1000018')]) {
      expect(validate(schema, parse(documents.withTypename(document.query))), document.source).toEqual([]);
    }
  });

  it.each(web.WEB_FIRST_VISITS.map((visit) => [visit.route, visit] as const))(
    'the first visit to %s names the screen module the route loads',
    (route, visit) => {
      const webRoot = fileURLToPath(new URL('../../../web/', import.meta.url));
      expect(existsSync(webRoot + visit.src)).toBe(true);
      const routes = readFileSync(`${webRoot}src/app/routes.ts`, 'utf8');
      const module = visit.src.replace(/^src\/(features\/)?/, (_m, feature) =>
        feature ? '../features/' : './',
      );
      // The route's entry, up to the next one, loads that module (routes.ts imports it as a lazy screen).
      const start = routes.indexOf(`path: '${route}',`);
      expect(start).toBeGreaterThan(-1);
      const entry = routes.slice(start, routes.indexOf('path:', start + 1));
      const named = /screen: ([A-Z_]+)\b/.exec(entry)?.[1];
      // A named screen is a constant of routes.ts, or of app/screens.ts when another place renders it too.
      const screens = readFileSync(`${webRoot}src/app/screens.ts`, 'utf8');
      const home = named && routes.includes(`const ${named} =`) ? routes : screens;
      const loader = named ? home.slice(home.indexOf(`const ${named} =`)) : entry;
      // The first import(...) of that entry or constant.
      expect(/import\('([^']+)'\)/.exec(loader)?.[1]).toBe(module.replace(/\.tsx$/, ''));
    },
  );
});

describe('bench scenarios against the stubs', () => {
  const stack = useAreaStack();

  // A scenario of the gateway's own store (Actividad) calls no stub; activity.integration.test.ts answers its query.
  const upstreamScenarios = scenarios.filter(({ scenario }) => !scenario.storeOnly);
  it.each(upstreamScenarios.map(({ scenario, document }) => [scenario.key, scenario, document] as const))(
    '%s answers without errors with the rows the scenario expects',
    async (_key, scenario, document) => {
      const { response, calls } = await stack().run<unknown>(
        'admin',
        documents.withTypename(document.query),
        document.variables,
      );
      expect(response.body.errors, response.text).toBeUndefined();
      const rows = scenario.rowsOf(response.body.data);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows).toHaveLength(areas.expectedRows(scenario, response.body.data));
      expect(calls.length).toBeGreaterThan(0);
    },
  );
});

describe('bench latency summary', () => {
  it('summarizes a segment of any size (a fast machine records hundreds of thousands of requests)', () => {
    const latencies = Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 300_000);
    const summary = load.summarize(latencies, 2_000);
    expect(summary).toMatchObject({ count: 300_000, p50: 149_999, p99: 296_999, max: 299_999, rps: 150_000 });
    expect(summary.mean).toBeCloseTo(149_999.5, 6);
  });
});
