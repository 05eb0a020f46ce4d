// The sandbox's examples work on the seeded data as they are: run as a developer signed in as
// `operador` runs them, against the stubs, each answers without an error it does not mean to show, the refund
// is a SUCCESS, and every page load has its own idempotency key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../../__tests__/http-helpers.js';
import { startLocalGateway } from '../../__tests__/local-gateway.js';
import { sharedStack, type SharedStack } from '../../__tests__/shared-stack.js';
import type { RunningGateway } from '../../index.js';
import { makeExamples, newIdempotencyKey, REFUNDABLE_PAYMENT_ID } from '../ui/examples.js';

let stack: SharedStack;
let gateway: RunningGateway;
let token: string;

beforeAll(async () => {
  stack = await sharedStack();
  gateway = await startLocalGateway(stack.stubs.url, stack.emulator);
  token = await stack.emulator.accessTokenFor('operador');
});
afterAll(async () => {
  await gateway?.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the sandbox’s examples', () => {
  it('answer on the seeded data, the refund a SUCCESS, only the permissions example with FORBIDDEN', async () => {
    await stack.stubs.reset();
    for (const example of makeExamples()) {
      const res = await gql(gateway.graphqlUrl, example.query, {
        token,
        variables: JSON.parse(example.variables ?? '{}') as Record<string, unknown>,
      });
      const codes = (res.body.errors ?? []).map((error) => error.extensions?.code);
      const expected = /^# Permisos/.test(example.query) ? ['FORBIDDEN'] : [];
      expect(codes, example.query.split('\n')[0]).toEqual(expected);
      if (/^mutation /m.test(example.query)) {
        const [answer] = Object.values(res.body.data ?? {}) as {
          outcome: string;
          payment?: { id: string };
        }[];
        expect(answer?.outcome, example.query.split('\n')[0]).toBe('SUCCESS');
      }
    }
  });

  it('refund the refundable fixture with a key of their own per load', () => {
    const variablesOf = () =>
      makeExamples()
        .filter((example) => /refundPayment\(/.test(example.query))
        .map((example) => JSON.parse(example.variables!) as { id: string; idempotencyKey: string });
    const [first] = variablesOf();
    const [second] = variablesOf();
    expect(first!.id).toBe(REFUNDABLE_PAYMENT_ID);
    expect(first!.idempotencyKey).toMatch(UUID);
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
  });

  it('make a UUID v4 without randomUUID too (a sandbox opened at a LAN address is no secure context)', () => {
    const randomUUID = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      expect(newIdempotencyKey()).toMatch(UUID);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });
});
