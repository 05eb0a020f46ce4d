import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { below, exactly, pattern, routeTable, type Route } from '../route-table.js';

/**
 * The gateway's route table (server.ts's gatewayRoutes): routes tried in order, the first match serves with the path
 * it matched (a mount's: the part below it), what none matches goes to the fallback.
 */

const request = (method: string) => ({ method }) as IncomingMessage;
const res = {} as ServerResponse;

/** Routes that record what they served, and a table of them with a fallback that records its 404s. */
function tableOf() {
  const served: string[] = [];
  const route = (name: string, match: Route['match']): Route => ({
    name,
    match,
    handle: (_req, _res, path) => served.push(`${name} ${path}`),
  });
  return {
    served,
    route,
    serve: (routesOf: Route[]) => routeTable(routesOf, (_req, _res, path) => served.push(`404 ${path}`)),
  };
}

describe('routeTable', () => {
  it('serves with the first route that matches, in order; the fallback when none does', () => {
    const { served, route, serve } = tableOf();
    const table = serve([
      route('graphql', exactly('/graphql')),
      route('healthz', exactly('/healthz', ['GET', 'HEAD'])),
      route('files', below('/files')),
      route('files-again', below('/files')),
      route('favicon', pattern('/favicon.ico', 'GET')),
    ]);
    table(request('POST'), res, '/graphql');
    table(request('HEAD'), res, '/healthz');
    table(request('POST'), res, '/healthz');
    table(request('GET'), res, '/files/retiros/1/csv');
    table(request('GET'), res, '/FILES');
    table(request('GET'), res, '/filesx');
    table(request('HEAD'), res, '/favicon.ico/');
    table(request('POST'), res, '/favicon.ico');
    table(request('GET'), res, '/GraphQL');
    expect(served).toEqual([
      'graphql /graphql',
      'healthz /healthz',
      '404 /healthz',
      'files /retiros/1/csv',
      'files /',
      '404 /filesx',
      'favicon /favicon.ico/',
      '404 /favicon.ico',
      '404 /GraphQL',
    ]);
  });

  it('leaves out the routes a configuration turns off (null)', () => {
    const { served, route } = tableOf();
    const table = routeTable([null, route('readyz', exactly('/readyz'))], () => served.push('404'));
    table(request('GET'), res, '/readyz');
    expect(served).toEqual(['readyz /readyz']);
  });
});
