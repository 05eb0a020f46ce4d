import type { ApolloServerPlugin } from '@apollo/server';
import {
  getNamedType,
  getNullableType,
  isCompositeType,
  isLeafType,
  isListType,
  Kind,
  OperationTypeNode,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  valueFromAST,
  valueFromASTUntyped,
  visit,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLArgument,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { bulkSettings } from '../shared/bulk.js';
import { collectionCalls } from '../shared/bulk-selection.js';
import { MAX_PAGE_SIZE } from '../shared/paging.js';
import { LimitExceededError, type LimitRefusal } from './query-limits.js';

/**
 * Upstream cost of an operation, estimated before anything runs, from the document, its variables and the schema:
 * - every root field is one upstream call, unless annotated `@upstream(calls: N)` (0 for fields answered locally);
 * - a field annotated `@upstream` below the root (a per-row lookup such as PaymentMethod.holderName) costs its calls
 *   once per element of every enclosing page, or once per selection with `batched: true` (a DataLoader batch);
 * - a field with a `pageSize` argument pages its `rows`: they count pageSize times (the variable's or the argument's
 *   default value, capped at MAX_PAGE_SIZE as the resolvers cap it). Other lists count once (their elements come in
 *   the same upstream answer).
 * Aliases and fragments count every time they are selected. `fields` is the number of values the answer would hold.
 *
 * Bulk mutations (root mutation fields with an `ids` list) count one call here, their read of the selection; their
 * writes, one per id, are counted apart in `bulkItems` (the ids of every bulk selection of the request), bounded by
 * BULK_MAX_ITEMS for the whole request: one bulk of the largest size stays usable, aliases adding up past it do not.
 * A bulk over a filter (`matching: { filter, expectedCount }`, shared/bulk-selection.ts) counts the list calls that
 * collect its items (pages of the upstream's largest size) and `expectedCount` items (both for at most
 * BULK_MAX_ITEMS: a larger count is the resolver's to refuse, before any upstream call).
 *
 * `cost` is what the cost limit (maxCost) counts, from the same walk, so that it grows with what the answer holds:
 * 2 per field with a selection, 1 per field without one (a scalar, an enum, `__typename`), each level below the
 * root 1.5 times its parent's weight, and a page's `rows` once per row asked (the page size, as above). Fragments
 * count as their fields where they are spread; introspection fields count like any other.
 */
export interface CostEstimate {
  /** The maxCost count, unrounded (answers and refusals report it rounded up). */
  cost: number;
  upstreamCalls: number;
  fields: number;
  bulkItems: number;
  /** How many bulk mutation fields the operation selects (aliases included). */
  bulkSelections: number;
}

export const UPSTREAM_DIRECTIVE = 'upstream';
const PAGE_SIZE_ARG = 'pageSize';
const PAGED_FIELD = 'rows';
const BULK_IDS_ARG = 'ids';
const BULK_MATCHING_ARG = 'matching';

/** How much heavier each level below the root weighs (the cost's depth factor). */
export const DEPTH_FACTOR = 1.5;
const OBJECT_COST = 2;
const LEAF_COST = 1;
/**
 * Selections the walk visits at most: fragments spread twice inside each other double the walk per level, and an
 * answer's cost is counted for documents that failed validation too (a depth of 40). Past it the walk stops and
 * the cost is at least this (far past maxCost: a document that large is refused whatever the rest).
 */
const MAX_VISITS = 100_000;

/** `@upstream(calls: N, batched: B)` on the field (N defaults to 1), or null without the directive. */
function declaredCalls(field: GraphQLField<unknown, unknown>): { calls: number; batched: boolean } | null {
  const directive = field.astNode?.directives?.find((d) => d.name.value === UPSTREAM_DIRECTIVE);
  if (!directive) return null;
  const arg = (name: string) => directive.arguments?.find((a) => a.name.value === name)?.value;
  const calls = arg('calls');
  const batched = arg('batched');
  return {
    calls: calls?.kind === Kind.INT ? Number(calls.value) : 1,
    batched: batched?.kind === Kind.BOOLEAN && batched.value,
  };
}

/** The field's argument `name` (null when the field has none) and its value in this selection (undefined if unset). */
function argumentOf(
  field: GraphQLField<unknown, unknown>,
  node: FieldNode,
  name: string,
  variables: Record<string, unknown>,
): { arg: GraphQLArgument; value: unknown } | null {
  const arg = field.args.find((a) => a.name === name);
  if (!arg) return null;
  const given = node.arguments?.find((a) => a.name.value === name)?.value;
  return { arg, value: given ? valueFromAST(given, arg.type, variables) : undefined };
}

function pageSizeOf(
  field: GraphQLField<unknown, unknown>,
  node: FieldNode,
  variables: Record<string, unknown>,
): number | null {
  const found = argumentOf(field, node, PAGE_SIZE_ARG, variables);
  if (!found) return null;
  const { arg, value } = found;
  const size =
    typeof value === 'number' ? value : typeof arg.defaultValue === 'number' ? arg.defaultValue : 1;
  return Math.min(Math.max(size, 1), MAX_PAGE_SIZE);
}

/** The number of ids a bulk mutation field is given (its `ids` list argument), or null for other fields. */
const bulkIdsOf = (ids: ReturnType<typeof argumentOf>): number | null =>
  ids && isListType(getNullableType(ids.arg.type)) ? (Array.isArray(ids.value) ? ids.value.length : 0) : null;

/**
 * The `expectedCount` of a bulk mutation's `matching` argument (null when it has none), at most BULK_MAX_ITEMS: a
 * larger one is refused by the resolver before any upstream call, naming the argument.
 */
function matchingCountOf(matching: ReturnType<typeof argumentOf>): number | null {
  const count = (matching?.value as { expectedCount?: unknown } | null | undefined)?.expectedCount;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) return null;
  return Math.min(count, bulkSettings().maxItems);
}

