import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { ROOT } from './manifests.js';

/**
 * The dependency decisions of docs/decisions.md ("2026-11-23 Platform"), checked from package.json and the
 * lockfile: the Node versions the engines fields name are those every production package supports, one copy of
 * @graphql-tools/utils, each override and install-script decision recorded.
 */

interface PackageJson {
  name?: string;
  engines?: { node?: string };
  workspaces?: string[];
  overrides?: Record<string, unknown>;
  allowScripts?: Record<string, boolean>;
}
interface LockEntry {
  version?: string;
  dev?: boolean;
  link?: boolean;
  engines?: { node?: string } | string[];
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as T;
const root = readJson<PackageJson>('package.json');
const lock = readJson<{ packages: Record<string, LockEntry> }>('package-lock.json');
const decisions = readFileSync(join(ROOT, 'docs/decisions.md'), 'utf8');

const workspaces = ['apps', 'packages'].flatMap((dir) =>
  readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${dir}/${entry.name}`)
    .filter((path) => {
      try {
        readFileSync(join(ROOT, path, 'package.json'));
        return true;
      } catch {
        return false;
      }
    }),
);

/** The lowest version of each major the root's engines range allows (e.g. 24.11.0 for ^24.11.0). */
function supportedNodes(range: string): string[] {
  return range.split('||').map((part) => semver.minVersion(part.trim())!.version);
}

const packageName = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('Node versions and dependencies', () => {
  const range = root.engines?.node ?? '';

  it('names Node 24 LTS, the one Node of development, the images and CI, in every engines field', () => {
    expect(semver.validRange(range)).toBeTruthy();
    expect(supportedNodes(range).map((node) => semver.major(node))).toEqual([24]);
    // 24.11.0 is the first LTS release of 24; no other major is accepted.
    expect(semver.satisfies('24.11.0', range) && !semver.satisfies('24.10.0', range)).toBe(true);
    expect(semver.satisfies('22.12.0', range) || semver.satisfies('25.0.0', range)).toBe(false);
    for (const workspace of workspaces) {
      expect(readJson<PackageJson>(`${workspace}/package.json`).engines?.node, workspace).toBe(range);
    }
  });

  it('installs only production packages that run on every supported Node version', () => {
    const nodes = supportedNodes(range);
    const unsupported: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (!path.includes('node_modules/') || entry.dev || entry.link) continue;
      const engines = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!engines) continue;
      for (const node of nodes) {
        if (!semver.satisfies(node, engines))
          unsupported.push(`${path}@${entry.version} (${engines}) on ${node}`);
      }
    }
    expect(unsupported).toEqual([]);
  });

  it('has one copy of @graphql-tools/utils in production', () => {
    const copies = (name: string, production: boolean) =>
      Object.entries(lock.packages)
        .filter(([path, entry]) => packageName(path) === name && (!production || !entry.dev))
        .map(([, entry]) => entry.version);
    expect(copies('@graphql-tools/utils', true)).toHaveLength(1);
  });

  it('records the reason of every override and install-script decision in docs/decisions.md', () => {
    for (const name of Object.keys(root.overrides ?? {})) {
      expect(decisions, `override ${name}`).toContain(`\`${name}\``);
    }
    const allowScripts = Object.keys(root.allowScripts ?? {});
    expect(allowScripts.length).toBeGreaterThan(0);
    for (const name of allowScripts) {
      expect(decisions, `allowScripts ${name}`).toContain(`\`${name}\``);
    }
  });
});
