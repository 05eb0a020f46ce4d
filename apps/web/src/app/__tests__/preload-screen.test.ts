import { describe, expect, it, vi } from 'vitest';

/** What preloadScreenOf asked for, in order. */
const asked: string[] = [];
const load = vi.fn(() => {
  asked.push('screen');
  return Promise.resolve({ default: () => null });
});
const preload = vi.fn(() => {
  asked.push('preload');
  return Promise.resolve({ default: () => undefined });
});
vi.mock('../data-layer', async (original) => ({
  ...(await original<typeof import('../data-layer')>()),
  loadDataClient: () => {
    asked.push('data layer');
    return new Promise(() => {});
  },
}));
vi.mock('../routes', async (original) => ({
  ...(await original<typeof import('../routes')>()),
  findRoute: (path: string) =>
    path === '/pagos' ? { path, title: 'Buscar Pagos', screen: { load }, preload } : undefined,
}));

const { preloadScreenOf } = await import('../app');

describe('preloadScreenOf', () => {
  it("starts the address's screen chunk and its preload module, while the session is checked", () => {
    preloadScreenOf('/pagos');
    expect(load).toHaveBeenCalledTimes(1);
    expect(preload).toHaveBeenCalledTimes(1);
    // The first query's modules before the screen's: they then run first and the query leaves sooner.
    expect(asked).toEqual(['preload', 'data layer', 'screen']);
  });

  it('does nothing for an address no screen renders', () => {
    load.mockClear();
    preloadScreenOf('/no-existe');
    expect(load).not.toHaveBeenCalled();
  });
});