export function estimateCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  rawVariables: Record<string, unknown> | undefined,
): CostEstimate {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation = operationName
    ? operations.find((o) => o.name?.value === operationName)
    : operations.length === 1
      ? operations[0]
      : undefined;
  const root = operation && schema.getRootType(operation.operation);
  if (!operation || !root) return { cost: 0, upstreamCalls: 0, fields: 0, bulkItems: 0, bulkSelections: 0 };

  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((f) => [f.name.value, f]),
  );
  // Variables as sent, completed with the operation's own defaults (Apollo coerces them only after this point).
  const variables: Record<string, unknown> = { ...rawVariables };
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    if (variables[name] === undefined && definition.defaultValue)
      variables[name] = valueFromASTUntyped(definition.defaultValue);
  }

  const total: CostEstimate = { cost: 0, upstreamCalls: 0, fields: 0, bulkItems: 0, bulkSelections: 0 };
  let visits = 0;
  const isMutation = operation.operation === OperationTypeNode.MUTATION;
  const visiting = new Set<string>();

  /** The field `name` selects on `parent`: its own, or one of graphql-js's meta fields (introspection). */
  const fieldOf = (
    parent: GraphQLCompositeType,
    name: string,
  ): GraphQLField<unknown, unknown> | undefined => {
    if (name === TypeNameMetaFieldDef.name) return TypeNameMetaFieldDef;
    if (parent === root && name === SchemaMetaFieldDef.name) return SchemaMetaFieldDef;
    if (parent === root && name === TypeMetaFieldDef.name) return TypeMetaFieldDef;
    return 'getFields' in parent ? parent.getFields()[name] : undefined;
  };

  // times: how often a field resolves (aliases x page rows); selected: how often it is selected (aliases only);
  // weight: the cost of one resolution of a leaf at this level (DEPTH_FACTOR per level).
  const walk = (
    set: SelectionSetNode,
    parent: GraphQLCompositeType,
    times: number,
    selected: number,
    atRoot: boolean,
    pageRows: number | null,
    weight: number,
  ): void => {
    for (const selection of set.selections) {
      if (++visits > MAX_VISITS) return;
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value);
        if (!fragment || visiting.has(fragment.name.value)) continue;
        const type = schema.getType(fragment.typeCondition.name.value);
        visiting.add(fragment.name.value);
        const on = isCompositeType(type) ? type : parent;
        walk(fragment.selectionSet, on, times, selected, atRoot, pageRows, weight);
        visiting.delete(fragment.name.value);
        continue;
      }
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition && schema.getType(selection.typeCondition.name.value);
        walk(
          selection.selectionSet,
          isCompositeType(type) ? type : parent,
          times,
          selected,
          atRoot,
          pageRows,
          weight,
        );
        continue;
      }
      const name = selection.name.value;
      // An object's type name is read from the object itself: no resolver, no call, nothing to price (Apollo Client
      // asks it of every object it caches).
      if (name === TypeNameMetaFieldDef.name) continue;
      const field = fieldOf(parent, name);
      if (!field) continue;
      const count = name === PAGED_FIELD && pageRows !== null ? times * pageRows : times;
      total.fields += count;
      const type = getNamedType(field.type);
      const leaf = !selection.selectionSet || isLeafType(type);
      total.cost += (leaf ? LEAF_COST : OBJECT_COST) * weight * (count / times);
      if (name.startsWith('__')) {
        // Introspection calls no service.
        if (!leaf && isCompositeType(type))
          walk(
            selection.selectionSet!,
            type,
            count,
            selected,
            false,
            null,
            weight * DEPTH_FACTOR * (count / times),
          );
        continue;
      }
      const declared = declaredCalls(field);
      if (declared) total.upstreamCalls += declared.calls * (declared.batched ? selected : count);
      else if (atRoot) total.upstreamCalls += count;
      const bulkIds =
        atRoot && isMutation ? bulkIdsOf(argumentOf(field, selection, BULK_IDS_ARG, variables)) : null;
      if (bulkIds !== null) {
        total.bulkItems += bulkIds * count;
        total.bulkSelections += count;
        const matched = matchingCountOf(argumentOf(field, selection, BULK_MATCHING_ARG, variables));
        if (matched !== null) {
          total.bulkItems += matched * count;
          total.upstreamCalls += (collectionCalls(matched) - 1) * count;
        }
      }
      if (selection.selectionSet && isCompositeType(type)) {
        const rows = pageSizeOf(field, selection, variables);
        const below = weight * DEPTH_FACTOR * (count / times);
        walk(selection.selectionSet, type, count, selected, false, rows, below);
      }
    }
  };
  walk(operation.selectionSet, root, 1, 1, true, null, 1);
  if (visits > MAX_VISITS) total.cost = Math.max(total.cost, MAX_VISITS);
  return total;
}

