import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../../modules.js';
import type { UpstreamClients } from '../../upstream/rest-client.js';
import { defineModule, instantiateModules, lazyModuleInstances } from '../define-module.js';

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

  it('lazily: builds a module on first use of any of its keys, once per request, with that request’s clients', () => {
    const built: string[] = [];
    const a = defineModule({
      name: 'a',
      resolvers: {},
      dataSources: (up) => {
        built.push('a');
        return { things: { client: up } };
      },
      loaders: (ds) => ({ thing: { over: ds.things } }),
    });
    const b = defineModule({
      name: 'b',
      resolvers: {},
      dataSources: () => {
        built.push('b');
        return { others: 1 };
      },
    });
    const instances = lazyModuleInstances([a, b]);
    built.length = 0; // the key probe at definition time
    const requestClients = (() => ({})) as unknown as UpstreamClients;
    const { dataSources, loaders } = instances(requestClients);
    expect(built).toEqual([]);
    const thing = loaders.thing;
    expect(built).toEqual(['a']);
    expect(thing.over).toBe(dataSources.things);
    expect(dataSources.things.client).toBe(requestClients);
    expect(loaders.thing).toBe(thing);
    expect(built).toEqual(['a']);
    expect(dataSources.others).toBe(1);
    expect(built).toEqual(['a', 'b']);
    // A second request gets its own instances.
    const next = instances(requestClients);
    expect(next.loaders.thing).not.toBe(thing);
    expect(built).toEqual(['a', 'b', 'a']);
  });

  it('lazily: refuses two modules defining the same key when the list is set up', () => {
    const a = defineModule({ name: 'a', resolvers: {}, loaders: () => ({ same: 1 }) });
    const b = defineModule({ name: 'b', resolvers: {}, loaders: () => ({ same: 2 }) });
    expect(() => lazyModuleInstances([a, b])).toThrow('module b: loader "same" is already defined');
  });

  it('lazily: every module of the gateway builds and exposes the same keys as the eager build', () => {
    const eager = instantiateModules(MODULES, upstream);
    const lazy = lazyModuleInstances(MODULES)(upstream);
    for (const key of Object.keys(eager.dataSources)) {
      expect((lazy.dataSources as unknown as Record<string, unknown>)[key], key).toBeDefined();
    }
    for (const key of Object.keys(eager.loaders)) {
      expect((lazy.loaders as unknown as Record<string, unknown>)[key], key).toBeDefined();
    }
  });
});
