import { PERMISSIONS } from '@backoffice/schema';
import fc from 'fast-check';
import {
  getNamedType,
  getNullableType,
  isInputObjectType,
  isListType,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, problemMessage } from '../../limits/input-guard.js';
import { buildSchema } from '../../schema.js';
import {
  ENGLISH_MARKERS,
  errorsOf,
  FUZZ_SEED,
  LEAK_MARKERS,
  postGraphql,
  startSecurityStack,
  type SecurityStack,
} from './harness.js';
import {
  operationFor,
  poolFor,
  rootFields,
  sampleValue,
  selectionFor,
  type RootField,
} from './operations.js';

/**
 * Bad input, fuzzed with fast-check over HTTP with a real token: a NUL, a lone surrogate, JSON nested deeper than
 * MAX_JSON_DEPTH, the year 0000 or an impossible date (31/02, 2026-13-40) put into every argument and variable of
 * every query and mutation (the positions come from the schema at test time: every leaf of every input object
 * and list). Each position is tried once (fast-check's examples), then FUZZ_RUNS random cases.
 * Invariants: never a 5xx nor INTERNAL_SERVER_ERROR; a NUL, a lone surrogate, too deep JSON and a bad date where a
 * DateTime goes are a Spanish BAD_USER_INPUT naming the argument, with no upstream call (so nothing written);
 * a date as text elsewhere (a reason, a search) may be legitimately accepted, or refused in Spanish.
 * A failure prints fast-check's seed and path; FUZZ_SEED=<n> and FUZZ_RUNS=<n> reproduce or lengthen a run.
 */

const FUZZ_RUNS = (() => {
  const raw = process.env.FUZZ_RUNS;
  const value = raw === undefined || raw === '' ? 100 : Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`FUZZ_RUNS must be a whole number (got "${raw}")`);
  return value;
})();

type Kind = 'nul' | 'surrogate' | 'deep' | 'year0' | 'impossibleDate';
const KINDS: readonly Kind[] = ['nul', 'surrogate', 'deep', 'year0', 'impossibleDate'];

/** Where a value goes: an argument of a root field and the path to one leaf inside it (list items as 0). */
interface Slot {
  root: RootField;
  arg: string;
  path: ReadonlyArray<string | number>;
  leaf: GraphQLNamedType;
}

function leavesOf(
  type: GraphQLInputType,
  path: ReadonlyArray<string | number>,
  seen: ReadonlySet<string>,
): Array<Pick<Slot, 'path' | 'leaf'>> {
  const nullable = getNullableType(type);
  if (isListType(nullable)) return leavesOf(nullable.ofType, [...path, 0], seen);
  if (isInputObjectType(nullable)) {
    if (seen.has(nullable.name)) return [];
    const inside = new Set([...seen, nullable.name]);
    return Object.values(nullable.getFields()).flatMap((f) => leavesOf(f.type, [...path, f.name], inside));
  }
  return [{ path, leaf: nullable }];
}

function slotsOf(schema: GraphQLSchema): Slot[] {
  return rootFields(schema).flatMap((root) =>
    root.field.args.flatMap((arg) =>
      leavesOf(arg.type, [], new Set()).map((leaf) => ({ root, arg: arg.name, ...leaf })),
    ),
  );
}

/** `current` (a valid sample) with `value` at `path`, filling the objects and lists on the way with samples. */
function withValueAt(
  type: GraphQLInputType,
  name: string,
  current: unknown,
  path: ReadonlyArray<string | number>,
  value: unknown,
  ids: string[],
): unknown {
  if (path.length === 0) return value;
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    const item = Array.isArray(current) ? current[0] : undefined;
    return [withValueAt(nullable.ofType, name, item, path.slice(1), value, ids)];
  }
  if (!isInputObjectType(nullable)) throw new Error(`no field ${String(path[0])} in ${String(type)}`);
  const base = (
    current && typeof current === 'object' ? { ...current } : sampleValue(nullable, name, ids, true)
  ) as Record<string, unknown>;
  const key = String(path[0]);
  const field = nullable.getFields()[key]!;
  base[key] = withValueAt(field.type, key, base[key], path.slice(1), value, ids);
  return base;
}

