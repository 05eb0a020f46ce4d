import { readFileSync } from 'node:fs';
import { SERVICE_PREFIXES } from '@backoffice/stubs';
import { describe, expect, it } from 'vitest';
import { loadConfig, SERVICE_ENV_VARS, SERVICES, serviceEnvVar, type ServiceName } from '../config.js';

/**
 * The upstream services are listed once, in `SERVICES` (src/config.ts): the gateway's base URLs and their
 * environment names derive from it. What cannot derive from it (the stubs' registry, docker-compose.yml, the
 * Kubernetes config map of the base and the demo's overrides) is checked against it here, so that adding a
 * service is adding it to SERVICES and to each of those, and a forgotten place fails this test by name.
 */
const repoFile = (path: string) => readFileSync(new URL(`../../../../${path}`, import.meta.url), 'utf8');

/** `NAME: value` (YAML map) or `- NAME=value` (kustomize literal) lines whose name ends in _SERVICE_URL. */
function serviceUrls(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (/^\s*#/.test(line)) continue;
    const match = /^\s*(?:- )?([A-Z][A-Z0-9_]*_SERVICE_URL)[:=]\s*(\S+)\s*$/.exec(line);
    if (match) found.set(match[1]!, match[2]!);
  }
  return found;
}

/** The env var name -> the URL each service gets, when every service lives under `base`. */
const everyServiceUnder = (base: string): Map<string, string> =>
  new Map(SERVICES.map((service) => [serviceEnvVar(service), `${base}/${service}`]));

/** Services the stubs simulate that the gateway never calls, each with why. */
const STUBS_ONLY: Readonly<Record<string, string>> = {
  '/formulario':
    "the payment form pages a payment link opens in the browser (FORM_HOST), not a gateway's upstream",
};

describe('the one list of upstream services (SERVICES)', () => {
  it("names each service's environment variable, and the gateway reads every one of them", () => {
    expect(Object.keys(SERVICE_ENV_VARS)).toEqual([...SERVICES]);
    expect(SERVICE_ENV_VARS.distribuciones).toBe('DISTRIBUCIONES_SERVICE_URL');
    const env = Object.fromEntries(SERVICES.map((s) => [serviceEnvVar(s), `https://${s}.example/api`]));
    const { services } = loadConfig(env);
    for (const service of SERVICES)
      expect(services[service as ServiceName]).toBe(`https://${service}.example/api`);
  });

  it('is what the stubs simulate (apps/stubs/src/services/registry.ts), besides the stubs-only services', () => {
    const simulated = SERVICE_PREFIXES.filter((prefix) => !(prefix in STUBS_ONLY));
    expect([...simulated].sort()).toEqual(SERVICES.map((s) => `/${s}`).sort());
    for (const prefix of Object.keys(STUBS_ONLY)) expect(SERVICE_PREFIXES).toContain(prefix);
  });

  it('is what docker-compose.yml gives the gateway, every service on the stubs', () => {
    expect(serviceUrls(repoFile('docker-compose.yml'))).toEqual(everyServiceUnder('http://stubs:4010'));
  });

  it('is what the Kubernetes base config map gives the gateway, one platform URL each', () => {
    const base = serviceUrls(repoFile('infra/k8s/base/gateway-config.yaml'));
    expect([...base.keys()].sort()).toEqual(Object.values(SERVICE_ENV_VARS).sort());
    for (const service of SERVICES) {
      expect(base.get(serviceEnvVar(service))).toBe(`http://${service}.platform.svc.cluster.local/api`);
    }
  });

  it("is what the Kubernetes demo points at its stubs (infra/k8s/demo's overrides)", () => {
    expect(serviceUrls(repoFile('infra/k8s/demo/kustomization.yaml'))).toEqual(
      everyServiceUnder('http://backoffice-stubs:4010'),
    );
  });
});
