import { describe, expect, it, vi } from 'vitest';
import { createAppRouter } from '../router';

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
});