const text = fc.string({ maxLength: 12 });
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const time = fc
  .option(fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })), { nil: undefined })
  .map((t) => (t ? `T${pad(t[0])}:${pad(t[1])}:00Z` : ''));

/** A bad value of each kind, in many shapes. */
const BAD_VALUES: Record<Kind, fc.Arbitrary<unknown>> = {
  nul: fc.tuple(text, text).map(([a, b]) => `${a}\u0000${b}`),
  surrogate: fc
    .tuple(text, fc.integer({ min: 0xd800, max: 0xdfff }), text)
    .map(([a, code, b]) => `${a}${String.fromCharCode(code)}${b}`),
  deep: fc
    .tuple(
      fc.integer({ min: MAX_JSON_DEPTH + 1, max: MAX_JSON_DEPTH * 4 }),
      fc.boolean(),
      fc.jsonValue({ maxDepth: 0 }),
    )
    .map(([depth, objects, leaf]) => {
      let value: unknown = leaf;
      for (let i = 0; i < depth; i++) value = objects && i % 2 ? { a: value } : [value];
      return value;
    }),
  year0: fc
    .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), time)
    .map(([month, day, at]) => `0000-${pad(month)}-${pad(day)}${at}`),
  impossibleDate: fc.oneof(
    fc.constantFrom('2026-02-31', '2026-13-40', '2025-02-29', '2026-04-31T10:00:00Z', '2026-01-01T24:00:00Z'),
    fc
      .tuple(
        fc.integer({ min: 1, max: 9999 }),
        fc.integer({ min: 13, max: 99 }),
        fc.integer({ min: 1, max: 28 }),
        time,
      )
      .map(([year, month, day, at]) => `${pad(year, 4)}-${pad(month)}-${pad(day)}${at}`),
    fc
      .tuple(fc.integer({ min: 2000, max: 2099 }), fc.constantFrom(2, 4, 6, 9, 11), time)
      .map(([year, month, at]) => `${year}-${pad(month)}-31${at}`),
  ),
};

const nestedList = (depth: number): unknown => (depth === 0 ? 'x' : [nestedList(depth - 1)]);

/** A date is bad input where a DateTime goes; anywhere else it is text like any other. */
const mustRefuse = (kind: Kind, slot: Slot) =>
  !(kind === 'year0' || kind === 'impossibleDate') || slot.leaf.name === 'DateTime';

let stack: SecurityStack;
let schema: GraphQLSchema;
let slots: Slot[];
let token: string;

beforeAll(async () => {
  // Hundreds of calls a minute from one operator (every argument of every field): the operator's rate limit, which
  // its own tests check, would answer some of them 429 instead of their bad input's refusal.
  stack = await startSecurityStack({ gateway: { rateLimitMax: 0 } });
  schema = buildSchema();
  slots = slotsOf(schema);
  token = await stack.tokenWith(PERMISSIONS);
});
afterAll(async () => {
  await stack?.close();
});

