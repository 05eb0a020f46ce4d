import { ApolloServer } from '@apollo/server';
import { PERMISSIONS } from '@backoffice/schema';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { getNamedType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPlugin, targetIdsOf, type AuditEvent } from '../../audit/audit-plugin.js';
import { applyAuthDirective } from '../../auth/auth-directive.js';
import type { GatewayContext } from '../../gateway-context.js';
import { badUserInput } from '../../errors.js';
import { createLogger } from '../../logger.js';
import { buildSchema } from '../../schema.js';
import { UpstreamError, UpstreamTimeout } from '../../upstream/errors.js';
import { errorsOf, pool, postGraphql, startSecurityStack, type SecurityStack } from './harness.js';
import {
  harvestIds,
  operationFor,
  rootFields,
  sampleArgs,
  selectionFor,
  type IdPools,
} from './operations.js';

/**
 * The audit trail: exactly one structured event per root mutation field, allowed or denied, through the logger.
 */

const auditEvents = (lines: string[]) =>
  lines
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((entry) => entry.msg === 'audit') as unknown as Array<
    AuditEvent & { level: string; time: string }
  >;

describe('audit plugin (classification)', () => {
  const typeDefs = /* GraphQL */ `
    enum Permission {
      A
      B
    }
    directive @auth(requires: [Permission!]!) on FIELD_DEFINITION | OBJECT
    enum MutationOutcome {
      SUCCESS
      FAILED
      UNKNOWN
    }
    type OperationError {
      message: String!
      code: String
    }
    type Payload {
      outcome: MutationOutcome!
      error: OperationError
    }
    type Item {
      id: ID!
      outcome: MutationOutcome!
    }
    type Bulk {
      results: [Item!]!
    }
    input Change {
      id: ID!
      reason: String
      collectorId: ID
    }
    input Matching {
      filter: Change
      expectedCount: Int!
    }
    type Query {
      ping: String
    }
    type Mutation {
      act(id: ID!, reason: String, outcome: MutationOutcome = SUCCESS): Payload! @auth(requires: [A, B])
      bulk(ids: [ID!]!, reason: String!): Bulk! @auth(requires: [B])
      bulkMatching(matching: Matching!): Bulk! @auth(requires: [B])
      change(input: Change!): Payload! @auth(requires: [A])
      timeout(id: ID!): Payload @auth(requires: [A])
      rejected(id: ID!): Payload @auth(requires: [A])
      invalid(id: ID!): Payload @auth(requires: [A])
      broken(id: ID!): Payload @auth(requires: [A])
      flag: Boolean @auth(requires: [A])
    }
  `;
  const schema = applyAuthDirective(
    makeExecutableSchema({
      typeDefs,
      resolvers: {
        Mutation: {
          act: (_: unknown, args: { outcome: string }) => ({
            outcome: args.outcome,
            error: args.outcome === 'SUCCESS' ? null : { message: 'x', code: 'invalid_status' },
          }),
          bulk: (_: unknown, args: { ids: string[] }) => ({
            results: args.ids.map((id) => ({ id, outcome: id.startsWith('f') ? 'FAILED' : 'SUCCESS' })),
          }),
          bulkMatching: () => ({ results: ['4', '5'].map((id) => ({ id, outcome: 'SUCCESS' })) }),
          change: () => ({ outcome: 'SUCCESS' }),
          timeout: () => Promise.reject(new UpstreamTimeout('payment', 'POST', '/pagos/1', 100)),
          rejected: () => {
            throw new UpstreamError('payment', 409, 'invalid_status', 'payment_not_cancellable', 'internal');
          },
          invalid: () => {
            throw badUserInput('El identificador (id) no es válido.', 'id');
          },
          broken: () => {
            throw new TypeError('boom');
          },
          flag: () => null,
        },
      },
    }),
  );
  const lines: string[] = [];
  // Level "error": audit events are written whatever the level is.
  const logger = createLogger('error', (line) => lines.push(line));
  const apollo = new ApolloServer<GatewayContext>({ schema, plugins: [auditPlugin({ logger, schema })] });
  beforeAll(() => apollo.start());
  afterAll(() => apollo.stop());

  const run = async (query: string, permissions: string[], variables: Record<string, unknown> = {}) => {
    lines.length = 0;
    const contextValue = {
      user: { username: 'operador', permissions, subject: 's', name: null, email: null, token: 't' },
      requestId: 'req-1',
      meta: { operationName: null },
    } as unknown as GatewayContext;
    await apollo.executeOperation({ query, variables }, { contextValue });
    return auditEvents(lines).map(({ time: _time, level: _level, ...event }) => event);
  };
  const base = { msg: 'audit', event: 'audit', user: 'operador', operationName: null, requestId: 'req-1' };

  it('logs what was asked, who asked, with which permission, and the outcome', async () => {
    expect(
      await run('mutation { act(id: "7", reason: "  pedido del pagador  ") { outcome } }', ['B']),
    ).toEqual([
      {
        ...base,
        permissionUsed: 'B',
        operation: 'act',
        targetIds: ['7'],
        reason: 'pedido del pagador',
        result: 'success',
        errorCode: null,
      },
    ]);
    expect(await run('mutation Cancel { act(id: 7, outcome: FAILED) { outcome } }', ['A', 'B'])).toEqual([
      {
        ...base,
        operationName: 'Cancel',
        permissionUsed: 'A',
        operation: 'act',
        targetIds: ['7'],
        reason: null,
        result: 'failed',
        errorCode: 'invalid_status',
      },
    ]);
    // The payload's outcome counts even when the client did not select it.
    expect((await run('mutation { act(id: "7", outcome: UNKNOWN) { __typename } }', ['A']))[0]?.result).toBe(
      'unknown',
    );
  });

  it('logs denied calls, with no permission used', async () => {
    expect(await run('mutation { act(id: "7", reason: "r") { outcome } }', ['OTHER'])).toEqual([
      {
        ...base,
        permissionUsed: null,
        operation: 'act',
        targetIds: ['7'],
        reason: 'r',
        result: 'denied',
        errorCode: 'FORBIDDEN',
      },
    ]);
  });

  it('classifies errors: timeout unknown, upstream answer failed, invalid input failed, defects error', async () => {
    const results = async (field: string) =>
      (await run(`mutation { ${field}(id: "1") { outcome } }`, ['A']))[0];
    expect(await results('timeout')).toMatchObject({ result: 'unknown', errorCode: 'UPSTREAM_TIMEOUT' });
    expect(await results('rejected')).toMatchObject({ result: 'failed', errorCode: 'invalid_status' });
    expect(await results('invalid')).toMatchObject({ result: 'failed', errorCode: 'BAD_USER_INPUT' });
    expect(await results('broken')).toMatchObject({ result: 'error', errorCode: 'INTERNAL_SERVER_ERROR' });
    expect((await run('mutation { flag }', ['A']))[0]).toMatchObject({
      result: 'allowed',
      permissionUsed: 'A',
    });
  });

  it('lists bulk items, ids inside inputs, and one event per aliased call', async () => {
    const [bulk] = await run('mutation { bulk(ids: ["1", "f2", "3"], reason: "lote") { results { id } } }', [
      'B',
    ]);
    expect(bulk).toMatchObject({
      operation: 'bulk',
      targetIds: ['1', 'f2', '3'],
      reason: 'lote',
      result: 'failed',
      items: [
        { id: '1', result: 'success' },
        { id: 'f2', result: 'failed' },
        { id: '3', result: 'success' },
      ],
    });
    const change = await run('mutation($c: Change!) { change(input: $c) { outcome } }', ['A'], {
      c: { id: '9', reason: 'cambio', collectorId: '44' },
    });
    expect(change[0]).toMatchObject({ targetIds: ['9', '44'], reason: 'cambio', result: 'success' });
    const twice = await run(
      'mutation { a: act(id: "1") { outcome } b: act(id: "2") { outcome } ...F } fragment F on Mutation { c: flag }',
      ['A'],
    );
    expect(twice.map((e) => [e.operation, e.targetIds, e.result])).toEqual([
      ['act', ['1'], 'success'],
      ['act', ['2'], 'success'],
      ['flag', [], 'allowed'],
    ]);
  });

  it('writes the refused calls of one request as one short event, whatever its aliases', async () => {
    const ids = Array.from({ length: 200 }, (_, i) => `${i}`.padStart(128, 'x'));
    const aliases = Array.from(
      { length: 15 },
      (_, i) => `r${i}: bulk(ids: $ids, reason: $r) { results { id } }`,
    );
    const events = await run(
      `mutation($ids: [ID!]!, $r: String!) { act(id: "7") { outcome } ${aliases.join(' ')} }`,
      ['A'],
      { ids, r: 'y'.repeat(600) },
    );
    // The call that ran is its own event; the 15 refused ones are one.
    expect(events.map((e) => [e.operation, e.result])).toEqual([
      ['act', 'success'],
      ['bulk', 'denied'],
    ]);
    expect(events[1]).toEqual({
      ...base,
      permissionUsed: null,
      operation: 'bulk',
      targetIds: ids.slice(0, 10),
      targetCount: 200,
      reason: 'y'.repeat(200),
      result: 'denied',
      errorCode: 'FORBIDDEN',
      calls: 15,
    });
    const mixed = await run(
      'mutation { a: act(id: "1") { outcome } b: bulk(ids: ["2"], reason: "r") { results { id } } }',
      [],
    );
    expect(mixed).toEqual([
      expect.objectContaining({
        operation: 'act',
        targetIds: ['1', '2'],
        calls: 2,
        operations: ['act', 'bulk'],
      }),
    ]);
  });

  it('records a bulk over a filter as the filter, the confirmed count and the resulting ids', async () => {
    const [event] = await run(
      'mutation($m: Matching!) { bulkMatching(matching: $m) { results { id } } }',
      ['B'],
      { m: { filter: { id: '0', reason: 'x' }, expectedCount: 2 } },
    );
    expect(event).toMatchObject({
      operation: 'bulkMatching',
      result: 'success',
      matching: { filter: { id: '0', reason: 'x' }, expectedCount: 2 },
      items: [
        { id: '4', result: 'success' },
        { id: '5', result: 'success' },
      ],
    });
  });

  it('logs mutations refused for invalid variables, and nothing for queries or skipped fields', async () => {
    expect(await run('mutation($id: ID!) { act(id: $id) { outcome } }', ['A'], {})).toEqual([
      {
        ...base,
        permissionUsed: null,
        operation: 'act',
        targetIds: [],
        reason: null,
        result: 'denied',
        errorCode: 'BAD_USER_INPUT',
      },
    ]);
    expect(
      (await run('mutation($id: ID!) { act(id: $id) { outcome } }', ['OTHER'], { id: { x: 1 } }))[0],
    ).toMatchObject({ result: 'denied', permissionUsed: null });
    expect(await run('{ ping }', ['A'])).toEqual([]);
    expect(
      await run('mutation($s: Boolean!) { flag @skip(if: $s) act(id: "1") { outcome } }', ['A'], { s: true }),
    ).toHaveLength(1);
  });
});

