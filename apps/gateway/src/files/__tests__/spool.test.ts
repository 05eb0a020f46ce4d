import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../load-config.js';
import { createLogger } from '../../logger.js';
import { FileRefusal } from '../refusals.js';
import { HeldBytes, SPOOL_PREFIX, filePieces, uploadSpool, type SpoolRoom } from '../spool.js';

const MiB = 1024 * 1024;
let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'gateway-spool-unit-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('the spool’s settings', () => {
  it('default to os.tmpdir(), 100 MiB for the replica and 20 MiB for an operator; read from the environment', () => {
    expect(loadConfig({}).uploadSpool).toEqual({
      dir: tmpdir(),
      maxBytes: 100 * MiB,
      maxBytesPerOperator: 20 * MiB,
    });
    expect(
      loadConfig({
        UPLOAD_SPOOL_DIR: '/var/spool/gateway',
        UPLOAD_SPOOL_MAX_BYTES: '1000',
        UPLOAD_SPOOL_MAX_BYTES_PER_OPERATOR: '500',
      }).uploadSpool,
    ).toEqual({ dir: '/var/spool/gateway', maxBytes: 1000, maxBytesPerOperator: 500 });
    expect(() => loadConfig({ UPLOAD_SPOOL_MAX_BYTES: '0' })).toThrow(/UPLOAD_SPOOL_MAX_BYTES/);
  });
});

describe('the spool’s room', () => {
  it('counts an operator’s and the replica’s bytes, inclusive, and gives them back once per room', async () => {
    const spool = uploadSpool({ dir: folder, maxBytes: 10, maxBytesPerOperator: 6 }, createLogger('silent'));
    const first = spool.reserve('ana', 6) as SpoolRoom;
    expect(first).not.toBeInstanceOf(FileRefusal);
    expect((spool.reserve('ana', 1) as FileRefusal).message).toMatch(/^Sus archivos en curso/);
    const second = spool.reserve('beto', 4) as SpoolRoom;
    expect(second).not.toBeInstanceOf(FileRefusal);
    expect((spool.reserve('carla', 1) as FileRefusal).message).toMatch(/^No hay espacio/);
    await first.release();
    await first.release();
    expect(spool.reserved().total).toBe(4);
    expect([...spool.reserved().byOperator]).toEqual([['beto', 4]]);
    await second.release();
    expect(spool.reserved()).toEqual({ total: 0, byOperator: new Map() });
  });

  it('writes a file in its own directory, reads it back in pieces, removes it', async () => {
    const spool = uploadSpool(
      { dir: folder, maxBytes: MiB, maxBytesPerOperator: MiB },
      createLogger('silent'),
    );
    await spool.ready();
    const room = spool.reserve('ana', 200_000) as SpoolRoom;
    const held = new HeldBytes();
    const writer = room.open(held);
    const bytes = Buffer.from(Array.from({ length: 200_000 }, (_, i) => i % 251));
    writer.write(bytes, Readable.from([]));
    await writer.finish();
    const read: Uint8Array[] = [];
    for await (const piece of filePieces(writer.path, bytes.length, held)) read.push(piece);
    expect(read.length).toBeGreaterThan(1);
    expect(Buffer.concat(read).equals(bytes)).toBe(true);
    expect(held.peak).toBeGreaterThanOrEqual(64 * 1024);
    const [directory] = (await readdir(folder)).filter((name) => name.startsWith(SPOOL_PREFIX));
    expect(await readdir(join(folder, directory!))).toHaveLength(1);
    await room.release();
    expect(await readdir(join(folder, directory!))).toEqual([]);
  });
});
