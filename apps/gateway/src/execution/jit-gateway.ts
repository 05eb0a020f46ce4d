/**
 * The compiled executor: graphql-jit turns each document into a JavaScript function once, instead of
 * graphql-js walking the document for every field of every row. It runs under Apollo Server 5 through Apollo's
 * `gateway` option (`load()` resolving to `{ executor }`), so parsing, validation (armor's limits included), every
 * plugin hook (audit, upstream budget, metrics, logging), formatError and the HTTP layer stay Apollo's; only the
 * execution step changes. The same schema object runs, so `@auth` wrappers and resolvers are the same functions.
 *
 * What stays graphql-js's, so that answers are identical:
 * - variable coercion errors: checked with graphql-js's `getVariableValues` first (its messages are what formatError
 *   turns into Spanish); graphql-jit then coerces the same raw variables;
 * - introspection (`__schema` / `__type` at the root) and any document graphql-jit cannot compile: graphql-js
 *   `execute`;
 * - every mutation: graphql-js runs root mutation fields one after the other and reports each field's
 *   outcome as it ran, which is the answer the audit and the operator rely on (graphql-jit ran a later money field
 *   after an earlier one had failed the whole answer). A mutation costs its upstream writes, not its execution.
 * Compiled functions are kept per parsed document (Apollo keeps one DocumentNode per query text in its LRU
 * document store), so a document is compiled once and forgotten with it.
 */
import type { ApolloServerOptionsWithGateway, BaseContext } from '@apollo/server';
import {
  execute,
  getVariableValues,
  GraphQLError,
  Kind,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

/** Apollo Server's `gateway` option. */
export type LocalGateway = ApolloServerOptionsWithGateway<BaseContext>['gateway'];

type Executor = (args: {
  document: DocumentNode;
  operation: OperationDefinitionNode;
  operationName: string | null;
  variables: Record<string, unknown> | undefined;
  context: object;
}) => Promise<ExecutionResult> | ExecutionResult;

const INTROSPECTION_FIELDS = new Set(['__schema', '__type']);

/** Whether the operation asks for the schema itself (answered by graphql-js). */
function isIntrospection(operation: OperationDefinitionNode, document: DocumentNode): boolean {
  const fragments = new Map(
    document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d]] : [])),
  );
  const seen = new Set<string>();
  const visit = (selections: OperationDefinitionNode['selectionSet']['selections']): boolean =>
    selections.some((selection) => {
      if (selection.kind === Kind.FIELD) return INTROSPECTION_FIELDS.has(selection.name.value);
      if (selection.kind === Kind.INLINE_FRAGMENT) return visit(selection.selectionSet.selections);
      const fragment = fragments.get(selection.name.value);
      if (!fragment || seen.has(selection.name.value)) return false;
      seen.add(selection.name.value);
      return visit(fragment.selectionSet.selections);
    });
  return visit(operation.selectionSet.selections);
}

/** Executes with graphql-jit, falling back to graphql-js where answers could differ (see the file comment). */
export function jitExecutor(schema: GraphQLSchema): Executor {
  const compiled = new WeakMap<DocumentNode, Map<string | null, CompiledQuery | null | 'seen'>>();
  /**
   * The compiled operation, from its second execution on: a document run once (a one-off query, a literal typed
   * in the sandbox) is not worth compiling (milliseconds), one that comes back (the web's documents) is.
   */
  const compiledFor = (document: DocumentNode, operationName: string | null): CompiledQuery | null => {
    let byOperation = compiled.get(document);
    if (!byOperation) {
      byOperation = new Map();
      compiled.set(document, byOperation);
    }
    let query = byOperation.get(operationName);
    if (query === undefined) {
      byOperation.set(operationName, 'seen');
      return null;
    }
    if (query === 'seen') {
      try {
        const result = compileQuery(schema, document, operationName ?? undefined);
        query = isCompiledQuery(result) ? result : null;
      } catch {
        query = null;
      }
      byOperation.set(operationName, query);
    }
    return query;
  };

  /** Whether each operation asks for the schema, walked once per parsed document (not on every request). */
  const introspection = new WeakMap<OperationDefinitionNode, boolean>();
  const asksForSchema = (operation: OperationDefinitionNode, document: DocumentNode): boolean => {
    let asks = introspection.get(operation);
    if (asks === undefined) {
      asks = isIntrospection(operation, document);
      introspection.set(operation, asks);
    }
    return asks;
  };

  return ({ document, operation, operationName, variables, context }) => {
    const byGraphqlJs = () =>
      execute({ schema, document, operationName, variableValues: variables, contextValue: context });
    if (operation.operation !== 'query' || asksForSchema(operation, document)) return byGraphqlJs();
    const query = compiledFor(document, operationName);
    if (!query) return byGraphqlJs();
    const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {}, {
      maxErrors: 50,
    });
    if (coerced.errors) return { errors: coerced.errors };
    const result = query.query(undefined, context, variables ?? {});
    return isPromiseLike(result)
      ? Promise.resolve(result).then(withGraphqlJsErrors)
      : withGraphqlJsErrors(result);
  };
}

const isPromiseLike = <T>(value: T | PromiseLike<T>): value is PromiseLike<T> =>
  typeof (value as PromiseLike<T>)?.then === 'function';

/**
 * graphql-jit's errors as graphql-js builds them: its own error class leaves `extensions` undefined when the
 * thrown error has none (Apollo's error formatting reads `extensions.code`), so each becomes a graphql-js
 * GraphQLError with the same message, locations, path, original error and extensions (empty when none).
 */
function withGraphqlJsErrors(result: ExecutionResult): ExecutionResult {
  if (!result.errors?.length) return result;
  const errors = result.errors.map((error) => {
    if (Object.getPrototypeOf(error) === GraphQLError.prototype) return error;
    const copy = new GraphQLError(error.message, {
      ...(error.path ? { path: error.path } : {}),
      ...(error.originalError ? { originalError: error.originalError } : {}),
      ...(error.extensions ? { extensions: error.extensions } : {}),
    });
    if (error.locations) (copy as { locations?: GraphQLError['locations'] }).locations = error.locations;
    return copy;
  });
  return { ...result, errors };
}

/**
 * Apollo Server's `gateway` for a local schema: the schema once, and the compiled executor. `stop` has nothing to
 * release (Apollo calls it from `apollo.stop()`).
 */
export function jitGateway(schema: GraphQLSchema): LocalGateway {
  const run = jitExecutor(schema);
  return {
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => {};
    },
    async load() {
      return {
        executor: async (requestContext) =>
          run({
            document: requestContext.document,
            operation: requestContext.operation,
            operationName: requestContext.operationName,
            variables: requestContext.request.variables,
            context: requestContext.context,
          }),
      };
    },
    async stop() {},
  };
}