/** The arguments whose values the estimate reads (the rest of an operation's variables never change it). */
const BUDGET_ARGUMENTS = new Set([PAGE_SIZE_ARG, BULK_IDS_ARG, BULK_MATCHING_ARG]);

/** How many estimates of one document (one per operation and page size) are kept. */
const ESTIMATES_PER_DOCUMENT = 32;

interface DocumentEstimates {
  /** Every operation of the document is a query (a bulk mutation's ids are never a cache key). */
  queries: boolean;
  /** The variables used inside a pageSize, ids or matching argument, anywhere in the document. */
  variables: string[];
  byKey: Map<string, Readonly<CostEstimate>>;
}

/** Apollo hands the same parsed document to every request with the same text: the estimates hang on it. */
const documentEstimates = new WeakMap<DocumentNode, DocumentEstimates>();

function estimatesOf(document: DocumentNode): DocumentEstimates {
  let entry = documentEstimates.get(document);
  if (!entry) {
    const variables = new Set<string>();
    visit(document, {
      Argument(node) {
        if (!BUDGET_ARGUMENTS.has(node.name.value)) return;
        visit(node.value, { Variable: (variable) => void variables.add(variable.name.value) });
      },
    });
    const queries = document.definitions.every(
      (d) => d.kind !== Kind.OPERATION_DEFINITION || d.operation === OperationTypeNode.QUERY,
    );
    entry = { queries, variables: [...variables].sort(), byKey: new Map() };
    documentEstimates.set(document, entry);
  }
  return entry;
}

