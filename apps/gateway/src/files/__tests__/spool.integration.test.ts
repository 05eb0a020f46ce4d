import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GatewayConfig } from '../../config.js';
import type { RunningGateway } from '../../index.js';
import { startLocalGateway } from '../../__tests__/local-gateway.js';
import { rawRequest, type RawAnswer, type RawRequest } from '../../__tests__/raw-http.js';
import { startSourceGateway, type GatewayProcess } from '../../__tests__/gateway-process.js';
import { sharedStack, type SharedEmulator, type SharedStubs } from '../../__tests__/shared-stack.js';
import type { OperatorGate } from '../../http/operator-gate.js';
import { loadConfig } from '../../load-config.js';
import { createLogger } from '../../logger.js';
import { MODULE_FILE_ROUTES } from '../../modules.js';
import { filesRouter } from '../router.js';
import { SPOOL_PREFIX, spoolDirectoryName, spoolStats } from '../spool.js';

/**
 * Uploads spooled to disk (files/spool.ts) through the real /files/importaciones route against the stubs: what an
 * upload of several MiB holds in memory at a time, the disk room of an operator and of the replica (refused in
 * Spanish before the body is read, nothing sent), the spooled file removed however the upload ends, and a killed
 * process's directory removed at start. Each gateway spools under a folder of this file's own.
 */

const MiB = 1024 * 1024;
/** The most an upload may hold in memory at a time, whatever its size. */
const MEMORY_BOUND = 2 * MiB;
const BOUNDARY = 'SpoolBoundary';

let stubs: SharedStubs;
let emulator: SharedEmulator;
let folder: string;
const gateways: RunningGateway[] = [];
let tesoreria: string;
let admin: string;

beforeAll(async () => {
  [{ stubs, emulator }, folder] = await Promise.all([
    sharedStack(),
    mkdtemp(join(tmpdir(), 'gateway-spool-test-')),
  ]);
  [tesoreria, admin] = (await Promise.all(['tesoreria', 'admin'].map((u) => emulator.accessTokenFor(u)))) as [
    string,
    string,
  ];
});
afterEach(async () => {
  await stubs.reset();
});
afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.close()));
  await rm(folder, { recursive: true, force: true });
});

/** A gateway spooling in its own folder under this file's (its directory found by `spooled`). */
async function gatewayWith(
  spool: Partial<GatewayConfig['uploadSpool']> = {},
): Promise<{ gateway: RunningGateway; dir: string }> {
  const dir = await mkdtemp(join(folder, 'replica-'));
  const gateway = await startLocalGateway(stubs.url, emulator, {
    uploadSpool: { dir, maxBytes: 100 * MiB, maxBytesPerOperator: 20 * MiB, ...spool },
  });
  gateways.push(gateway);
  return { gateway, dir };
}

/** The files spooled now under `dir` (in its replica directories). */
async function spooled(dir: string): Promise<string[]> {
  const directories = (await readdir(dir)).filter((name) => name.startsWith(SPOOL_PREFIX));
  const files = await Promise.all(
    directories.map(async (name) => (await readdir(join(dir, name))).map((file) => join(name, file))),
  );
  return files.flat();
}

/**
 * An import CSV of about `bytes`, every line different: long descriptions, so that a file of several MiB stays
 * within the service's 5,000 rows.
 */
function importCsv(bytes: number): string {
  const lines = ['external_transaction_id,concept_id,concept_description,amount,payer_email'];
  const description = 'x'.repeat(Math.max(0, Math.ceil(bytes / 4000) - 60));
  let size = lines[0]!.length;
  for (let i = 0; size < bytes; i++) {
    const line = `EXT-${i},1,Cuota ${i} ${description},10.00,pagador${i}@example.com`;
    lines.push(line);
    size += line.length + 2;
  }
  return lines.join('\r\n');
}

function importForm(name: string, content: string | Uint8Array): FormData {
  const form = new FormData();
  form.append('collector_id', '10001');
  form.append('file', new Blob([content]), name);
  return form;
}

const upload = (gateway: RunningGateway, form: FormData, token = tesoreria) =>
  fetch(`${gateway.url}/files/importaciones`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });

/** An import's multipart body of `size` bytes in all (a CSV file padded to it), written by hand. */
function rawBody(size: number): Buffer {
  const head =
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="collector_id"\r\n\r\n10001\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="cuotas.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  const tail = `\r\n--${BOUNDARY}--\r\n`;
  const csv = importCsv(size - head.length - tail.length).slice(0, size - head.length - tail.length);
  return Buffer.from(head + csv + tail);
}

/**
 * An import's body written on a socket as `request` says (all of it by default), its Content-Length `declared` (the
 * body's own by default); answers once the gateway closes the connection, or `signal` aborts (the client leaves).
 */
