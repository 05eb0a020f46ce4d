import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../../modules.js';
import type { UpstreamClients } from '../../upstream/rest-client.js';
import { defineModule, instantiateModules } from '../define-module.js';

const upstream = (() => ({})) as unknown as UpstreamClients;

describe('defineModule and MODULES', () => {
  it('every module has a unique name and its SDL files exist in packages/schema/src', () => {
    const names = MODULES.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    for (const module of MODULES) {
      for (const file of module.schemaFiles ?? []) {
        expect(existsSync(new URL(`../../../../../packages/schema/src/${file}`, import.meta.url)), file).toBe(
          true,
        );
      }
    }
  });

  it('builds each module’s data sources, then its loaders from its own data sources', () => {
    const seen: unknown[] = [];
    const a = defineModule({
      name: 'a',
      resolvers: {},
      dataSources: () => ({ things: 'things source' }),
      loaders: (ds) => {
        seen.push(ds);
        return { thing: `loader over ${ds.things}` };
      },
    });
    const b = defineModule({ name: 'b', resolvers: {}, dataSources: () => ({ others: 1 }) });
    const { dataSources, loaders } = instantiateModules([a, b], upstream);
    expect(dataSources).toEqual({ things: 'things source', others: 1 });
    expect(loaders).toEqual({ thing: 'loader over things source' });
    expect(seen).toEqual([{ things: 'things source' }]);
  });

  it('refuses two modules defining the same data source or loader key', () => {
    const a = defineModule({ name: 'a', resolvers: {}, dataSources: () => ({ same: 1 }) });
    const b = defineModule({ name: 'b', resolvers: {}, dataSources: () => ({ same: 2 }) });
    expect(() => instantiateModules([a, b], upstream)).toThrow(
      'module b: data source "same" is already defined',
    );
  });
});
