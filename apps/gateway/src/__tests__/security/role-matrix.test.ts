import { PERMISSIONS } from '@backoffice/schema';
import {
  getNamedType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFieldPermissions } from '../../auth/auth-directive.js';
import { PUBLIC_MUTATIONS, PUBLIC_ROOT_FIELDS } from '../../auth/public-fields.js';
import { FORBIDDEN_MESSAGE } from '../../upstream/error-catalogue.js';
import { buildSchema } from '../../schema.js';
import {
  errorsOf,
  pool,
  postGraphql,
  startSecurityStack,
  type RawResponse,
  type SecurityStack,
} from './harness.js';
import {
  harvestIds,
  operationFor,
  poolFor,
  rootFields,
  sampleArgs,
  sampleValue,
  selectionFor,
  type IdPools,
  type RootField,
} from './operations.js';

/**
 * The role matrix, generated from the schema at test time: every Query and Mutation field guarded by @auth is
 * called over HTTP with a token holding exactly one of the permissions it needs (each in turn), with none, with an
 * unrelated one and with every other permission; every field guarded below the root is reached through a query.
 * Denied calls must be FORBIDDEN and must not reach the upstream services (the stubs' request log, matched by
 * x-request-id). Root fields without @auth fail the suite unless reviewed in auth/public-fields.ts.
 */

let stack: SecurityStack;
let schema: GraphQLSchema;
let pools: IdPools;

interface Case {
  label: string;
  coordinate: string;
  query: string;
  variables: Record<string, unknown>;
  permissions: readonly string[];
  expect: 'allowed' | 'denied';
  /** For fields below the root: the same query without the guarded field (its upstream calls are the baseline). */
  baseline?: string;
  /** Response path of the guarded field, e.g. ["payment", "feeDetails"]. */
  path: string[];
}

interface Result {
  c: Case;
  res: RawResponse;
  upstream: number;
  baselineUpstream?: number;
}

const totals = { cases: 0, allowed: 0, denied: 0, upstreamCallsOfDenied: 0, upstreamCallsOfAllowed: 0 };

beforeAll(async () => {
  // Every case is one operator's call (the tokens share a subject): the matrix checks permissions, and over a
  // thousand calls a minute would meet the operator's rate limit, which its own tests check.
  stack = await startSecurityStack({ gateway: { rateLimitMax: 0 } });
  schema = buildSchema();
  const admin = await stack.tokenWith(PERMISSIONS);
  pools = await harvestIds(
    schema,
    async (query) =>
      (await postGraphql(stack.gateway.graphqlUrl, { query }, { authorization: `Bearer ${admin}` })).json,
  );
});
afterAll(async () => {
  console.log(
    `[role-matrix] ${totals.cases} cases tried: ${totals.allowed} allowed, ${totals.denied} denied (FORBIDDEN); ` +
      `upstream calls made by denied calls: ${totals.upstreamCallsOfDenied}, by allowed calls: ${totals.upstreamCallsOfAllowed}`,
  );
  await stack?.close();
});

/** Token sets for a requirement: one needed permission each (one per group), none, one unrelated, all the others. */
function tokenSets(
  requirements: string[][],
): Array<{ name: string; permissions: string[]; expect: 'allowed' | 'denied' }> {
  const needed = new Set(requirements.flat());
  const others = PERMISSIONS.filter((p) => !needed.has(p));
  const sets: Array<{ name: string; permissions: string[]; expect: 'allowed' | 'denied' }> = [];
  const [first, ...rest] = requirements;
  for (const permission of first ?? []) {
    const permissions = [permission, ...rest.map((group) => group[0]!)];
    sets.push({ name: `only ${permissions.join('+')}`, permissions, expect: 'allowed' });
  }
  sets.push({ name: 'no permission', permissions: [], expect: 'denied' });
  const unrelated = others[(requirements.flat().join('').length * 7) % others.length]!;
  sets.push({ name: `unrelated ${unrelated}`, permissions: [unrelated], expect: 'denied' });
  sets.push({ name: 'every other permission', permissions: others, expect: 'denied' });
  for (let g = 1; g < requirements.length; g++) {
    // Meeting every group but one is not enough.
    const permissions = requirements.filter((_, i) => i !== g).map((group) => group[0]!);
    sets.push({ name: `missing group ${g}`, permissions, expect: 'denied' });
  }
  return sets;
}

function rootCases(): Case[] {
  const cases: Case[] = [];
  for (const root of rootFields(schema)) {
    if (!root.requirements.length) continue;
    const selection = selectionFor(schema, getNamedType(root.field.type), 1, { skipGuarded: true });
    const query = operationFor(root, selection);
    for (const set of tokenSets(root.requirements)) {
      cases.push({
        label: `${root.coordinate} / ${set.name}`,
        coordinate: root.coordinate,
        query,
        variables: sampleArgs(root, pools),
        permissions: set.permissions,
        expect: set.expect,
        path: [root.name],
      });
    }
  }
  return cases;
}

