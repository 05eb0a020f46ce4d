import { afterEach, describe, expect, it } from 'vitest';
import { meFromClaims } from '@/lib/me-request';
import { forgetEarlyRequests, type EarlyPreloadContext, type RoutePreload } from '@/lib/preload';
import { FIRST_REQUEST_ROUTES, prepareFirstRequest, type FirstRequestRoute } from '../first-request';
import { APP_ROUTES } from '../routes';

/** The permissions main.tsx passes: those the token's claims name (`meFromClaims`), none when they name nobody. */
const permissionsOf = (...roles: string[]) =>
  meFromClaims({
    preferred_username: 'operador',
    aud: ['back-office-gateway', 'account'],
    resource_access: { 'back-office-gateway': { roles } },
  })?.me.permissions;

/** A route whose preload records each early request it is asked for. */
function recordingRoute(path: string, rule?: FirstRequestRoute['rule']) {
  const asked: EarlyPreloadContext[] = [];
  const preload: RoutePreload = Object.assign(() => undefined, {
    early: (context: EarlyPreloadContext) => {
      asked.push(context);
      return true;
    },
  });
  return { asked, route: { path, rule, preload: () => Promise.resolve({ default: preload }) } };
}

const start = (permissions: readonly string[] | undefined, href = 'http://localhost/pagos?page=2') => ({
  auth: { getToken: () => Promise.resolve('token-1') },
  permissions,
  gatewayUrl: 'http://gateway.test/graphql',
  href,
});

describe('the first request of an address', () => {
  afterEach(() => forgetEarlyRequests());

  it('sends early for every route of the manifest with a preload, with its rule and preload module', () => {
    const preloaded = APP_ROUTES.filter((route) => route.preload);
    expect(FIRST_REQUEST_ROUTES.map((route) => route.path)).toEqual(preloaded.map((route) => route.path));
    for (const route of preloaded) {
      const first = FIRST_REQUEST_ROUTES.find((candidate) => candidate.path === route.path)!;
      expect(first.rule, route.path).toBe(route.rule);
      expect(first.preload, route.path).toBe(route.preload);
    }
  });

  it('has nothing to send for an address whose route is not listed', () => {
    const { route } = recordingRoute('/pagos');
    expect(prepareFirstRequest('/home', [route])).toBeUndefined();
    expect(prepareFirstRequest('/pagos/pago-de-servicios', [route])).toBeUndefined();
    expect(prepareFirstRequest('/pagos/', [route])).toBeDefined();
  });

  it('sends the route’s request with the address, the permissions and the gateway', async () => {
    const { asked, route } = recordingRoute('/pagos');
    const first = prepareFirstRequest('/pagos', [route])!;
    await first.loaded;
    await expect(first.send(start(permissionsOf('payment-refund')))).resolves.toBe(true);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.url.href).toBe('http://localhost/pagos?page=2');
    expect(asked[0]!.permissions).toEqual(['PAYMENT_REFUND']);
    expect(asked[0]!.gateway.gatewayUrl).toBe('http://gateway.test/graphql');
    await expect(asked[0]!.gateway.getToken()).resolves.toBe('token-1');
  });

  it('sends nothing for a user without the route’s permission, nor when the claims name nobody', async () => {
    const { asked, route } = recordingRoute('/suscripciones', { any: ['SUBSCRIPTION_CREATE'] });
    const first = prepareFirstRequest('/suscripciones', [route])!;
    await expect(first.send(start(permissionsOf('payment-refund')))).resolves.toBe(false);
    await expect(first.send(start(undefined))).resolves.toBe(false);
    expect(asked).toHaveLength(0);
    await expect(first.send(start(permissionsOf('subscription-create')))).resolves.toBe(true);
    expect(asked).toHaveLength(1);
  });

  it('sends nothing, and still lets the app load, when the preload module fails to load', async () => {
    const first = prepareFirstRequest('/pagos', [
      { path: '/pagos', preload: () => Promise.reject(new Error('chunk')) },
    ])!;
    await expect(first.loaded).resolves.toBeUndefined();
    await expect(first.send(start([]))).resolves.toBe(false);
  });

  it('leaves /retiros’ request to its preload, which sends it only to who sees the withdraws to transfer', async () => {
    const retiros = FIRST_REQUEST_ROUTES.find((route) => route.path === '/retiros')!;
    const sent: string[] = [];
    const fetch = ((_url: string, init: RequestInit) => {
      sent.push(String(init.body));
      return Promise.resolve(new Response('{}', { status: 500 }));
    }) as unknown as typeof globalThis.fetch;
    const first = prepareFirstRequest('/retiros', [retiros])!;
    await expect(first.send({ ...start(permissionsOf('withdrawal-search')), fetch })).resolves.toBe(false);
    await expect(first.send({ ...start(permissionsOf('withdraw-show')), fetch })).resolves.toBe(true);
    await expect.poll(() => sent.length).toBe(1);
    expect(JSON.parse(sent[0]!)).toMatchObject({ operationName: 'Withdraws' });
  });
});
