// The packing of the test stack (scripts/pack.mjs) where node_modules is a symbolic link (a CI cache, a shared
// store): the installed packages are still told from the workspaces, instead of every package being taken for a
// workspace that "no está compilado".
import { mkdir, mkdtemp, realpath, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installedPath, modulesFolder } from '../scripts/pack.mjs';

describe('the packing of a checkout whose node_modules is a symbolic link', () => {
  let base: string;
  beforeAll(async () => {
    base = await realpath(await mkdtemp(join(tmpdir(), 'pack-modules-')));
    await mkdir(join(base, 'store', 'graphql'), { recursive: true });
    await mkdir(join(base, 'store', '@apollo', 'server'), { recursive: true });
    await mkdir(join(base, 'checkout', 'apps', 'gateway'), { recursive: true });
    await symlink(join(base, 'store'), join(base, 'checkout', 'node_modules'));
  });
  afterAll(() => rm(base, { recursive: true, force: true }));

  it('tells an installed package (its real folder in the linked store) from a workspace', async () => {
    const modules = await modulesFolder(join(base, 'checkout'));
    const graphql = await realpath(join(base, 'checkout', 'node_modules', 'graphql'));
    const apollo = await realpath(join(base, 'checkout', 'node_modules', '@apollo', 'server'));
    expect(installedPath(graphql, modules)).toBe('graphql');
    expect(installedPath(apollo, modules)).toBe(join('@apollo', 'server'));
    expect(installedPath(join(base, 'checkout', 'apps', 'gateway'), modules)).toBeNull();
  });
});
