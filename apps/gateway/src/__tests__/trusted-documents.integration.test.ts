import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../index.js';
import { WEB_DOCUMENTS } from '../generated/web-documents.js';
import { WEB_CLIENT_NAME } from '../execution/trusted-documents.js';
import { sharedStack, type SharedEmulator } from './shared-stack.js';
import { startLocalGateway } from './local-gateway.js';

/**
 * Trusted documents for the web, over HTTP with a real token: the web sends an operation's hash alone and the
 * gateway runs its own copy of the text; with WEB_TRUSTED_DOCUMENTS_ONLY a request naming the web's client runs only
 * those; other clients (the sandbox, other teams) send any document; nothing a client sends becomes trusted.
 */

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const webDocument = (name: string) =>
  [...WEB_DOCUMENTS].find(([, text]) => text.startsWith(`query ${name}(`))!;

let emulator: SharedEmulator;
let strict: RunningGateway;
let open: RunningGateway;

beforeAll(async () => {
  const stack = await sharedStack();
  emulator = stack.emulator;
  const stubsUrl = stack.stubs.url;
  [strict, open] = await Promise.all([
    startLocalGateway(stubsUrl, emulator, { webTrustedDocumentsOnly: true }),
    startLocalGateway(stubsUrl, emulator, { webTrustedDocumentsOnly: false }),
  ]);
});
afterAll(async () => {
  await Promise.all([strict?.close(), open?.close()]);
});

async function post(gateway: RunningGateway, body: object, client: string | null) {
  const text = JSON.stringify(body);
  const response = await fetch(gateway.graphqlUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await emulator.accessTokenFor('operador')}`,
      ...(client ? { 'apollographql-client-name': client } : {}),
    },
    body: text,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each case reads what it asked
  return { status: response.status, body: (await response.json()) as any, bytes: Buffer.byteLength(text) };
}

const DETAIL_VARIABLES = { id: '1000018', withFees: false, withBatch: false };

const byHash = (hash: string, operationName = 'PaymentDetail', variables: object = DETAIL_VARIABLES) => ({
  operationName,
  variables,
  extensions: { persistedQuery: { version: 1, sha256Hash: hash } },
});

describe('trusted documents', () => {
  it('runs a web operation sent by its hash alone, a fraction of the bytes of its text', async () => {
    const [hash, text] = webDocument('PaymentDetail');
    expect(sha256(text)).toBe(hash);
    const hashed = await post(strict, byHash(hash), WEB_CLIENT_NAME);
    expect(hashed.status).toBe(200);
    expect(hashed.body.data.payment.id).toBe('1000018');
    const full = await post(
      strict,
      { operationName: 'PaymentDetail', query: text, variables: DETAIL_VARIABLES },
      WEB_CLIENT_NAME,
    );
    expect(full.body.data).toEqual(hashed.body.data);
    expect(hashed.bytes * 10).toBeLessThan(full.bytes);
  });

  it("refuses another document in the web's name with trusted documents only; other clients send any", async () => {
    const own = 'query Mine { me { username } }';
    const refused = await post(strict, { query: own }, WEB_CLIENT_NAME);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].extensions.code).toBe('TRUSTED_DOCUMENT_REQUIRED');
    expect(refused.body.data).toBeUndefined();
    expect((await post(strict, { query: own }, 'otro-equipo')).body.data.me.username).toBe('operador');
    expect((await post(strict, { query: own }, null)).body.data.me.username).toBe('operador');
    // Off (outside production by default), the web's name restricts nothing.
    expect((await post(open, { query: own }, WEB_CLIENT_NAME)).body.data.me.username).toBe('operador');
  });

  it('never trusts what a client sends: an unknown hash is not found, before and after its text was sent', async () => {
    const own = 'query Yours { me { name } }';
    const hash = sha256(own);
    const unknown = await post(strict, byHash(hash, 'Yours', {}), null);
    expect(unknown.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    const registered = await post(
      strict,
      { query: own, extensions: { persistedQuery: { version: 1, sha256Hash: hash } } },
      null,
    );
    expect(registered.body.data.me).toBeDefined();
    const again = await post(strict, byHash(hash, 'Yours', {}), null);
    expect(again.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });
});