function rawImport(
  gateway: Pick<RunningGateway, 'url'>,
  token: string,
  body: Buffer,
  request: Partial<Pick<RawRequest, 'signal'>> & { declared?: number } = {},
): Promise<RawAnswer> {
  const { declared = body.length, ...rest } = request;
  const multipart = `multipart/form-data; boundary=${BOUNDARY}`;
  // Connection: close: the answer is read until the gateway closes the connection.
  const framing = { 'content-type': multipart, 'content-length': String(declared), connection: 'close' };
  return rawRequest({
    url: gateway.url,
    path: '/files/importaciones',
    headers: { authorization: `Bearer ${token}`, ...framing },
    body,
    ...rest,
  });
}

/** An upload of `body` that sends its first `sent` bytes and then nothing, until `signal` aborts. */
const heldUpload = (
  gateway: Pick<RunningGateway, 'url'>,
  body: Buffer,
  sent: number,
  token: string,
  signal: AbortSignal,
) => rawImport(gateway, token, body.subarray(0, sent), { declared: body.length, signal });

const importPosts = async () =>
  (
    (await (await fetch(`${stubs.url}/__admin/requests?service=import`)).json()) as Array<{ method: string }>
  ).filter((call) => call.method === 'POST').length;

/** A frame of the gateway's files code (its tests' frames aside). */
const FILES_CODE = /[\\/]src[\\/]files[\\/][\w-]+\.ts:/;

/**
 * The largest buffer Buffer.concat or Buffer.allocUnsafe made for the gateway's files code while `run` ran: a file
 * joined or read whole shows here, whatever the spool's counters say.
 */
