import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCK_FILE, StoreFolderHeldError, type Store, type StoreOptions } from '@backoffice/store';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { connectStore } from '../activity/store-handle.js';
import { createLogger } from '../logger.js';

/**
 * The store's handle (activity/store-handle.ts) when the embedded store's thread ends: the store is
 * unavailable at once, logged as a failed opening is, and opened again; and the handle holds the data folder.
 */
const folder = mkdtempSync(join(tmpdir(), 'store-handle-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const fakeStore = (): Store =>
  ({ kind: 'embedded', close: vi.fn(async () => undefined) }) as unknown as Store;

describe('the store handle', () => {
  it('a store whose thread ends is unavailable at once, logged, and opened again', async () => {
    const lines: string[] = [];
    const openings: StoreOptions[] = [];
    const stores = [fakeStore(), fakeStore()];
    const handle = connectStore({
      config: { dataDir: join(folder, 'a') },
      logger: createLogger('info', (line) => lines.push(line)),
      retryMs: { first: 1, max: 1 },
      open: async (options = {}) => {
        openings.push(options);
        return stores[openings.length - 1]!;
      },
    });
    // The store as the gateway writes to it (its rows stamped for the activity's chain): the opened one's calls.
    expect(await handle.ready()).toMatchObject({ close: stores[0]!.close });
    // The folder is this process's from the start, and the store is told so (it does not take it again).
    expect(existsSync(join(folder, 'a', LOCK_FILE))).toBe(true);
    expect(openings[0]!.dataDirLock).toBeDefined();

    openings[0]!.onUnavailable!(new Error("the embedded store's thread ended (exit code 1)"));
    expect(handle.current()).toBeNull();
    expect(stores[0]!.close).toHaveBeenCalled();
    expect(lines.some((line) => /store not available.*thread ended/.test(line))).toBe(true);
    await vi.waitFor(() => expect(handle.current()).toMatchObject({ close: stores[1]!.close }), {
      timeout: 60_000,
      interval: 5,
    });
    expect(openings[1]!.dataDirLock).toBe(openings[0]!.dataDirLock);

    await handle.close();
    expect(existsSync(join(folder, 'a', LOCK_FILE))).toBe(false);
  });

  it('refuses a folder this process already holds', async () => {
    const config = { dataDir: join(folder, 'b') };
    const open = async () => fakeStore();
    const logger = createLogger('silent');
    const handle = connectStore({ config, logger, open });
    expect(() => connectStore({ config, logger, open })).toThrow(StoreFolderHeldError);
    await handle.close();
  });
});
