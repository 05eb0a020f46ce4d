import type { ApolloClient } from '@apollo/client';
import { describe, expect, it, vi } from 'vitest';
import { PRELOADED_ROUTES } from '../route-preloads';
import { createAppRouter } from '../router';
import { PAYMENTS_SEARCH } from '../screens';

describe('createAppRouter', () => {
  it("tells of the address's first query once started, so the shell can render after it has left", async () => {
    window.history.replaceState(null, '', '/pagos?period=2026-11');
    const told: Promise<void>[] = [];
    // No client: the preload gives up (the screen then asks itself), and what it told of settles all the same.
    const router = createAppRouter({
      client: () => Promise.reject(new Error('sin cliente')),
      permissions: [],
      onPreload: (started) => told.push(started),
    });
    await vi.waitFor(() => expect(router.state.initialized).toBe(true));
    expect(told).toHaveLength(1);
    await expect(told[0]).resolves.toBeUndefined();
    router.dispose();
  });

  it('tells of nothing on an address without a preload', async () => {
    window.history.replaceState(null, '', '/perfil');
    const told: Promise<void>[] = [];
    const router = createAppRouter({
      client: () => Promise.reject(new Error('sin cliente')),
      permissions: [],
      onPreload: (started) => told.push(started),
    });
    await vi.waitFor(() => expect(router.state.initialized).toBe(true));
    expect(told).toHaveLength(0);
    router.dispose();
  });

  it("sends a row's record query in the navigation's own loader once the list made its preload ready", async () => {
    window.history.replaceState(null, '', '/pagos?period=2026-11');
    const asked: string[] = [];
    const client = {
      getObservableQueries: () => [],
      query: vi.fn(({ variables }: { variables: { id?: string } }) => {
        asked.push(variables.id ?? 'list');
        return Promise.resolve({ data: {} });
      }),
    } as unknown as ApolloClient;
    const told: Promise<void>[] = [];
    /** What the client was asked when each preload was told of: the loader's own task, before any wait. */
    const askedWhenTold: string[][] = [];
    const router = createAppRouter({
      client: () => Promise.resolve(client),
      permissions: [],
      onPreload: (started) => {
        told.push(started);
        askedWhenTold.push([...asked]);
      },
    });
    await vi.waitFor(() => expect(told).toHaveLength(1));
    await told[0];
    // The list's `opens`, loaded once its screen is in: the payment's preload module.
    await PAYMENTS_SEARCH.load();
    await vi.waitFor(() => expect(PRELOADED_ROUTES['/pagos'].opens[0]!.loaded).toBeDefined());
    await router.navigate('/pago/7');
    expect(told).toHaveLength(2);
    expect(askedWhenTold[1]).toContain('7');
    router.dispose();
  });
});