describe('bad input in every argument and variable (fast-check over HTTP)', () => {
  it(`is refused in Spanish, never a 500: every position once, then ${FUZZ_RUNS} random cases, seed ${FUZZ_SEED}`, async () => {
    expect(slots.some((s) => s.leaf.name === 'DateTime')).toBe(true);
    expect(slots.some((s) => s.leaf.name === 'JSON')).toBe(true);
    const selections = new Map<RootField, string>();
    const documentOf = (root: RootField) => {
      let document = selections.get(root);
      if (!document) {
        document = operationFor(
          root,
          selectionFor(schema, getNamedType(root.field.type), 1, { skipGuarded: true }),
        );
        selections.set(root, document);
      }
      return document;
    };
    const refusedIds = new Set<string>();
    const counts = { cases: 0, refused: 0, accepted: 0 };
    let sequence = 0;

    interface Case {
      slot: number;
      kind: Kind;
      bad: unknown;
    }
    const caseArb: fc.Arbitrary<Case> = fc
      .tuple(fc.nat({ max: slots.length - 1 }), fc.constantFrom(...KINDS))
      .chain(([slot, kind]) => BAD_VALUES[kind].map((bad) => ({ slot, kind, bad })));
    // Every position once, with a value of each kind in turn, drawn by fast-check too (same seed: reproducible).
    const examples = slots.map((_, slot): [Case] => {
      const kind = KINDS[slot % KINDS.length]!;
      return [{ slot, kind, bad: fc.sample(BAD_VALUES[kind], { seed: FUZZ_SEED + slot, numRuns: 1 })[0] }];
    });

    await fc.assert(
      fc.asyncProperty(caseArb, async ({ slot: index, kind, bad }) => {
        const slot = slots[index]!;
        const ids = poolFor(new Map(), slot.root.name, getNamedType(slot.root.field.type));
        const arg = slot.root.field.args.find((a) => a.name === slot.arg)!;
        const variables: Record<string, unknown> = {};
        for (const a of slot.root.field.args) variables[a.name] = sampleValue(a.type, a.name, ids, true);
        variables[slot.arg] = withValueAt(arg.type, arg.name, variables[slot.arg], slot.path, bad, ids);
        const requestId = `bad-input-${sequence++}`;
        const answer = await postGraphql(
          stack.gateway.graphqlUrl,
          { query: documentOf(slot.root), variables },
          { authorization: `Bearer ${token}`, 'x-request-id': requestId },
        );
        const errors = errorsOf(answer.json);
        const where = `${slot.root.coordinate}(${[slot.arg, ...slot.path].join('.')}: ${slot.leaf.name}) ${kind}`;
        counts.cases++;
        expect(answer.status, where).toBeLessThan(500);
        expect(answer.json, `${where}: not JSON ${answer.text.slice(0, 200)}`).toBeTypeOf('object');
        const codes = errors.map((e) => e.extensions?.code);
        expect(codes, where).not.toContain('INTERNAL_SERVER_ERROR');
        for (const error of errors) {
          for (const marker of LEAK_MARKERS) expect(error.message, where).not.toMatch(marker);
          if (error.extensions?.code !== 'BAD_USER_INPUT') continue;
          expect(error.message, `${where}: not Spanish`).not.toMatch(ENGLISH_MARKERS);
          const field = error.extensions.field;
          expect(field, `${where}: ${error.message}`).toBeTypeOf('string');
          // A module may word its own refusal with the field's last name (formatError's namingField).
          const last = String(field).split('.').at(-1)!;
          expect(
            error.message.includes(String(field)) || error.message.includes(last),
            `${where}: "${error.message}" does not name ${String(field)}`,
          ).toBe(true);
        }
        if (mustRefuse(kind, slot)) {
          counts.refused++;
          refusedIds.add(requestId);
          expect(codes, `${where}: ${answer.text.slice(0, 300)}`).toEqual(['BAD_USER_INPUT']);
          // Named after the variable that carried it (the argument of the same name).
          expect(String(errors[0]!.extensions?.field).split(/[.[]/)[0], where).toBe(slot.arg);
        } else {
          counts.accepted++;
          const expected = (c: unknown) =>
            c === 'BAD_USER_INPUT' ||
            c === 'NOT_FOUND' ||
            c === 'STORE_UNAVAILABLE' ||
            String(c).startsWith('UPSTREAM_');
          expect(
            codes.filter((c) => !expected(c)),
            `${where}: ${answer.text.slice(0, 300)}`,
          ).toEqual([]);
        }
      }),
      // No shrinking (each run is an HTTP request): the seed and path printed on failure replay the case.
      { seed: FUZZ_SEED, numRuns: FUZZ_RUNS + examples.length, examples, endOnFailure: true },
    );

    // Nothing refused reached the upstream services (the gateway passes its request id on).
    const recorded = await stack.upstreamRequests();
    const reached = recorded.filter((r) => refusedIds.has(r.headers['x-request-id'] ?? ''));
    expect(reached.map((r) => `${r.headers['x-request-id']} ${r.method} ${r.path}`)).toEqual([]);
    // The accepted ones did: the stubs see the request ids, so the check above can fail.
    expect(recorded.some((r) => r.headers['x-request-id']?.startsWith('bad-input-'))).toBe(true);
    console.log(
      `[bad-input-fuzz] seed ${FUZZ_SEED}: ${counts.cases} cases over ${slots.length} argument positions, ` +
        `${counts.refused} that must be refused (all were), ${counts.accepted} dates as plain text`,
    );
    expect(counts.refused).toBeGreaterThan(0);
  }, 300_000);

  const post = (body: string) =>
    fetch(stack.gateway.graphqlUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    }).then(async (r) => ({ status: r.status, json: (await r.json()) as unknown }));

  it('refuses them in literal arguments too, naming the argument where the document says it', async () => {
    const answers = await Promise.all(
      [
        '{ payments(filter: { search: "a\\u0000" }) { total } }',
        '{ payments(filter: { search: "\\ud800" }) { total } }',
        '{ payments(filter: { from: "2026-02-31" }) { total } }',
        '{ payments(filter: { from: "0000-01-01T00:00:00Z" }) { total } }',
        `mutation { setPreference(key: "k", value: ${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}) { outcome } }`,
      ].map((query) =>
        postGraphql(stack.gateway.graphqlUrl, { query }, { authorization: `Bearer ${token}` }),
      ),
    );
    expect(
      answers.map((a) => [a.status, errorsOf(a.json).map((e) => [e.extensions?.code, e.extensions?.field])]),
    ).toEqual([
      [400, [['BAD_USER_INPUT', 'filter.search']]],
      [400, [['BAD_USER_INPUT', undefined]]], // a syntax error: the parser does not say which argument
      [400, [['BAD_USER_INPUT', undefined]]], // graphql-js checks literal scalars without their argument
      [400, [['BAD_USER_INPUT', undefined]]],
      [400, [['BAD_USER_INPUT', 'value']]],
    ]);
    for (const answer of answers) expect(errorsOf(answer.json)[0]!.message).not.toMatch(ENGLISH_MARKERS);
  });

  it('measures a deep body before parsing it: no stack overflow, no 500, the variable named', async () => {
    const levels = 450_000; // the body stays under BODY_LIMIT_BYTES
    const deep = `${'['.repeat(levels)}${']'.repeat(levels)}`;
    const query = 'mutation($k: String!, $v: JSON) { setPreference(key: $k, value: $v) { outcome } }';
    const inVariable = await post(`{"query":${JSON.stringify(query)},"variables":{"k":"k","v":${deep}}}`);
    expect(inVariable).toEqual({
      status: 400,
      json: {
        errors: [
          { message: problemMessage('depth', 'v'), extensions: { code: 'BAD_USER_INPUT', field: 'v' } },
        ],
        // Every answer carries its cost; nothing ran.
        extensions: { cost: expect.objectContaining({ requested: 0 }) },
      },
    });
    const inExtensions = await post(`{"query":"{ __typename }","extensions":{"x":${deep}}}`);
    expect(inExtensions).toEqual({
      status: 400,
      json: {
        errors: [{ message: problemMessage('depth'), extensions: { code: 'BAD_USER_INPUT' } }],
        extensions: { cost: expect.objectContaining({ requested: 0 }) },
      },
    });
    // GET's variables are parsed by Apollo: the guard refuses them before anything runs.
    const variables = encodeURIComponent(JSON.stringify({ f: { search: nestedList(MAX_JSON_DEPTH + 1) } }));
    const get = await fetch(
      `${stack.gateway.graphqlUrl}?query=${encodeURIComponent('query($f: PaymentFilter) { payments(filter: $f) { total } }')}&variables=${variables}`,
      { headers: { authorization: `Bearer ${token}`, 'apollo-require-preflight': 'true' } },
    );
    expect(get.status).toBe(400);
    expect(errorsOf(await get.json())).toEqual([
      { message: problemMessage('depth', 'f'), extensions: { code: 'BAD_USER_INPUT', field: 'f' } },
    ]);
  });
});
