import { makeExecutableSchema } from '@graphql-tools/schema';
import { graphql } from 'graphql';
import { describe, expect, it } from 'vitest';
import { prefetchSelected } from '../prefetch.js';

const typeDefs = /* GraphQL */ `
  directive @auth(requires: [String!]!) on FIELD_DEFINITION
  type Query {
    parent(id: ID!): Parent
  }
  type Parent {
    id: ID!
    children: [String!]!
    secret: String @auth(requires: ["SECRET"])
    other: String
  }
`;

/**
 * A parent and its children read by the parent's id: each load records when it starts and resolves only when
 * the test lets it, so the order of the starts shows whether the children waited for the parent.
 */
function harness() {
  const started: string[] = [];
  const pending = new Map<string, (value: unknown) => void>();
  const cache = new Map<string, Promise<unknown>>();
  const load = (name: string) => {
    const cached = cache.get(name);
    if (cached) return cached;
    started.push(name);
    const promise = new Promise((resolve) => pending.set(name, resolve));
    cache.set(name, promise);
    return promise;
  };
  const schema = makeExecutableSchema({
    typeDefs,
    resolvers: {
      Query: {
        parent: async (_root, { id }: { id: string }, _ctx, info) => {
          prefetchSelected(info, {
            children: () => load(`children:${id}`),
            secret: () => load(`secret:${id}`),
          });
          return load(`parent:${id}`);
        },
      },
      Parent: {
        children: (parent: { id: string }) => load(`children:${parent.id}`),
        secret: (parent: { id: string }) => load(`secret:${parent.id}`),
      },
    },
  });
  const settle = async () => {
    // Each load resolves as soon as it has started: parents with their id, children with a list.
    for (let round = 0; round < 20 && pending.size; round++) {
      for (const [name, resolve] of [...pending]) {
        pending.delete(name);
        resolve(name.startsWith('parent:') ? { id: name.slice(7), other: 'x' } : ['a']);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const run = async (source: string, variableValues: Record<string, unknown> = {}) => {
    const result = graphql({ schema, source, variableValues });
    await settle();
    return result;
  };
  return { started, run };
}

describe('prefetchSelected', () => {
  it("starts a selected child's load together with its parent's, and the child reads that same load", async () => {
    const { started, run } = harness();
    const result = await run('{ parent(id: "7") { id children } }');
    expect(result).toEqual({ data: { parent: { id: '7', children: ['a'] } } });
    expect(started).toEqual(['children:7', 'parent:7']);
  });

  it('follows fragments and inline fragments', async () => {
    const { started, run } = harness();
    await run('query { parent(id: "1") { ...P } } fragment P on Parent { ... on Parent { children } }');
    expect(started).toEqual(['children:1', 'parent:1']);
  });

  it('leaves a child the operation does not select, or skips, unread', async () => {
    const { started, run } = harness();
    await run('{ parent(id: "2") { id other } }');
    await run('query ($no: Boolean!) { parent(id: "3") { id children @include(if: $no) } }', { no: false });
    expect(started).toEqual(['parent:2', 'parent:3']);
  });

  it('never prefetches a field with its own @auth: that field reads only when its own resolver runs', async () => {
    const { started, run } = harness();
    await run('{ parent(id: "4") { secret } }');
    expect(started).toEqual(['parent:4', 'secret:4']);
  });
});