describe('audit trail of every mutation of the schema, over HTTP', () => {
  let stack: SecurityStack;
  let pools: IdPools;
  const totals = { calls: 0, events: 0, denied: 0, allowed: 0 };
  const results: Record<string, number> = {};

  beforeAll(async () => {
    stack = await startSecurityStack({ captureLogs: true });
    const admin = await stack.tokenWith(PERMISSIONS);
    pools = await harvestIds(
      buildSchema(),
      async (query) =>
        (await postGraphql(stack.gateway.graphqlUrl, { query }, { authorization: `Bearer ${admin}` })).json,
    );
  });
  afterAll(async () => {
    console.log(
      `[audit] ${totals.calls} mutation calls, ${totals.events} audit events (${totals.denied} denied calls, ` +
        `${totals.allowed} permitted calls; results ${JSON.stringify(results)})`,
    );
    await stack?.close();
  });

  it('writes exactly one event per call, allowed or denied, with who, what, why and the request id', async () => {
    const schema = buildSchema();
    const mutations = rootFields(schema).filter((r) => r.kind === 'mutation');
    expect(mutations.length).toBeGreaterThan(1);
    const cases = mutations.flatMap((root) => {
      const needed = root.requirements.map((group) => group[0]!);
      const unrelated = PERMISSIONS.filter((p) => !root.requirements.some((group) => group.includes(p)));
      return [
        { root, permissions: needed, allowed: true },
        { root, permissions: [], allowed: false },
        { root, permissions: unrelated, allowed: false },
      ];
    });
    const outcomes = await pool(cases, 4, async ({ root, permissions, allowed }, index) => {
      const token = await stack.tokenWith(permissions);
      const requestId = `audit-${index}`;
      const args = sampleArgs(root, pools);
      const res = await postGraphql(
        stack.gateway.graphqlUrl,
        {
          query: operationFor(
            root,
            selectionFor(schema, getNamedType(root.field.type), 1, { skipGuarded: true }),
          ),
          variables: args,
        },
        { authorization: `Bearer ${token}`, 'x-request-id': requestId },
      );
      return { root, permissions, allowed, requestId, args, res, token };
    });
    const events = auditEvents(stack.logLines);
    for (const { root, permissions, allowed, requestId, args, res, token } of outcomes) {
      totals.calls++;
      const mine = events.filter((e) => e.requestId === requestId);
      const label = `${root.coordinate} with [${permissions.length > 3 ? `${permissions.length} permissions` : permissions.join(',')}]`;
      expect(mine, label).toHaveLength(1);
      const event = mine[0]!;
      totals.events++;
      results[event.result] = (results[event.result] ?? 0) + 1;
      expect(event, label).toMatchObject({
        event: 'audit',
        level: 'info',
        user: 'admin',
        operation: root.name,
        operationName: `M_${root.name}`,
        requestId,
      });
      // The ids the arguments name (id, ids, *Id, *Ids, one level into inputs; unit-tested with targetIdsOf):
      // the event carries what this request sent.
      expect([...event.targetIds].sort(), label).toEqual([...targetIdsOf(args)].sort());
      expect(event.reason, label).toBe(typeof args.reason === 'string' ? args.reason : null);
      const forbidden = errorsOf(res.json).some((e) => e.extensions?.code === 'FORBIDDEN');
      if (allowed) {
        totals.allowed++;
        expect(forbidden, label).toBe(false);
        expect(event.result, label).not.toBe('denied');
        expect(['allowed', 'success', 'failed', 'unknown'], label).toContain(event.result);
        expect(event.permissionUsed, label).toBe(permissions.join('+'));
      } else {
        totals.denied++;
        expect(forbidden, label).toBe(true);
        expect(event, label).toMatchObject({
          result: 'denied',
          permissionUsed: null,
          errorCode: 'FORBIDDEN',
        });
      }
      expect(JSON.stringify(mine)).not.toContain(token.split('.')[2]!);
    }
  }, 60_000);

  it('writes no audit event for queries', async () => {
    const before = auditEvents(stack.logLines).length;
    await postGraphql(
      stack.gateway.graphqlUrl,
      { query: '{ me { username } payments { total } }' },
      { authorization: `Bearer ${await stack.tokenWith(PERMISSIONS)}` },
    );
    expect(auditEvents(stack.logLines).length).toBe(before);
  });
});
