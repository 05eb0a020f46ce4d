import { readFileSync } from 'node:fs';
import { SERVICE_PREFIXES } from '@backoffice/stubs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { loadConfig, SERVICE_ENV_VARS, serviceEnvVar } from '../load-config.js';
import type { ServiceName } from '../services.js';
import { MODULES, SERVICES } from '../modules.js';
import type { ServicesOf } from '../shared/define-module.js';
import type { UpstreamClients } from '../upstream/rest-client.js';

/**
 * The upstream services are declared by the modules that call them (`defineModule({ services })`), and
 * `SERVICES` is their union: the gateway's base URLs and their environment names derive from it, and the
 * deployments (docker-compose.yml, the Kubernetes base config map and the demo's overrides) give one
 * `SERVICE_URL_TEMPLATE`, never a list of services. The stubs' registry, which cannot derive from it, is checked
 * against it here, so adding a service is naming it in its module and adding it to the stubs.
 */
const repoFile = (path: string) => readFileSync(new URL(`../../../../${path}`, import.meta.url), 'utf8');

/** `NAME: value` (YAML map) or `- NAME=value` (kustomize literal) settings of a deployment file, comments aside. */
function settings(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (/^\s*#/.test(line)) continue;
    const match = /^\s*(?:- )?([A-Z][A-Z0-9_]*)[:=]\s*'?([^'\s]*)'?\s*$/.exec(line);
    if (match) found.set(match[1]!, match[2]!);
  }
  return found;
}

/** The URL of each service a deployment file gives the gateway, read the way the gateway reads it. */
function serviceUrlsOf(path: string): Record<string, string> {
  const env = Object.fromEntries(settings(repoFile(path)));
  const listed = Object.keys(env).filter((name) => name.endsWith('_SERVICE_URL'));
  expect(listed, `${path} names services one by one instead of SERVICE_URL_TEMPLATE`).toEqual([]);
  return loadConfig({ SERVICE_URL_TEMPLATE: env.SERVICE_URL_TEMPLATE }).services;
}

/** Services the stubs simulate that the gateway never calls, each with why. */
const STUBS_ONLY: Readonly<Record<string, string>> = {
  '/formulario':
    "the payment form pages a payment link opens in the browser (FORM_HOST), not a gateway's upstream",
};

describe("the modules' services", () => {
  it('make SERVICES, and ServiceName is the same union (the typecheck holds this line)', () => {
    expectTypeOf<ServicesOf<(typeof MODULES)[number]>>().toEqualTypeOf<ServiceName>();
    expect(SERVICES).toEqual([...new Set(MODULES.flatMap((m) => m.services ?? []))]);
    expect(new Set(SERVICES).size).toBe(SERVICES.length);
  });

  it.each(MODULES.map((m) => [m.name, m] as const))(
    '%s: its data sources, error texts and file routes name only the services it declares',
    (_name, module) => {
      const declared = new Set<string>(module.services ?? []);
      const asked = new Set<string>();
      const recording = ((service: string) => {
        asked.add(service);
        return {};
      }) as unknown as UpstreamClients;
      module.dataSources?.(recording);
      expect(
        [...asked].filter((s) => !declared.has(s)),
        'asked upstream() for',
      ).toEqual([]);
      const errorServices = (module.errors ?? []).map((e) => e.service).filter((s) => s !== '*');
      expect(
        errorServices.filter((s) => !declared.has(s)),
        'error texts of',
      ).toEqual([]);
      for (const route of module.files ?? []) {
        if (!route.upstream) continue;
        // Each path parameter at its first allowed value (or an identifier): the target's service is what counts.
        const params = Object.fromEntries(
          [...route.route.matchAll(/:(\w+)/g)].map(([, name]) => {
            const rule = route.params?.[name!];
            return [name!, Array.isArray(rule) ? rule[0]! : '1'];
          }),
        );
        const file = { name: 'archivo.csv', format: 'csv', size: 1 };
        const target = (route.upstream as (input: object) => { service: string })({
          params,
          query: {},
          fields: {},
          file,
        });
        expect(declared, `${route.route} calls ${target.service}`).toContain(target.service);
      }
    },
  );
});

describe('the one list of upstream services (SERVICES)', () => {
  it("names each service's environment variable, and the gateway reads every one of them", () => {
    expect(Object.keys(SERVICE_ENV_VARS)).toEqual([...SERVICES]);
    expect(SERVICE_ENV_VARS.distribuciones).toBe('DISTRIBUCIONES_SERVICE_URL');
    const env = Object.fromEntries(SERVICES.map((s) => [serviceEnvVar(s), `https://${s}.example/api`]));
    const { services } = loadConfig(env);
    for (const service of SERVICES)
      expect(services[service as ServiceName]).toBe(`https://${service}.example/api`);
  });

  it('gives every service not named on its own the SERVICE_URL_TEMPLATE, and refuses a template without {service}', () => {
    const { services } = loadConfig({
      SERVICE_URL_TEMPLATE: 'http://{service}.platform.internal/api',
      PAYMENT_SERVICE_URL: 'https://pagos.example/api/',
    });
    expect(services.payment).toBe('https://pagos.example/api');
    expect(services.distribuciones).toBe('http://distribuciones.platform.internal/api');
    expect(() => loadConfig({ SERVICE_URL_TEMPLATE: 'http://platform.internal/api' })).toThrow(
      /SERVICE_URL_TEMPLATE must contain \{service\}/,
    );
    expect(() => loadConfig({ SERVICE_URL_TEMPLATE: 'no es una url/{service}' })).toThrow(
      /SERVICE_URL_TEMPLATE must be an absolute URL/,
    );
    expect(loadConfig({ STUBS_URL: 'http://127.0.0.1:9999' }).services.bin).toBe('http://127.0.0.1:9999/bin');
  });

  it('is what the stubs simulate (apps/stubs/src/services/registry.ts), besides the stubs-only services', () => {
    const simulated = SERVICE_PREFIXES.filter((prefix) => !(prefix in STUBS_ONLY));
    expect([...simulated].sort()).toEqual(SERVICES.map((s) => `/${s}`).sort());
    for (const prefix of Object.keys(STUBS_ONLY)) expect(SERVICE_PREFIXES).toContain(prefix);
  });

  it.each([
    ['docker-compose.yml', (service: string) => `http://stubs:4010/${service}`],
    [
      'infra/k8s/base/gateway-config.yaml',
      (service: string) => `http://${service}.platform.svc.cluster.local/api`,
    ],
    ['infra/k8s/demo/kustomization.yaml', (service: string) => `http://backoffice-stubs:4010/${service}`],
  ])('is what %s gives the gateway, through one template', (path, expected) => {
    const services = serviceUrlsOf(path);
    for (const service of SERVICES) expect(services[service]).toBe(expected(service));
  });
});
