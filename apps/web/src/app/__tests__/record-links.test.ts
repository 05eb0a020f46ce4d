import { describe, expect, it } from 'vitest';
import { RECORD_ROUTES, recordHref, type RecordKind } from '@/lib/record-href';
import { APP_ROUTES, findRoute, matchRoutePath } from '../routes';

/** Ids a link must carry through unchanged: plain, with a slash, a space, a query's and a hash's signs, accents. */
const ODD_IDS = ['1000018', 'a/b', '1 2', 'x?y#z', 'Gómez & Co', '50%'];

/** The parameters of a pattern (`/retiros/lotes/:collectorId/:batchId` → collectorId, batchId), each set to `value`. */
const paramsOf = (pattern: string, value: string) =>
  Object.fromEntries([...pattern.matchAll(/:(\w+)/g)].map(([, name]) => [name!, value]));

const KINDS = Object.keys(RECORD_ROUTES) as RecordKind[];

describe('a record link and its route', () => {
  it.each(KINDS)('%s: the manifest declares its pattern, with a screen', (kind) => {
    const route = APP_ROUTES.find((r) => r.path === RECORD_ROUTES[kind]);
    expect(route?.screen).toBeDefined();
  });

  it.each(KINDS)('%s: its address matches its pattern and gives the parameters back as they were', (kind) => {
    const pattern = RECORD_ROUTES[kind];
    for (const id of ODD_IDS) {
      const params = paramsOf(pattern, id);
      const href = recordHref(kind, params as never);
      expect(matchRoutePath(pattern, href), href).toEqual(params);
      // And the router picks that route, not a sibling (`/pagadores/referencias` beside `/pagadores/:id`).
      expect(findRoute(href)?.path, href).toBe(pattern);
    }
  });

  it('every route with a parameter is a record route, so that links to it are built, not written', () => {
    const parametrised = APP_ROUTES.map((route) => route.path).filter((path) => path.includes(':'));
    expect(parametrised.sort()).toEqual(Object.values(RECORD_ROUTES).sort());
  });
});
