// The test profile of `npm run stack:test` (rate limit raised, brute-force lockout off, an admin path that
// clears a lockout without a token, a 30 s upstream deadline) exists only in packages/test-stack: no image's entry
// point turns any of it on, and no Kubernetes manifest or Dockerfile line sets the gateway to its values.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_PROFILE_GATEWAY_ENV, TEST_STACK_EMULATOR_OPTIONS } from '../../test-stack/src/profile.mjs';
import { imageSources } from './images.js';
import { K8S_DIR, readManifests, ROOT, yamlFiles, type Manifest } from './manifests.js';

const TARGETS = ['gateway', 'web', 'stubs', 'keycloak-emulator'];
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');

type EnvVar = { name: string; value?: string };
type PodSpec = { containers?: { env?: EnvVar[] }[]; initContainers?: { env?: EnvVar[] }[] };

/** Every variable a manifest sets: ConfigMap data and the containers' `env`, as [name, value]. */
function settings(manifests: Manifest[]): [string, string][] {
  return manifests.flatMap(({ object }) => {
    const data = (object as { data?: Record<string, unknown> }).data;
    if (object.kind === 'ConfigMap') {
      return Object.entries(data ?? {}).map(([k, v]): [string, string] => [k, String(v)]);
    }
    const pod = (object as { spec?: { template?: { spec?: PodSpec } } }).spec?.template?.spec;
    return [...(pod?.containers ?? []), ...(pod?.initContainers ?? [])].flatMap((container) =>
      (container.env ?? []).map((env): [string, string] => [env.name, String(env.value ?? '')]),
    );
  });
}

/** The settings of `manifests` that take a value of the test profile. */
const testValuesIn = (manifests: Manifest[]): [string, string][] =>
  settings(manifests).filter(
    ([name, value]) => (TEST_PROFILE_GATEWAY_ENV as Record<string, string>)[name] === value,
  );

/** The test-stack options of the emulator that `source` (an image's entry point) names. */
const testOptionsIn = (source: string): string[] =>
  TEST_STACK_EMULATOR_OPTIONS.filter((option) => source.includes(option));

/** The sources a build output is made of (apps/web/dist-server from apps/web/server, the others from src). */
const sourceOf = (path: string): string =>
  path.replace(/\/dist-server(\/|$)/, '/server$1').replace(/\/dist(\/|$)/, '/src$1');

/** The source file behind a target's `CMD ["node", "apps/<app>/dist/<file>.js"]`. */
function entryOf(target: string): string {
  const stage = dockerfile.split(/^FROM /m).find((text) => text.includes(` AS ${target}\n`)) ?? '';
  // The script is the CMD's first argument that is not one of node's flags (the heap's sizes come first).
  const args = /^CMD \[(.*)\]/m.exec(stage)?.[1] ?? '';
  const script =
    [...args.matchAll(/"([^"]+)"/g)].map((m) => m[1]!).find((arg, i) => i > 0 && !arg.startsWith('-')) ?? '';
  return sourceOf(script).replace(/\.js$/, '.ts');
}

describe('the test profile of npm run stack:test (test stacks only)', () => {
  const manifests = readManifests(yamlFiles(K8S_DIR).filter((file) => !file.endsWith('kustomization.yaml')));

  it('sets no gateway variable of any Kubernetes manifest to a test profile value', () => {
    expect(Object.keys(TEST_PROFILE_GATEWAY_ENV)).toEqual([
      'UPSTREAM_TIMEOUT_MS',
      'RATE_LIMIT_MAX',
      'TEST_NAMESPACES',
    ]);
    expect(testValuesIn(manifests)).toEqual([]);
    // The production overlay sets them all, to production's values (no test namespace).
    const config = Object.fromEntries(settings(readManifests([join(K8S_DIR, 'base/gateway-config.yaml')])));
    expect(config).toMatchObject({
      UPSTREAM_TIMEOUT_MS: '5000',
      RATE_LIMIT_MAX: '600',
      TEST_NAMESPACES: 'false',
    });
  });

  it('sets none of its gateway variables in the Dockerfile', () => {
    for (const name of Object.keys(TEST_PROFILE_GATEWAY_ENV)) expect(dockerfile).not.toContain(name);
  });

  it.each(TARGETS)('is not turned on by the %s image’s entry point', (target) => {
    const entry = entryOf(target);
    const carried = imageSources(dockerfile, target).map(sourceOf);
    expect(carried.some((source) => entry.startsWith(`${source}/`))).toBe(true);
    const source = readFileSync(join(ROOT, entry), 'utf8');
    expect(testOptionsIn(source)).toEqual([]);
    expect(source).not.toContain('test-stack');
  });

  it('leaves the brute-force lockout on in the realm file the emulator image carries', () => {
    expect(imageSources(dockerfile, 'keycloak-emulator')).toContain('infra/keycloak/realm-back-office.json');
    const realm = JSON.parse(readFileSync(join(ROOT, 'infra/keycloak/realm-back-office.json'), 'utf8')) as {
      bruteForceProtected?: boolean;
    };
    expect(realm.bruteForceProtected).toBe(true);
  });

  it('finds a manifest or an entry point that would turn it on (the checks can fail)', () => {
    const leaky: Manifest = {
      file: 'leaky.yaml',
      index: 0,
      object: { apiVersion: 'v1', kind: 'ConfigMap', data: { RATE_LIMIT_MAX: '100000' } },
    };
    expect(testValuesIn([...manifests, leaky])).toEqual([['RATE_LIMIT_MAX', '100000']]);
    expect(testOptionsIn('await startEmulator({ port, attackDetectionAdmin: env.UNLOCK === "1" });')).toEqual(
      ['attackDetectionAdmin'],
    );
    expect(entryOf('keycloak-emulator')).toBe('apps/keycloak-emulator/src/main.ts');
  });
});