interface Step {
  field: GraphQLField<unknown, unknown>;
  parent: GraphQLObjectType;
}

/** Shortest path of fields from Query to an object type, preferring roots whose arguments can be sampled. */
function pathTo(target: GraphQLObjectType): Step[] | null {
  const query = schema.getQueryType()!;
  const queue: Array<{ type: GraphQLObjectType; steps: Step[] }> = [{ type: query, steps: [] }];
  const seen = new Set<string>([query.name]);
  while (queue.length) {
    const { type, steps } = queue.shift()!;
    if (type.name === target.name) return steps;
    const fields = Object.values(type.getFields()).sort(
      (a, b) =>
        a.args.filter((x) => isNonNullType(x.type)).length -
        b.args.filter((x) => isNonNullType(x.type)).length,
    );
    for (const field of fields) {
      const named = getNamedType(field.type);
      if (!isObjectType(named) || seen.has(named.name)) continue;
      seen.add(named.name);
      queue.push({ type: named, steps: [...steps, { field, parent: type }] });
    }
  }
  return null;
}

const argsOf = (step: Step): { text: string; values: Record<string, string> } => {
  const required = step.field.args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined);
  if (!required.length) return { text: '', values: {} };
  const ids = poolFor(pools, step.field.name, getNamedType(step.field.type));
  const values = Object.fromEntries(
    required.map((a) => [a.name, JSON.stringify(sampleValue(a.type, a.name, ids))]),
  );
  return {
    text: `(${Object.entries(values)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ')})`,
    values,
  };
};

function nestedCases(): { cases: Case[]; unreachable: string[] } {
  const cases: Case[] = [];
  const unreachable: string[] = [];
  const byCoordinate = new Map(listFieldPermissions(schema).map((f) => [f.coordinate, f]));
  const guarded = listFieldPermissions(schema).filter(
    (f) => f.requirements.length && f.typeName !== 'Query' && f.typeName !== 'Mutation',
  );
  for (const target of guarded) {
    const type = schema.getType(target.typeName) as GraphQLObjectType;
    const steps = pathTo(type);
    if (!steps) {
      unreachable.push(target.coordinate);
      continue;
    }
    // Permissions needed to get there (each step's first permission of each group).
    const along = steps.flatMap((s) =>
      byCoordinate.get(`${s.parent.name}.${s.field.name}`)!.requirements.map((g) => g[0]!),
    );
    const field = type.getFields()[target.fieldName]!;
    const leaf = selectionFor(schema, getNamedType(field.type), 1, { skipGuarded: true });
    const fieldArgs = argsOf({ field, parent: type }).text;
    const wrap = (inner: string) =>
      steps.reduceRight((acc, step) => `${step.field.name}${argsOf(step).text} { ${acc} }`, inner);
    const query = `{ ${wrap(`__typename ${target.fieldName}${fieldArgs} ${leaf}`)} }`;
    const baseline = `{ ${wrap('__typename')} }`;
    const path = [...steps.map((s) => s.field.name), target.fieldName];
    for (const set of tokenSets(target.requirements)) {
      // The token always holds what the path needs, plus the set's permissions.
      const finalPermissions = [...new Set([...along, ...set.permissions])];
      cases.push({
        label: `${target.coordinate} via ${path.join('.')} / ${set.name}`,
        coordinate: target.coordinate,
        query,
        variables: {},
        permissions: finalPermissions,
        expect: set.expect,
        baseline,
        path,
      });
    }
  }
  return { cases, unreachable };
}

async function runCases(cases: Case[]): Promise<Result[]> {
  const results: Result[] = [];
  const batchSize = 40;
  for (let start = 0; start < cases.length; start += batchSize) {
    const batch = cases.slice(start, start + batchSize);
    await stack.clearUpstreamRequests();
    const sent = await pool(batch, 4, async (c, i) => {
      const token = await stack.tokenWith(c.permissions);
      const requestId = `matrix-${start + i}`;
      const headers = { authorization: `Bearer ${token}`, 'x-request-id': requestId };
      const res = await postGraphql(
        stack.gateway.graphqlUrl,
        { query: c.query, variables: c.variables },
        headers,
      );
      if (c.baseline) {
        await postGraphql(
          stack.gateway.graphqlUrl,
          { query: c.baseline },
          { ...headers, 'x-request-id': `${requestId}-base` },
        );
      }
      return { c, res, requestId };
    });
    const recorded = await stack.upstreamRequests();
    expect(recorded.length, 'the stubs keep the last 2,000 requests: make the batches smaller').toBeLessThan(
      2000,
    );
    const count = (id: string) => recorded.filter((r) => r.headers['x-request-id'] === id).length;
    for (const { c, res, requestId } of sent) {
      results.push({
        c,
        res,
        upstream: count(requestId),
        ...(c.baseline ? { baselineUpstream: count(`${requestId}-base`) } : {}),
      });
    }
  }
  return results;
}

const samePath = (a: unknown[] | undefined, b: string[]) =>
  !!a && a.filter((p) => typeof p === 'string').join('.') === b.join('.');