async function largestFilesBuffer(run: () => Promise<void>): Promise<number> {
  let largest = 0;
  const noted = <T extends Buffer>(buffer: T): T => {
    if (FILES_CODE.test(new Error().stack ?? '')) largest = Math.max(largest, buffer.length);
    return buffer;
  };
  const concat = Buffer.concat.bind(Buffer);
  const allocUnsafe = Buffer.allocUnsafe.bind(Buffer);
  const spies = [
    vi.spyOn(Buffer, 'concat').mockImplementation((list, length) => noted(concat(list, length))),
    vi.spyOn(Buffer, 'allocUnsafe').mockImplementation((size) => noted(allocUnsafe(size))),
  ];
  try {
    await run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return largest;
}

/** A 429 of the disk room, in the /files refusal shape, from a raw answer. */
function expectRoomRefusal(answer: RawAnswer, message: string) {
  expect(answer.status, answer.text).toBe(429);
  expect(JSON.parse(answer.text.slice(answer.text.indexOf('\r\n\r\n') + 4))).toEqual({
    error: { code: 'TOO_MANY_UPLOADS', message },
  });
}

describe('an upload of several MiB', { timeout: 120_000 }, () => {
  it('holds at most 2 MiB in memory at a time, its file never joined, and reaches the service whole', async () => {
    const { gateway, dir } = await gatewayWith();
    const csv = importCsv(6 * MiB);
    spoolStats.largestHeldBytes = 0;
    let answer: Response | undefined;
    const largest = await largestFilesBuffer(async () => {
      answer = await upload(gateway, importForm('cuotas.csv', csv));
    });
    expect(answer!.status, await answer!.clone().text()).toBe(201);
    // Every row reached the service: the file was forwarded whole.
    expect(await answer!.json()).toMatchObject({ request_count: csv.split('\r\n').length - 1 });
    expect(spoolStats.largestHeldBytes).toBeGreaterThan(0);
    expect(spoolStats.largestHeldBytes).toBeLessThanOrEqual(MEMORY_BOUND);
    expect(largest).toBeLessThanOrEqual(MEMORY_BOUND);
    await expect.poll(() => spooled(dir)).toEqual([]);
  });

  it('an XLSX of several MiB is checked as an archive from its spooled file, within the same bound', async () => {
    const { gateway, dir } = await gatewayWith();
    // Stored, not deflated: 6 MiB of archive whose every byte the check and the forward read.
    const sheet = Uint8Array.from({ length: 6 * MiB }, (_, i) => (i * 7919) % 251);
    const xlsx = zipSync(
      { '[Content_Types].xml': new TextEncoder().encode('<Types/>'), 'xl/a.bin': sheet },
      {
        level: 0,
      },
    );
    spoolStats.largestHeldBytes = 0;
    const largest = await largestFilesBuffer(async () => {
      // Not a workbook the service can read: it answers a refusal, after the gateway checked and sent it all.
      const answer = await upload(gateway, importForm('cuotas.xlsx', xlsx));
      expect(answer.status, await answer.clone().text()).toBe(422);
    });
    expect(await importPosts()).toBe(1);
    expect(spoolStats.largestHeldBytes).toBeGreaterThan(0);
    expect(spoolStats.largestHeldBytes).toBeLessThanOrEqual(MEMORY_BOUND);
    expect(largest).toBeLessThanOrEqual(MEMORY_BOUND);
    await expect.poll(() => spooled(dir)).toEqual([]);
  });
});

describe('the disk room of uploads in flight', { timeout: 120_000 }, () => {
  const OWN_ROOM =
    'Sus archivos en curso ya ocupan el espacio para subidas de un operador (12 MB); espere a que terminen y vuelva a intentar.';
  const REPLICA_ROOM =
    'No hay espacio para recibir más archivos en este momento; vuelva a intentar en unos segundos.';

  it('refuses past the operator’s room and past the replica’s, before the body, nothing sent; room comes back', async () => {
    const { gateway, dir } = await gatewayWith({ maxBytes: 14 * MiB, maxBytesPerOperator: 12 * MiB });
    const leave = new AbortController();
    // 10 MiB declared, its first 64 KiB sent: the room of its declared length is taken and its file spooled.
    const held = heldUpload(gateway, rawBody(10 * MiB), 64 * 1024, tesoreria, leave.signal);
    await expect.poll(async () => (await spooled(dir)).length).toBe(1);

    const send = (size: number, token: string) => rawImport(gateway, token, rawBody(size));
    // The same operator: 10 + 3 MiB is past its 12.
    expectRoomRefusal(await send(3 * MiB, tesoreria), OWN_ROOM);
    // Another operator: 10 + 5 MiB is past the replica's 14.
    expectRoomRefusal(await send(5 * MiB, admin), REPLICA_ROOM);
    expect(await importPosts()).toBe(0);
    expect(await spooled(dir)).toHaveLength(1);

    // Within both, while the first is still held: received and sent.
    const within = await send(2 * MiB, admin);
    expect(within.status, within.text).toBe(201);
    expect(await importPosts()).toBe(1);

    // The held client leaves: its file is removed and its room given back.
    leave.abort();
    expect((await held).status).toBeNull();
    await expect.poll(() => spooled(dir)).toEqual([]);
    const again = await send(5 * MiB, tesoreria);
    expect(again.status, again.text).toBe(201);
  });

  it('a route whose files one operator’s room cannot hold: the gateway does not start', () => {
    const config = loadConfig({
      UPLOAD_SPOOL_DIR: folder,
      UPLOAD_SPOOL_MAX_BYTES_PER_OPERATOR: String(5 * MiB),
    });
    expect(() =>
      filesRouter({
        config,
        gate: {} as OperatorGate,
        logger: createLogger('silent'),
        routes: MODULE_FILE_ROUTES,
      }),
    ).toThrow(/UPLOAD_SPOOL_MAX_BYTES_PER_OPERATOR \(5242880\) is below the \/importaciones upload's limit/);
  });
});

describe('the spooled file is removed however the upload ends', { timeout: 120_000 }, () => {
  it('accepted and sent', async () => {
    const { gateway, dir } = await gatewayWith();
    const created = spoolStats.filesCreated;
    expect((await upload(gateway, importForm('cuotas.csv', importCsv(64 * 1024)))).status).toBe(201);
    expect(spoolStats.filesCreated).toBe(created + 1);
    await expect.poll(() => spooled(dir)).toEqual([]);
  });

  it('refused: a bomb, a file over the limit, a content not of its type, NUL bytes in a CSV', async () => {
    const { gateway, dir } = await gatewayWith();
    const created = spoolStats.filesCreated;
    // About 100 KB expanding to 101 MiB (zip-check.test.ts says how it was made).
    const bomb = await readFile(new URL('./fixtures/bomb-101-mib.xlsx', import.meta.url));
    const refusals: Array<[FormData, number, RegExp]> = [
      [importForm('bomba.xlsx', bomb), 413, /descomprimido supera el tamaño máximo permitido \(100 MB\)/],
      [importForm('grande.csv', importCsv(10 * MiB + 1)), 413, /supera el tamaño máximo permitido \(10 MB\)/],
      [importForm('cuotas.xlsx', importCsv(1024)), 415, /El tipo de archivo no es válido/],
      [importForm('cuotas.csv', `id,monto\n1,\u0000\u0001\n`), 415, /El tipo de archivo no es válido/],
    ];
    for (const [form, status, message] of refusals) {
      const answer = await upload(gateway, form);
      expect(answer.status).toBe(status);
      expect(((await answer.json()) as { error: { message: string } }).error.message).toMatch(message);
    }
    expect(spoolStats.filesCreated).toBe(created + refusals.length);
    expect(await importPosts()).toBe(0);
    await expect.poll(() => spooled(dir)).toEqual([]);
  });

  it('a client that leaves mid-upload', async () => {
    const { gateway, dir } = await gatewayWith();
    const leave = new AbortController();
    const held = heldUpload(gateway, rawBody(4 * MiB), 256 * 1024, tesoreria, leave.signal);
    await expect.poll(async () => (await spooled(dir)).length).toBe(1);
    leave.abort();
    expect((await held).status).toBeNull();
    await expect.poll(() => spooled(dir)).toEqual([]);
    expect(await importPosts()).toBe(0);
  });

  it('an upload cut inside its file (the body ends there): 400 in Spanish', async () => {
    const { gateway, dir } = await gatewayWith();
    const cut = rawBody(MiB).subarray(0, MiB / 2);
    const answer = await rawImport(gateway, tesoreria, cut);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.text).toContain('El formulario enviado no es válido.');
    await expect.poll(() => spooled(dir)).toEqual([]);
    expect(await importPosts()).toBe(0);
  });

  it('a spool folder that cannot be written: 503 in Spanish, nothing sent, the gateway still serving', async () => {
    // A folder under a file: its directory can never be made.
    const file = join(folder, 'not-a-folder');
    await writeFile(file, '');
    const gateway = await startLocalGateway(stubs.url, emulator, {
      uploadSpool: { dir: join(file, 'spool'), maxBytes: 100 * MiB, maxBytesPerOperator: 20 * MiB },
    });
    gateways.push(gateway);
    const answer = await upload(gateway, importForm('cuotas.csv', importCsv(1024)));
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({
      error: {
        code: 'UPLOAD_UNAVAILABLE',
        message:
          'No se pudo recibir el archivo en este momento; no se envió nada. Vuelva a intentar en unos segundos.',
      },
    });
    expect(await importPosts()).toBe(0);
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
  });

  it('a service that fails: 502 in Spanish', async () => {
    const { gateway, dir } = await gatewayWith();
    const fault = await fetch(`${stubs.url}/__admin/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ service: 'import', method: 'POST', path: '/import/pagos', errorRate: 1 }),
    });
    expect(fault.ok, await fault.text()).toBe(true);
    const answer = await upload(gateway, importForm('cuotas.csv', importCsv(MiB)));
    expect(answer.status).toBe(502);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toMatch(/Referencia/);
    await expect.poll(() => spooled(dir)).toEqual([]);
  });
});

describe('a killed process’s spooled files', { timeout: 120_000 }, () => {
  /** The pid of a process that has ended (a child run and waited for). */
  async function deadPid(): Promise<number> {
    const child = spawn(process.execPath, ['-e', '']);
    await once(child, 'exit');
    return child.pid!;
  }

  it('are removed when a gateway starts; a live process’s and another host’s are left alone', async () => {
    const dir = await mkdtemp(join(folder, 'restart-'));
    const killed = spoolDirectoryName(await deadPid());
    const live = spoolDirectoryName(process.ppid);
    const otherHost = spoolDirectoryName(await deadPid(), 'ffffffff');
    const notOurs = 'backoffice-other-things';
    for (const name of [killed, live, otherHost, notOurs]) {
      await mkdir(join(dir, name));
      await writeFile(join(dir, name, 'a-file'), 'x'.repeat(1024));
    }
    const gateway = await startLocalGateway(stubs.url, emulator, {
      uploadSpool: { dir, maxBytes: 100 * MiB, maxBytesPerOperator: 20 * MiB },
    });
    gateways.push(gateway);
    await expect.poll(async () => (await readdir(dir)).sort()).toEqual([live, otherHost, notOurs].sort());
  });

  it('a gateway killed mid-upload leaves its file; the next gateway to start on the host removes it', async () => {
    const dir = await mkdtemp(join(folder, 'killed-'));
    const stack = { stubsUrl: stubs.url, issuer: emulator.issuer, jwksUrl: emulator.jwksUrl };
    const children: ChildProcess[] = [];
    const start = (): Promise<GatewayProcess> =>
      startSourceGateway(stack, { UPLOAD_SPOOL_DIR: dir }, (child) => children.push(child));
    try {
      const killed = await start();
      const leave = new AbortController();
      const held = heldUpload(killed, rawBody(4 * MiB), 256 * 1024, tesoreria, leave.signal);
      await expect.poll(async () => (await spooled(dir)).length).toBe(1);
      killed.child.kill('SIGKILL');
      await killed.exited;
      leave.abort();
      await held;
      // What it was receiving stays on disk: nobody removed it.
      expect(await spooled(dir)).toHaveLength(1);
      await start();
      await expect
        .poll(async () => (await readdir(dir)).filter((name) => name.startsWith(SPOOL_PREFIX)))
        .toEqual([]);
    } finally {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 240_000);
});
