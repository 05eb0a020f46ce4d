import { ApolloServer } from '@apollo/server';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { execute, GraphQLError, parse, type ExecutionResult, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { jitExecutor, jitGateway } from '../jit-gateway.js';

const compiles = vi.hoisted(() => ({ count: 0 }));
vi.mock('graphql-jit', async (importOriginal) => {
  const jit = await importOriginal<typeof import('graphql-jit')>();
  return {
    ...jit,
    compileQuery: (...args: Parameters<typeof jit.compileQuery>) => {
      compiles.count += 1;
      return jit.compileQuery(...args);
    },
  };
});

const schema = makeExecutableSchema({
  typeDefs: /* GraphQL */ `
    enum Status {
      OPEN
      CLOSED
    }
    input Filter {
      status: Status
      limit: Int!
    }
    type Item {
      id: ID!
      status: Status!
      tags: [String!]!
      broken: String
      required: String!
    }
    type Query {
      items(filter: Filter): [Item!]!
      fails: String
      forbidden: String
    }
  `,
  resolvers: {
    Query: {
      items: (_root: unknown, { filter }: { filter?: { status?: string; limit: number } }) =>
        [
          { id: '1', status: 'OPEN', tags: ['a'], required: 'x' },
          { id: '2', status: 'CLOSED', tags: [], required: 'y' },
          { id: '3', status: 'OPEN', tags: ['b', 'c'], required: null },
        ]
          .filter((i) => !filter?.status || i.status === filter.status)
          .slice(0, filter?.limit ?? 10),
      fails: async () => {
        throw new TypeError('boom');
      },
      forbidden: () => {
        throw new GraphQLError('No tiene permisos.', { extensions: { code: 'FORBIDDEN' } });
      },
    },
    Item: {
      broken: (item: { id: string }) => {
        if (item.id === '2') throw new Error('row 2');
        return `ok ${item.id}`;
      },
    },
  },
});

const run = jitExecutor(schema);

/** Both executors on the same document and variables, as plain JSON (what the client receives). */
async function both(query: string, variables?: Record<string, unknown>) {
  const document = parse(query);
  const operation = document.definitions.find(
    (d) => d.kind === 'OperationDefinition',
  ) as OperationDefinitionNode;
  const args = { document, operation, operationName: null, variables, context: {} };
  // The first run of a document is graphql-js's; the second is compiled.
  await run(args);
  const before = compiles.count;
  const jit = (await run(args)) as ExecutionResult;
  const compiled = compiles.count - before;
  const js = (await execute({
    schema,
    document,
    variableValues: variables,
    contextValue: {},
  })) as ExecutionResult;
  return { jit, js, compiled, json: (r: ExecutionResult) => JSON.parse(JSON.stringify(r)) };
}

describe('the compiled executor (graphql-jit) answers as graphql-js does', () => {
  it.each([
    ['nested lists and enums', '{ items { id status tags } }', undefined],
    [
      'variables with an input object and an enum',
      'query Q($f: Filter) { items(filter: $f) { id } }',
      { f: { status: 'OPEN', limit: 1 } },
    ],
    ['a field error on a nullable field (partial data)', '{ items { id broken } }', undefined],
    ['a null on a non-null field (propagates to the parent)', '{ items { id required } }', undefined],
    ['an unexpected error of a root field', '{ fails }', undefined],
    [
      'introspection (answered by graphql-js)',
      '{ __schema { queryType { name } } __type(name: "Item") { name } }',
      undefined,
    ],
    ['__typename', '{ __typename items { __typename id } }', undefined],
  ])('%s', async (name, query, variables) => {
    const { jit, js, json, compiled } = await both(query, variables as Record<string, unknown> | undefined);
    expect(json(jit)).toEqual(json(js));
    expect(compiled).toBe(name.startsWith('introspection') ? 0 : 1);
  });

  it('compiles a document on its second run, once', async () => {
    const document = parse('{ items { id } }');
    const operation = document.definitions[0] as OperationDefinitionNode;
    const args = { document, operation, operationName: null, variables: {}, context: {} };
    const before = compiles.count;
    await run(args);
    expect(compiles.count - before).toBe(0);
    await run(args);
    await run(args);
    expect(compiles.count - before).toBe(1);
  });

  it('refuses bad variables with graphql-js’s own errors (formatError translates those)', async () => {
    const { jit, js, json } = await both('query Q($f: Filter) { items(filter: $f) { id } }', {
      f: { status: 'NOPE' },
    });
    expect(jit.errors?.length).toBe(2);
    expect(json(jit)).toEqual(json(js));
    expect(jit.data).toBeUndefined();
  });

  it('gives graphql-js GraphQLErrors with the original error and its extensions (Apollo reads extensions.code)', async () => {
    const { jit } = await both('{ forbidden fails }');
    expect(jit.errors).toHaveLength(2);
    for (const error of jit.errors!) {
      expect(Object.getPrototypeOf(error)).toBe(GraphQLError.prototype);
      expect(error.extensions).toBeTypeOf('object');
      expect(error.locations?.length).toBe(1);
    }
    const [forbidden, fails] = jit.errors!;
    expect(forbidden!.extensions.code).toBe('FORBIDDEN');
    expect(forbidden!.path).toEqual(['forbidden']);
    expect(fails!.originalError).toBeInstanceOf(TypeError);
  });

  it('runs under Apollo Server through the gateway option, plugins and formatError included', async () => {
    const seen: string[] = [];
    const apollo = new ApolloServer({
      gateway: jitGateway(schema),
      formatError: (formatted) => ({ ...formatted, message: `formateado: ${formatted.message}` }),
      plugins: [
        {
          async requestDidStart() {
            return {
              async didResolveOperation(c) {
                seen.push(c.operationName ?? '-');
              },
            };
          },
        },
      ],
    });
    await apollo.start();
    try {
      await apollo.executeOperation({ query: 'query Uno { items(filter: { limit: 1 }) { id } forbidden }' });
      const answer = await apollo.executeOperation({
        query: 'query Uno { items(filter: { limit: 1 }) { id } forbidden }',
      });
      expect(answer.body.kind).toBe('single');
      const single = (answer.body as { singleResult: ExecutionResult }).singleResult;
      expect(single.data).toEqual({ items: [{ id: '1' }], forbidden: null });
      expect(single.errors?.[0]?.message).toBe('formateado: No tiene permisos.');
      expect(single.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(seen).toEqual(['Uno', 'Uno']);
    } finally {
      await apollo.stop();
    }
  });
});
