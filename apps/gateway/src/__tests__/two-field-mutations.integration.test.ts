import { randomUUID } from 'node:crypto';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  type GraphQLArgument,
  type GraphQLInputType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../index.js';
import { buildSchema } from '../schema.js';
import { gql } from './http-helpers.js';
import { startStoreGateway, STORES } from './store-backends.js';
import type { SharedStubs } from './shared-stack.js';

/**
 * The answer tells the truth: every mutation of the schema, in a two-field document with a payment
 * cancel, on both executors (graphql-js, and the compiled one from a document's second run): a field whose
 * arguments are invalid answers null with its error and sends nothing, and never hides the cancel's answer nor
 * stops it; what the services received is what the answer reports as run.
 */

const INVALID_ID = 'id inválido!';

/** A literal for an argument or input field: invalid ids, plausible values elsewhere, a fresh key. */
function literal(type: GraphQLInputType, name: string, depth = 0): string {
  if (isNonNullType(type)) return literal(type.ofType, name, depth);
  if (isListType(type)) return `[${literal(type.ofType, name, depth)}]`;
  const named = getNamedType(type);
  if (isEnumType(named)) return named.getValues()[0]!.name;
  if (isInputObjectType(named)) {
    const fields = Object.values(named.getFields()).filter((f) => isNonNullType(f.type) && depth < 3);
    return `{ ${fields.map((f) => `${f.name}: ${literal(f.type, f.name, depth + 1)}`).join(', ')} }`;
  }
  if (name === 'idempotencyKey') return JSON.stringify(randomUUID());
  switch (named.name) {
    case 'ID':
      return JSON.stringify(INVALID_ID);
    case 'Int':
      return '1';
    case 'Float':
      return '1.5';
    case 'Boolean':
      return 'false';
    case 'Decimal':
      return '"1.00"';
    case 'DateTime':
      return '"2026-11-27T12:00:00.000Z"';
    case 'JSON':
      return '{}';
    default:
      return JSON.stringify(/id$/i.test(name) ? INVALID_ID : 'texto de prueba');
  }
}

/** A field with invalid ids (every argument an id, or a required one), selecting only its type name. */
function invalidCall(alias: string, field: string, args: readonly GraphQLArgument[]): string {
  const sent = args.filter((a) => isNonNullType(a.type) || /(^id|Id|^ids|Ids)$/.test(a.name));
  const list = sent.map((a) => `${a.name}: ${literal(a.type, a.name)}`).join(', ');
  return `${alias}: ${field}${list ? `(${list})` : ''} { __typename }`;
}

const CANCEL = (alias: string) =>
  `${alias}: cancelPayment(id: $id, reason: "Pedido del pagador", idempotencyKey: $key) { outcome error { code message } }`;

interface Recorded {
  method: string;
  path: string;
}

const backend = STORES[0]!;
const mutations = Object.values(buildSchema().getMutationType()!.getFields()).filter(
  (field) => !/Preferences?$/.test(field.name),
);

for (const executor of ['default', 'jit'] as const) {
  describe(`two money mutations in one document, ${executor} executor`, () => {
    let stubs: SharedStubs;
    let gateway: RunningGateway;
    let tokenFor: (username: string) => Promise<string>;

    beforeAll(async () => {
      ({ stubs, gateway, tokenFor } = await startStoreGateway(backend, { graphqlExecutor: executor }, []));
    });
    afterAll(async () => {
      await gateway?.close();
    });

    /** Payments the stubs would cancel now; when every one is used, the seed is brought back. */
    let cancellable: string[] = [];
    async function nextPayment(): Promise<string> {
      if (!cancellable.length) {
        await stubs.reset();
        const filters = encodeURIComponent(
          JSON.stringify([{ field: 'status', operation: 'IN', value: ['pending', 'issued'] }]),
        );
        const page = (await (
          await fetch(`${stubs.url}/payment/pagos?filters=${filters}&limit=1000`)
        ).json()) as { rows: Array<{ id: string | number }> };
        cancellable = page.rows.map((row) => String(row.id));
      }
      return cancellable.shift()!;
    }

    /** Sends the document (its own request id, a payment of its own); what the services got outside reads. */
    async function send(document: string) {
      const payment = await nextPayment();
      const requestId = `two-${randomUUID()}`;
      const answer = await gql<Record<string, { outcome?: string } | null>>(gateway.graphqlUrl, document, {
        token: await tokenFor('admin'),
        variables: { id: payment, key: randomUUID() },
        headers: { 'x-request-id': requestId },
      });
      const log = (await (
        await fetch(`${stubs.url}/__admin/requests?requestId=${requestId}`)
      ).json()) as Recorded[];
      const writes = log.filter((r) => r.method !== 'GET');
      return {
        answer,
        writes,
        cancelWrites: writes.filter((w) => w.path.endsWith(`/pagos/${payment}/cancelar`)),
      };
    }

    it.each(mutations.map((field) => [field.name, field] as const))(
      '%s with invalid ids beside a cancel: each field answered as it ran, nothing sent for the refused one',
      async (_name, field) => {
        const before = `mutation Two($id: ID!, $key: String!) { ${invalidCall('refused', field.name, field.args)} ${CANCEL('cancel')} }`;
        const after = `mutation Two($id: ID!, $key: String!) { ${CANCEL('cancel')} ${invalidCall('refused', field.name, field.args)} }`;
        // The compiled executor runs a document from its second time: twice each there.
        const documents = executor === 'jit' ? [before, before, after, after] : [before, after];
        for (const document of documents) {
          const { answer, writes, cancelWrites } = await send(document);
          const data = answer.body.data;
          expect(data, JSON.stringify(answer.body)).toBeTruthy();
          // The cancel is never hidden nor skipped: it ran, it is answered, and it reached the service once.
          expect(data!.cancel, JSON.stringify(answer.body)).toMatchObject({ outcome: 'SUCCESS' });
          expect(cancelWrites).toHaveLength(1);
          if (data!.refused === null) {
            // Reported as not run: its error is there, and the service got nothing but the cancel.
            expect(answer.body.errors?.map((e) => e.path?.[0])).toContain('refused');
            expect(writes).toHaveLength(1);
          }
        }
      },
    );
  });
}
