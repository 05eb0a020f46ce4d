// The test client `back-office-tests` (password grant for the demo users, docs/testing-integration.md) exists in
// the development realm only: npm run stack:test and docker-compose. Neither the Kubernetes manifests (the
// production overlay, nor the demo one) nor any image of the Dockerfile carries it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { filesBehind, filesContaining, imageSources } from './images.js';
import { K8S_DIR, readManifests, ROOT } from './manifests.js';

const CLIENT = 'back-office-tests';
const DEV_DIR = 'infra/keycloak/dev';
const TARGETS = ['gateway', 'web', 'stubs', 'keycloak-emulator'];
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');

const allFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? allFiles(path) : [relative(ROOT, path)];
  });

describe(`the test client ${CLIENT} (development only)`, () => {
  it('is defined in infra/keycloak/dev, out of the realm file the images carry', () => {
    expect(readFileSync(join(ROOT, DEV_DIR, 'back-office-tests.partial-import.json'), 'utf8')).toContain(
      CLIENT,
    );
    expect(readFileSync(join(ROOT, 'infra/keycloak/realm-back-office.json'), 'utf8')).not.toContain(CLIENT);
  });

  it('is in no Kubernetes manifest: the production overlay (base) accepts only the web client', () => {
    const k8sFiles = allFiles(K8S_DIR);
    expect(k8sFiles).toContain('infra/k8s/base/kustomization.yaml');
    expect(filesContaining(ROOT, k8sFiles, CLIENT)).toEqual([]);
    const config = readManifests([join(K8S_DIR, 'base/gateway-config.yaml')]).find(
      (m) => m.object.kind === 'ConfigMap',
    )?.object as { data: Record<string, string> } | undefined;
    expect(config?.data.KEYCLOAK_AZP).toBe('back-office-web');
  });

  it.each(TARGETS)('is in no file the %s image carries', (target) => {
    const sources = imageSources(dockerfile, target);
    expect(sources).toContain('package.json'); // from the runtime stage it builds on
    expect(sources).toContain(`apps/${target}/package.json`);
    for (const source of sources) {
      expect(source, target).not.toMatch(/^(infra\/keycloak\/dev|packages\/test-stack)(\/|$)/);
    }
    const files = filesBehind(ROOT, sources);
    expect(files.some((file) => file.startsWith(`apps/${target}/src/`))).toBe(true);
    expect(filesContaining(ROOT, files, CLIENT)).toEqual([]);
  });

  it('finds what an image would carry (the check can fail)', () => {
    const leaky = `${dockerfile}\nFROM runtime AS leaky\nCOPY --from=build /app/${DEV_DIR} infra/keycloak/dev\n`;
    const files = filesBehind(ROOT, imageSources(leaky, 'leaky'));
    expect(filesContaining(ROOT, files, CLIENT)).toEqual([
      `${DEV_DIR}/back-office-tests.partial-import.json`,
    ]);
    expect(imageSources(dockerfile, 'keycloak-emulator')).toContain('infra/keycloak/realm-back-office.json');
  });

  it('never enters the images’ build context (.dockerignore)', () => {
    expect(readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n')).toContain(DEV_DIR);
  });

  it('is added to the compose Keycloak by a one-shot partial import, and the compose gateway accepts it', () => {
    const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')) as {
      services: Record<
        string,
        { command?: string[]; volumes?: string[]; environment?: Record<string, string> }
      >;
    };
    const job = compose.services['keycloak-test-client'];
    expect(job?.volumes?.[0]).toMatch(
      new RegExp(`^\\./${DEV_DIR}/back-office-tests\\.partial-import\\.json:`),
    );
    expect(job?.command?.join(' ')).toMatch(/kcadm\.sh create partialImport .*-r back-office/);
    expect(compose.services.gateway?.environment?.KEYCLOAK_AZP?.split(',')).toEqual([
      'back-office-web',
      CLIENT,
    ]);
  });
});
