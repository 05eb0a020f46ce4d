import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './manifests.js';

/** The README's list of what the repository holds: every workspace that package.json declares is named there. */
describe('README.md', () => {
  const globs = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] })
    .workspaces;
  const declared = globs.flatMap((glob) => {
    const parent = glob.replace(/\/\*$/, '');
    return readdirSync(join(ROOT, parent))
      .filter((name) => existsSync(join(ROOT, parent, name, 'package.json')))
      .map((name) => `${parent}/${name}`);
  });

  it('names every workspace', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(declared.length).toBeGreaterThan(10);
    expect(declared.filter((path) => !readme.includes(`\`${path}\``))).toEqual([]);
  });
});
