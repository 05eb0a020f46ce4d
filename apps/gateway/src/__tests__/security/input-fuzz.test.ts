import { PERMISSIONS } from '@backoffice/schema';
import {
  cardPaymentMethodSchema,
  checkReason,
  checkReceiptEmail,
  collectErrors,
  transferPaymentMethodSchema,
} from '@backoffice/validators';
import fc from 'fast-check';
import { getNamedType, isInputObjectType, isNonNullType, type GraphQLSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../auth/verify-token.js';
import { createContext } from '../../context.js';
import { createLogger } from '../../logger.js';
import { buildSchema } from '../../schema.js';
import { createGatewayApp, type GatewayApp } from '../../server.js';
import {
  ENGLISH_MARKERS,
  FUZZ_RUNS,
  FUZZ_SEED,
  LEAK_MARKERS,
  pool,
  postGraphql,
  startSecurityStack,
  type SecurityStack,
} from './harness.js';
import {
  argsArbitrary,
  harvestIds,
  operationFor,
  rootFields,
  selectionFor,
  type IdPools,
  type RootField,
} from './operations.js';

/**
 * fast-check fuzzing of every mutation's arguments (generated from the schema at test time, so new mutations are
 * fuzzed too), executed in-process through the gateway's Apollo server against the real stubs. Invariants:
 * no 5xx and no INTERNAL_SERVER_ERROR; every rejection is a Spanish BAD_USER_INPUT naming the field and made no
 * upstream call; whatever the shared validators (@backoffice/validators) reject is rejected before any upstream call.
 * FUZZ_SEED=<n> reproduces a run.
 */

/**
 * Cases per mutation: a quarter of a property's (FUZZ_RUNS), 25 in `npm test`, about 1,550 over the 62 mutations
 * with arguments (they share the validators and the scalars); FUZZ_RUNS=660 runs the 10,000 of a long run.
 */
const PER_MUTATION = Math.ceil(FUZZ_RUNS / 4);
const CONCURRENCY = 8;

type Oracle = (value: unknown, now: Date) => string | undefined;

/** The shared validators, by argument name: what the web's forms refuse. */
const ARG_ORACLES: Record<string, Oracle> = {
  reason: (value) => (typeof value === 'string' ? checkReason(value) : undefined),
  addressee: (value) =>
    typeof value === 'string' && value.trim() !== '' ? checkReceiptEmail(value) : undefined,
};

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const object = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;

/** The shared validators, by input type: the form schema the input mirrors. */
const INPUT_ORACLES: Record<string, Oracle> = {
  PaymentMethodChangeInput: (value, now) => {
    const input = object(value);
    const holder = object(input?.holder);
    const identification = object(holder?.identification);
    if (!input || (input.kind !== 'CARD' && input.kind !== 'TRANSFER')) return undefined; // a type error
    const card = input.kind === 'CARD';
    const values = {
      number: text(input.number)?.trim() ?? '',
      ...(card ? { expiration: text(input.expiration)?.trim() ?? '' } : {}),
      holder: {
        name: text(holder?.name) ?? '',
        identification: {
          number: text(identification?.number) ?? '',
          type: text(identification?.type) ?? null,
          country: text(identification?.country) ?? null,
        },
      },
    };
    const errors = collectErrors(card ? cardPaymentMethodSchema : transferPaymentMethodSchema, values, {
      now,
    });
    return errors ? Object.entries(errors).map(([path, message]) => `${path}: ${message}`)[0] : undefined;
  },
};

/** What the shared validators say about one set of arguments (undefined: nothing to refuse). */
function oracle(root: RootField, args: Record<string, unknown>, now: Date): string | undefined {
  for (const arg of root.field.args) {
    if (!(arg.name in args)) continue;
    const value = args[arg.name];
    // An optional argument left blank is not given (reprocessPresentation's reason, spec 001 §2).
    if (!isNonNullType(arg.type) && (value == null || (typeof value === 'string' && value.trim() === '')))
      continue;
    const byName = ARG_ORACLES[arg.name]?.(value, now);
    if (byName) return `${arg.name}: ${byName}`;
    const named = getNamedType(arg.type);
    if (isInputObjectType(named)) {
      const byType = INPUT_ORACLES[named.name]?.(args[arg.name], now);
      if (byType) return `${arg.name}.${byType}`;
    }
  }
  return undefined;
}

const hasOracle = (root: RootField) =>
  root.field.args.filter(
    (a) =>
      a.name in ARG_ORACLES ||
      (isInputObjectType(getNamedType(a.type)) && getNamedType(a.type).name in INPUT_ORACLES),
  ).length;

let stack: SecurityStack;
let gateway: GatewayApp;
let schema: GraphQLSchema;
let pools: IdPools;
let user: AuthUser;

beforeAll(async () => {
  stack = await startSecurityStack();
  schema = buildSchema();
  const token = await stack.tokenWith(PERMISSIONS);
  user = {
    subject: 'fuzz',
    username: 'admin',
    name: null,
    email: null,
    permissions: [...PERMISSIONS] as AuthUser['permissions'],
    token,
  };
  pools = await harvestIds(
    schema,
    async (query) =>
      (await postGraphql(stack.gateway.graphqlUrl, { query }, { authorization: `Bearer ${token}` })).json,
  );
  gateway = await createGatewayApp({ config: stack.config, logger: createLogger('silent') });
});
afterAll(async () => {
  await gateway?.stop();
  await stack?.close();
});

interface Outcome {
  status: number;
  errors: Array<{
    message: string;
    path?: ReadonlyArray<string | number>;
    extensions?: Record<string, unknown>;
  }>;
  data: unknown;
  upstreamCalls: number;
  upstreamWrites: number;
}

async function execute(
  root: RootField,
  query: string,
  variables: Record<string, unknown>,
  index: number,
): Promise<Outcome> {
  const contextValue = createContext({
    config: stack.config,
    user,
    requestId: `fuzz-${root.name}-${index}`,
    locale: 'es_AR',
    logger: createLogger('silent'),
  });
  const response = await gateway.apollo.executeOperation({ query, variables }, { contextValue });
  const body = response.body.kind === 'single' ? response.body.singleResult : response.body.initialResult;
  return {
    status: response.http.status ?? 200,
    errors: (body.errors ?? []) as Outcome['errors'],
    data: body.data,
    upstreamCalls: contextValue.upstreamCalls.length,
    upstreamWrites: contextValue.upstreamCalls.filter((c) => c.method !== 'GET').length,
  };
}

/** Operator-facing messages inside mutation payloads (`error { message }`, per-item results). */
function payloadMessages(data: unknown, out: string[] = []): string[] {
  if (Array.isArray(data)) data.forEach((d) => payloadMessages(d, out));
  else if (data && typeof data === 'object') {
    for (const [key, value] of Object.entries(data)) {
      if ((key === 'message' || key === 'reason') && typeof value === 'string') out.push(value);
      else payloadMessages(value, out);
    }
  }
  return out;
}

describe('mutation input fuzzing (fast-check)', () => {
  it(`fuzzes every mutation's arguments: ${PER_MUTATION} cases each, seed ${FUZZ_SEED}`, async () => {
    const mutations = rootFields(schema).filter((r) => r.kind === 'mutation');
    const withArgs = mutations.filter((r) => r.field.args.length > 0);
    expect(withArgs.length).toBeGreaterThan(0);
    const totals = {
      cases: 0,
      rejected: 0,
      rejectedByValidators: 0,
      reachedResolvers: 0,
      success: 0,
      businessFailures: 0,
      upstreamCalls: 0,
      upstreamWrites: 0,
      upstreamCallsOfRejected: 0,
    };
    const problems: string[] = [];
    const lines: string[] = [];
    const started = performance.now();

    /** A payload's INVALID_INPUT as the response's errors said it before 2.0.0: its field as `a.b[2]`. */
    const payloadRefusals = (data: unknown, name: string) => {
      const error = ((data as Record<string, { error?: Record<string, unknown> | null } | null> | null)?.[
        name
      ]?.error ?? null) as {
        code?: string;
        message: string;
        field?: string[] | null;
        serviceCode?: string;
      } | null;
      // The service's own refusal of the data (its validation_error) is no rejection of the gateway's.
      if (error?.code !== 'INVALID_INPUT' || error.serviceCode) return [];
      const field = (error.field ?? [])
        .map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i ? `.${part}` : part))
        .join('');
      return [
        { message: error.message, extensions: { code: 'BAD_USER_INPUT', field } as Record<string, unknown> },
      ];
    };

    for (const [m, root] of mutations.entries()) {
      await stack.resetStubs();
      const runs = root.field.args.length ? PER_MUTATION : 1;
      const samples = fc.sample(argsArbitrary(root, pools, schema), { seed: FUZZ_SEED + m, numRuns: runs });
      const query = operationFor(
        root,
        selectionFor(schema, getNamedType(root.field.type), 2, { skipGuarded: true }),
      );
      const now = new Date();
      const counts = { rejected: 0, validators: 0, upstream: 0 };
      await pool(samples, CONCURRENCY, async (variables, index) => {
        const expected = oracle(root, variables, now);
        const outcome = await execute(root, query, variables, index);
        const where = () =>
          `${root.name} #${index} (seed ${FUZZ_SEED + m}) ${JSON.stringify(variables).slice(0, 300)} -> ${JSON.stringify(outcome.errors).slice(0, 300)}`;
        totals.cases++;
        totals.upstreamCalls += outcome.upstreamCalls;
        totals.upstreamWrites += outcome.upstreamWrites;
        counts.upstream += outcome.upstreamCalls;
        if (outcome.status >= 500) problems.push(`HTTP ${outcome.status}: ${where()}`);
        const codes = outcome.errors.map((e) => e.extensions?.code);
        // This gateway runs without a store: preferences answer STORE_UNAVAILABLE (in Spanish, nothing upstream);
        // their inputs against a store are checked in activity.integration.test.ts.
        const expectedCode = (c: unknown) =>
          c === 'BAD_USER_INPUT' ||
          c === 'NOT_FOUND' ||
          c === 'STORE_UNAVAILABLE' ||
          String(c).startsWith('UPSTREAM_');
        if (!codes.every(expectedCode)) {
          problems.push(`unexpected error code ${codes.join(',')}: ${where()}`);
        }
        for (const error of outcome.errors) {
          for (const marker of LEAK_MARKERS)
            if (marker.test(error.message)) problems.push(`leak ${marker}: ${where()}`);
        }
        // Schema 2.0.0: the gateway's refusal of an argument is the payload's (INVALID_INPUT, its path in `field`); a
        // variable of the wrong type stays an error of the response (BAD_USER_INPUT). Both are rejections.
        const rejections = [
          ...outcome.errors.filter((e) => e.extensions?.code === 'BAD_USER_INPUT'),
          ...payloadRefusals(outcome.data, root.name),
        ];
        for (const error of rejections) {
          const field = error.extensions?.field;
          if (typeof field !== 'string' || !field) problems.push(`rejection without field: ${where()}`);
          else if (!error.message.includes(field) && !error.message.includes(field.split('.').at(-1)!)) {
            problems.push(`rejection message does not name ${field}: ${where()}`);
          }
          if (ENGLISH_MARKERS.test(error.message)) problems.push(`rejection not in Spanish: ${where()}`);
        }
        for (const message of payloadMessages(outcome.data)) {
          if (ENGLISH_MARKERS.test(message))
            problems.push(`payload message not in Spanish "${message}": ${where()}`);
        }
        if (rejections.length) {
          totals.rejected++;
          counts.rejected++;
          totals.upstreamCallsOfRejected += outcome.upstreamCalls;
          // A bulk over a filter reads the list before it can tell the confirmed count changed (reads, no write).
          const countCheck = rejections.every((e) => e.extensions?.field === 'matching.expectedCount');
          if (outcome.upstreamCalls && !(countCheck && outcome.upstreamWrites === 0))
            problems.push(`rejected input reached the upstream (${outcome.upstreamCalls} calls): ${where()}`);
        } else {
          totals.reachedResolvers++;
          const data = (outcome.data as Record<string, unknown> | null)?.[root.name] as Record<
            string,
            unknown
          > | null;
          if (data?.outcome === 'SUCCESS') totals.success++;
          else totals.businessFailures++;
        }
        if (expected) {
          totals.rejectedByValidators++;
          counts.validators++;
          if (!rejections.length)
            problems.push(`the shared validators refuse (${expected}) but the gateway did not: ${where()}`);
          if (outcome.upstreamWrites) problems.push(`write for input the validators refuse: ${where()}`);
        }
      });
      lines.push(
        `${root.name}: ${samples.length} cases, ${counts.rejected} rejected (${counts.validators} by the shared validators` +
          `${hasOracle(root) ? '' : ', no validator oracle for its arguments'}), ${counts.upstream} upstream calls`,
      );
    }
    console.log(
      `[input-fuzz] seed ${FUZZ_SEED}: ${totals.cases} cases tried over ${mutations.length} mutations in ` +
        `${Math.round((performance.now() - started) / 1000)} s; ${totals.rejected} rejected as BAD_USER_INPUT ` +
        `(${totals.rejectedByValidators} refused by the shared validators), ${totals.reachedResolvers} reached the resolvers ` +
        `(${totals.success} SUCCESS, ${totals.businessFailures} business failures); upstream calls: ${totals.upstreamCalls} ` +
        `(${totals.upstreamWrites} writes), by rejected inputs: ${totals.upstreamCallsOfRejected}\n  ${lines.join('\n  ')}`,
    );
    expect(totals.cases).toBeGreaterThanOrEqual(withArgs.length * PER_MUTATION);
    expect(problems.slice(0, 15)).toEqual([]);
    // The fuzzing must exercise both sides: rejections and inputs that reach the upstream.
    expect(totals.rejected).toBeGreaterThan(0);
    expect(totals.upstreamCalls).toBeGreaterThan(0);
    // With FUZZ_RUNS=660 (10,000+ one-off documents): 292 s at load 14 on 2 cores, a few minutes on a quiet machine.
  }, 900_000);
});