/**
 * `estimateCost` of a request, computed once per query document, operation and value of the variables it depends
 * on (a detail's id does not change it, a list's page size does): the walk of a large document was 4 % of a
 * payment detail's CPU. Mutations are estimated every time.
 */
export function estimateRequestCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  rawVariables: Record<string, unknown> | undefined,
): Readonly<CostEstimate> {
  const entry = estimatesOf(document);
  if (!entry.queries) return estimateCost(schema, document, operationName, rawVariables);
  // An absent variable (its default applies) differs from one sent as null.
  const values = entry.variables.map((name) =>
    rawVariables && name in rawVariables ? [rawVariables[name]] : [],
  );
  const key = `${operationName ?? ''} ${JSON.stringify(values)}`;
  let estimate = entry.byKey.get(key);
  if (!estimate) {
    estimate = Object.freeze(estimateCost(schema, document, operationName, rawVariables));
    if (entry.byKey.size >= ESTIMATES_PER_DOCUMENT) entry.byKey.clear();
    entry.byKey.set(key, estimate);
  }
  return estimate;
}

/** The request limits this estimate is checked against (limits/query-limits.ts names them). */
export interface RequestLimits {
  /** The cost limit (maxCost). */
  maxCost: number;
  /** The per-request budget of upstream calls (maxUpstreamCalls, UPSTREAM_CALL_BUDGET). */
  maxUpstreamCalls: number;
  /** The ids every bulk selection of one request may hold together (maxBulkItems, BULK_MAX_ITEMS). */
  maxBulkItems: number;
}

/**
 * The first limit an estimate passes, or null: the upstream calls, then the cost, then the bulk items of several
 * bulk selections (a single bulk over the bound is left to its resolver, whose refusal names the field).
 */
export function limitExceeded(estimate: Readonly<CostEstimate>, limits: RequestLimits): LimitRefusal | null {
  if (estimate.upstreamCalls > limits.maxUpstreamCalls)
    return { name: 'maxUpstreamCalls', max: limits.maxUpstreamCalls, found: estimate.upstreamCalls };
  const cost = Math.ceil(estimate.cost);
  if (cost > limits.maxCost) return { name: 'maxCost', max: limits.maxCost, found: cost };
  if (estimate.bulkSelections > 1 && estimate.bulkItems > limits.maxBulkItems)
    return { name: 'maxBulkItems', max: limits.maxBulkItems, found: estimate.bulkItems };
  return null;
}

/**
 * Refuses, before any resolver runs, an operation past one of the request's limits, with the limit's name, value
 * and what the operation asked for (`extensions.limit`): its cost (GRAPHQL_VALIDATION_FAILED, as the other
 * document limits), its estimated upstream calls or its bulk items (BAD_REQUEST); HTTP 400 either way. Checked
 * here, with the request's variables, rather than as a validation rule: a page size given by a variable counts.
 */
export function upstreamBudgetPlugin<T extends object>(
  limits: Omit<RequestLimits, 'maxBulkItems'> & { maxBulkItems?: () => number },
): ApolloServerPlugin<T> {
  const maxBulkItems = limits.maxBulkItems ?? (() => bulkSettings().maxItems);
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operationName, request }) {
          const estimate = estimateRequestCost(schema, document, operationName, request.variables);
          const refusal = limitExceeded(estimate, { ...limits, maxBulkItems: maxBulkItems() });
          if (refusal) throw new LimitExceededError(refusal);
        },
      };
    },
  };
}
