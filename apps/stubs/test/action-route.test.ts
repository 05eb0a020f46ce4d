import express, { type NextFunction, type Request, type Response } from 'express';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { actionRoutes, operationOf } from '../src/lib/action-route.js';
import { HttpError, notFound } from '../src/lib/errors.js';
import type { ActionResult } from '../src/lib/service.js';
import type { Loose } from './helpers.js';

/** A minimal service context: forced failures and a key store, as app.ts provides them. */
interface Store {
  counters: Map<string, number>;
}

let store: Store;
let failures: { operation: string; id: string }[];
const keys = new Map<string, ActionResult>();
let server: import('node:http').Server;
let base: string;

beforeAll(async () => {
  const router = express.Router();
  const action = actionRoutes<Store, { id: string; count: number }>(
    router,
    {
      store: () => store,
      forcedFailureOf: (operation) => (id) =>
        failures.some((failure) => failure.operation === operation && failure.id === id)
          ? new HttpError(409, 'invalid_status', 'forced_failure', 'Falla forzada por el simulador.')
          : undefined,
      idempotent: (handler) => (req: Request, res: Response) => {
        const key = req.get('idempotency-key');
        const stored = key ? keys.get(key) : undefined;
        let result = stored;
        if (!result) {
          try {
            result = handler(req);
          } catch (error) {
            if (!(error instanceof HttpError)) throw error;
            result = { status: error.status, body: error.toBody() };
          }
          if (key) keys.set(key, result);
        }
        res.status(result.status).json(result.body);
      },
    },
    (current, id) => {
      const count = current.counters.get(id);
      if (count === undefined) throw notFound('thing_not_found', `No existe ${id}.`);
      return { id, count };
    },
  );
  const bump = (current: Store, thing: { id: string; count: number }): ActionResult => {
    current.counters.set(thing.id, thing.count + 1);
    return { status: 200, body: { id: thing.id, count: thing.count + 1 } };
  };
  action('post', '/cosas/:id/sumar', bump);
  action('put', '/cosas/:id/valor', (current, thing, req) => {
    const value = (req.body as { value?: unknown }).value;
    if (typeof value !== 'number')
      throw new HttpError(422, 'validation_error', 'invalid_value', 'Valor inválido.');
    current.counters.set(thing.id, value);
    return { status: 200, body: { id: thing.id, count: value } };
  });
  action('delete', '/cosas/:id/valor', (current, thing) => {
    current.counters.set(thing.id, 0);
    return { status: 200, body: { id: thing.id, count: 0 } };
  });
  const app = express();
  app.use(express.json(), router);
  app.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (error instanceof HttpError) return res.status(error.status).json(error.toBody());
    return next(error);
  });
  server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  store = { counters: new Map([['1', 0]]) };
  failures = [];
  keys.clear();
});

async function call(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Loose }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describe('actionRoutes', () => {
  it('names the operation after the last path segment', () => {
    expect(operationOf('/pagos/:id/cancelar')).toBe('cancelar');
    expect(operationOf('/suscripciones/:id/medio-de-pago')).toBe('medio-de-pago');
  });

  it('runs the action on the document the id names, with the current store', async () => {
    expect(await call('POST', '/cosas/1/sumar')).toEqual({ status: 200, body: { id: '1', count: 1 } });
    store = { counters: new Map([['1', 41]]) };
    expect((await call('POST', '/cosas/1/sumar')).body.count).toBe(42);
    expect(await call('PUT', '/cosas/1/valor', { value: 7 })).toEqual({
      status: 200,
      body: { id: '1', count: 7 },
    });
    expect(await call('DELETE', '/cosas/1/valor')).toEqual({ status: 200, body: { id: '1', count: 0 } });
  });

  it('answers the finder 404 and the action errors with their status', async () => {
    expect(await call('POST', '/cosas/9/sumar')).toMatchObject({
      status: 404,
      body: { extended_code: 'thing_not_found' },
    });
    expect(await call('PUT', '/cosas/1/valor', { value: 'x' })).toMatchObject({
      status: 422,
      body: { extended_code: 'invalid_value' },
    });
  });

  it('answers a forced failure first, for that operation and id only, without running the action', async () => {
    failures = [{ operation: 'sumar', id: '1' }];
    expect(await call('POST', '/cosas/1/sumar')).toMatchObject({
      status: 409,
      body: { extended_code: 'forced_failure' },
    });
    expect(store.counters.get('1')).toBe(0);
    // Forced failures come before the finder too: an unknown id with a forced failure answers the failure.
    failures = [{ operation: 'sumar', id: '9' }];
    expect((await call('POST', '/cosas/9/sumar')).body.extended_code).toBe('forced_failure');
    // Another operation of the same id runs.
    expect((await call('PUT', '/cosas/9/valor', { value: 1 })).status).toBe(404);
  });

  it('checks forced failures before idempotency: a stored key does not hide a forced failure', async () => {
    const key = { 'idempotency-key': 'k-1' };
    expect((await call('POST', '/cosas/1/sumar', undefined, key)).body.count).toBe(1);
    expect((await call('POST', '/cosas/1/sumar', undefined, key)).body.count).toBe(1);
    expect(store.counters.get('1')).toBe(1);
    failures = [{ operation: 'sumar', id: '1' }];
    expect((await call('POST', '/cosas/1/sumar', undefined, key)).status).toBe(409);
    failures = [];
    expect((await call('POST', '/cosas/1/sumar', undefined, key)).body.count).toBe(1);
  });

  it('refuses a path without :id', () => {
    const action = actionRoutes(
      express.Router(),
      { store: () => store, forcedFailureOf: () => () => undefined, idempotent: () => () => undefined },
      () => ({}),
    );
    expect(() => action('post', '/cosas/sumar', () => ({ status: 200, body: null }))).toThrow(/:id/);
  });
});