function check(results: Result[]): string[] {
  const problems: string[] = [];
  for (const { c, res, upstream, baselineUpstream } of results) {
    totals.cases++;
    const errors = errorsOf(res.json);
    const forbidden = errors.filter((e) => e.extensions?.code === 'FORBIDDEN');
    if (res.status !== 200) problems.push(`${c.label}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
    const internal = errors.filter((e) => e.extensions?.code === 'INTERNAL_SERVER_ERROR');
    if (internal.length)
      problems.push(
        `${c.label}: INTERNAL_SERVER_ERROR at ${internal.map((e) => e.path?.join('.')).join(', ')}`,
      );
    if (c.expect === 'allowed') {
      totals.allowed++;
      totals.upstreamCallsOfAllowed += upstream;
      if (forbidden.length) problems.push(`${c.label}: FORBIDDEN although the token holds the permission`);
    } else {
      totals.denied++;
      totals.upstreamCallsOfDenied += upstream - (baselineUpstream ?? 0);
      const atField = forbidden.filter((e) => samePath(e.path, c.path));
      if (!atField.length) {
        problems.push(`${c.label}: expected FORBIDDEN at ${c.path.join('.')}, got ${res.text.slice(0, 300)}`);
      } else if (atField[0]!.message !== FORBIDDEN_MESSAGE) {
        problems.push(`${c.label}: message ${atField[0]!.message}`);
      }
      if (baselineUpstream === undefined ? upstream !== 0 : upstream !== baselineUpstream) {
        problems.push(
          `${c.label}: denied call made ${upstream} upstream requests (baseline ${baselineUpstream ?? 0})`,
        );
      }
    }
  }
  return problems;
}

describe('@auth coverage of every root field', () => {
  it('has @auth on every mutation and on every query outside the reviewed allowlist', () => {
    const unguarded = rootFields(schema)
      .filter((r) => !r.requirements.length)
      .map((r) => r.coordinate);
    const unexpected = unguarded.filter(
      (coordinate) =>
        coordinate.startsWith('Mutation.')
          ? !PUBLIC_MUTATIONS.includes(coordinate)
          : !(coordinate in PUBLIC_ROOT_FIELDS),
    );
    expect(
      unexpected,
      'add @auth, or review the field and add it to auth/public-fields.ts with the reason',
    ).toEqual([]);
    expect(PUBLIC_MUTATIONS).toEqual([]);
    const stale = Object.keys(PUBLIC_ROOT_FIELDS).filter((c) => !unguarded.includes(c));
    if (stale.length) console.log(`[role-matrix] allowlisted but now guarded or gone: ${stale.join(', ')}`);
    for (const reason of Object.values(PUBLIC_ROOT_FIELDS)) expect(reason.length).toBeGreaterThan(20);
  });
});

describe('role matrix (generated from the schema)', () => {
  it('allows exactly the listed permissions on every guarded Query and Mutation field, denied calls reach no upstream', async () => {
    const cases = rootCases();
    const guardedRoots = new Set(cases.map((c) => c.coordinate));
    expect(guardedRoots.size).toBeGreaterThan(5);
    const problems = check(await runCases(cases));
    console.log(`[role-matrix] root fields: ${guardedRoots.size} guarded, ${cases.length} cases`);
    expect(problems).toEqual([]);
  }, 120_000);

  it('lets every signed-in user call the allowlisted root fields', async () => {
    const publicRoots = rootFields(schema).filter(
      (r) => !r.requirements.length && r.coordinate in PUBLIC_ROOT_FIELDS,
    );
    const cases: Case[] = publicRoots.map((root: RootField) => ({
      label: `${root.coordinate} / no permission`,
      coordinate: root.coordinate,
      query: operationFor(
        root,
        selectionFor(schema, getNamedType(root.field.type), 1, { skipGuarded: true }),
      ),
      variables: sampleArgs(root, pools),
      permissions: [],
      expect: 'allowed',
      path: [root.name],
    }));
    expect(check(await runCases(cases))).toEqual([]);
  });

  it('guards the fields below the root too (reached through a query), with no upstream call when denied', async () => {
    const { cases, unreachable } = nestedCases();
    console.log(
      `[role-matrix] fields below the root: ${new Set(cases.map((c) => c.coordinate)).size} guarded and reached, ${cases.length} cases` +
        (unreachable.length ? `; not reachable from Query: ${unreachable.join(', ')}` : ''),
    );
    expect(unreachable).toEqual([]);
    const results = await runCases(cases);
    // The parent must have resolved, or the case proves nothing.
    const unresolved = results.filter(({ c, res }) => {
      let node: unknown = (res.json as { data?: unknown })?.data;
      for (const key of c.path.slice(0, -1))
        node = Array.isArray(node) ? node[0]?.[key] : (node as Record<string, unknown> | null)?.[key];
      return node === null || node === undefined;
    });
    expect(unresolved.map((r) => r.c.label)).toEqual([]);
    expect(check(results)).toEqual([]);
  }, 60_000);
});
