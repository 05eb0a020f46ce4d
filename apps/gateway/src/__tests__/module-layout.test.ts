import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One layout for every gateway module (docs/architecture.md §3 step 4): `index.ts` defines the module and
 * nothing else answers a field; the writes are in `<area>.mutations.ts`, the one file with a `MutationResolvers`
 * map, which `<area>.resolvers.ts` wires; the service's codes are in `<area>.errors.ts`.
 */
const MODULES = fileURLToPath(new URL('../modules/', import.meta.url));
const areas = readdirSync(MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const files = (area: string) => readdirSync(`${MODULES}${area}`).filter((name) => name.endsWith('.ts'));
const read = (area: string, name: string) => readFileSync(`${MODULES}${area}/${name}`, 'utf8');

describe('the gateway modules’ layout', () => {
  it.each(areas)('%s: index.ts defines it; queries, writes and codes each in their file', (area) => {
    const names = files(area);
    const index = read(area, 'index.ts');
    expect(index).toContain('defineModule(');
    expect(index).not.toMatch(/\bResolvers\b|CatalogueEntry\[\]\s*=/);
    const writers = names.filter((name) => /\bMutationResolvers\b/.test(read(area, name)));
    const maps = names.filter((name) => /^\s{2}Mutation: \{/m.test(read(area, name)));
    expect(maps, 'a Mutation map written inline').toEqual([]);
    if (writers.length > 0) {
      expect(writers).toEqual([`${area}.mutations.ts`]);
      expect(read(area, `${area}.resolvers.ts`)).toMatch(/^\s{2}Mutation: \w+Mutations,$/m);
    }
    for (const name of names.filter((n) => n !== 'index.ts' && n !== `${area}.errors.ts`)) {
      expect(read(area, name), `${name} declares error codes`).not.toMatch(
        /: readonly CatalogueEntry\[\] = /,
      );
    }
  });
});
