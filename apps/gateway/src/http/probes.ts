/**
 * The routes that serve no operator: the probes (/healthz, /readyz) and, with the test profile only, the store's
 * reset of a test namespace. No token, no rate limit, never cached.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { STORE_UNAVAILABLE_MESSAGE, type StoreHandle } from '../activity/store-handle.js';
import { testNamespaceFrom } from '../upstream/test-namespace.js';
import { gatewayLocals } from './access-log.js';
import { graphqlErrorBody } from './operator-gate.js';
import { sendJson } from './plain.js';

const probe = (res: ServerResponse, status: number, body: unknown) => {
  res.setHeader('cache-control', 'no-store');
  sendJson(res, status, body);
};

/** /healthz: the process answers. */
export const healthz = (_req: IncomingMessage, res: ServerResponse): void =>
  probe(res, 200, { status: 'ok' });

/**
 * /readyz: ready once the store is open (a money move needs it), until the stop begins. A store that drops
 * later keeps the replica ready: reads and screens work, moves are refused with a message. Readiness is this
 * process's own: a Keycloak outage stays inside the requests that need a key (their 503), instead of taking every
 * replica out of rotation at once.
 */
export function readyz(state: () => { stopping: boolean; storeOpened: boolean }) {
  return (_req: IncomingMessage, res: ServerResponse): void => {
    const { stopping, storeOpened } = state();
    const status = stopping ? 'stopping' : storeOpened ? 'ok' : 'store_not_open';
    probe(res, status === 'ok' ? 200 : 503, { status });
  };
}

/** The namespace a reset names: its query parameter, else the request's header, else the default one (''). */
function namespaceToReset(req: IncomingMessage, res: ServerResponse): string | null {
  const named = new URLSearchParams(req.url?.split('?')[1] ?? '').get('namespace');
  return named === null ? (gatewayLocals(res).testNamespace ?? '') : named && testNamespaceFrom(named);
}

/**
 * Test profile only (`TEST_NAMESPACES`): `POST /__admin/reset-store?namespace=<name>` (or the `x-test-namespace`
 * header; neither: the default namespace) deletes that namespace's rows of the store, activity and preferences:
 * the test stack's stubs call it on each `POST /__admin/reset` (docs/testing-integration.md §4). No token, as the
 * stubs' admin calls; without the profile the path does not exist (404).
 */
export function resetStore(store: StoreHandle | null) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    res.setHeader('cache-control', 'no-store');
    if (req.method !== 'POST') {
      res.setHeader('allow', 'POST');
      sendJson(res, 405, graphqlErrorBody('Use POST.', 'METHOD_NOT_ALLOWED'));
      return;
    }
    const namespace = namespaceToReset(req, res);
    if (namespace === null) {
      const message = "El espacio de pruebas debe tener de 1 a 64 letras, dígitos, '.', '_', ':' o '-'.";
      sendJson(res, 400, graphqlErrorBody(message, 'BAD_REQUEST'));
      return;
    }
    const opened = store ? (store.current() ?? (await store.ready())) : null;
    if (!opened) {
      sendJson(res, 503, graphqlErrorBody(STORE_UNAVAILABLE_MESSAGE, 'STORE_UNAVAILABLE'));
      return;
    }
    const cleared = await opened.clearNamespace(namespace);
    sendJson(res, 200, { status: 'ok', namespace, ...cleared });
  };
}
