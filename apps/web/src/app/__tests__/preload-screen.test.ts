import { describe, expect, it, vi } from 'vitest';

const load = vi.fn(() => Promise.resolve({ default: () => null }));
const preload = vi.fn(() => Promise.resolve({ default: () => undefined }));
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
  });

  it('does nothing for an address no screen renders', () => {
    load.mockClear();
    preloadScreenOf('/no-existe');
    expect(load).not.toHaveBeenCalled();
  });
});
