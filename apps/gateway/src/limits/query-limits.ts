/**
 * The query limits (graphql-armor's depth, aliases, directives and cost; graphql-js's token limit) and how a
 * refusal names them (issue 62, "Limits that name themselves"): the limit's name and value, and what the document
 * used, in Spanish, e.g. "La consulta usa 16 alias; el máximo es 15 (maxAliases)." with
 * `extensions.limit` { name, max, found }. graphql-armor words its refusals in English when it exposes its limits;
 * `limitRefusal` reads those texts (pinned by limits/__tests__/query-limits.test.ts against the real rules).
 */
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { Kind, validate, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';

/** The limits' values, named as the refusals name them (server.ts's ARMOR_LIMITS). */
export interface QueryLimits {
  maxDepth: number;
  maxAliases: number;
  maxTokens: number;
  maxDirectives: number;
  maxCost: number;
}

export type LimitName = keyof QueryLimits;

/** How the cost is counted: the refusal's count and the one every answer reports are the same. */
const COST_COUNTING = { flattenFragments: true, ignoreIntrospection: false } as const;

/**
 * graphql-armor's settings for these limits. Introspection is counted too (its exemption had a bypass); the
 * limits are exposed (the refusal names them); its token plugin stays off: it throws from a hook, which Apollo
 * answers with a 500, so graphql-js's own parser limit (`parseOptions.maxTokens`) counts tokens instead.
 */
export function armorSettings(limits: QueryLimits): ConstructorParameters<typeof ApolloArmor>[0] {
  return {
    maxDepth: { n: limits.maxDepth, flattenFragments: true, ignoreIntrospection: false, exposeLimits: true },
    maxAliases: { n: limits.maxAliases, exposeLimits: true },
    maxTokens: { enabled: false },
    maxDirectives: { n: limits.maxDirectives, exposeLimits: true },
    costLimit: { maxCost: limits.maxCost, ...COST_COUNTING, exposeLimits: true },
    blockFieldSuggestion: { enabled: true },
  };
}

/** A refusal of one limit: its name, its value and what the document used (at least, for tokens). */
export interface LimitRefusal {
  name: LimitName;
  max: number;
  found: number;
}

const ARMOR_TEXTS: [RegExp, LimitName][] = [
  [/^Syntax Error: Query depth limit of (\d+) exceeded, found (\d+)\.$/, 'maxDepth'],
  [/^Syntax Error: Aliases limit of (\d+) exceeded, found (\d+)\.$/, 'maxAliases'],
  [/^Syntax Error: Directives limit of (\d+) exceeded, found (\d+)\.$/, 'maxDirectives'],
  [/^Syntax Error: Query Cost limit of (\d+) exceeded, found (\d+(?:\.\d+)?)\.$/, 'maxCost'],
];
/** graphql-js's parser ("more that" in graphql 16, "more than" after). */
const TOKEN_TEXT = /^Syntax Error: Document contains more th(?:an|at) (\d+) tokens\. Parsing aborted\.$/;

/** The limit a refusal's message names, or null when it is not a limit's. */
export function limitRefusal(message: string): LimitRefusal | null {
  for (const [pattern, name] of ARMOR_TEXTS) {
    const match = pattern.exec(message);
    if (match) return { name, max: Number(match[1]), found: Math.ceil(Number(match[2])) };
  }
  const tokens = TOKEN_TEXT.exec(message);
  return tokens ? { name: 'maxTokens', max: Number(tokens[1]), found: Number(tokens[1]) + 1 } : null;
}

/** The Spanish words of each limit: what the document used, then the maximum. */
const LIMIT_WORDS: Record<LimitName, (found: number) => string> = {
  maxDepth: (found) => `La consulta anida ${found} niveles`,
  maxAliases: (found) => `La consulta usa ${found} alias`,
  maxDirectives: (found) => `La consulta usa ${found} directivas`,
  maxCost: (found) => `La consulta cuesta ${found}`,
  maxTokens: (found) => `El documento tiene más de ${found - 1} tokens`,
};

/** "La consulta usa 16 alias; el máximo es 15 (maxAliases)." */
export function limitMessage({ name, max, found }: LimitRefusal): string {
  return `${LIMIT_WORDS[name](found)}; el máximo es ${max} (${name}).`;
}

/** The operation `document` runs (the named one, or its only one), or null. */
function operationOf(
  document: DocumentNode,
  name: string | null | undefined,
): OperationDefinitionNode | null {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  if (name) return operations.find((o) => o.name?.value === name) ?? null;
  return operations.length === 1 ? operations[0]! : null;
}

/**
 * The cost of the operation `document` runs, counted as the cost limit counts it (graphql-armor's own rule, with
 * no maximum), or null when the document names no single operation. Kept per document: Apollo keeps a parsed
 * document for the same text, so a repeated query is counted once.
 */
export function costCounter(): (
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName?: string | null,
) => number | null {
  let counted = 0;
  const rules = new ApolloArmor({
    maxDepth: { enabled: false },
    maxAliases: { enabled: false },
    maxTokens: { enabled: false },
    maxDirectives: { enabled: false },
    blockFieldSuggestion: { enabled: false },
    costLimit: {
      maxCost: Number.MAX_SAFE_INTEGER,
      ...COST_COUNTING,
      onAccept: [(_context, details: { n: number }) => (counted = details.n)],
    },
  }).protect().validationRules;
  const known = new WeakMap<DocumentNode, Map<string, number | null>>();
  return (schema, document, operationName) => {
    const key = operationName ?? '';
    const perName = known.get(document) ?? new Map<string, number | null>();
    known.set(document, perName);
    if (perName.has(key)) return perName.get(key)!;
    const operation = operationOf(document, operationName);
    let cost: number | null = null;
    if (operation) {
      counted = 0;
      const fragments = document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
      validate(schema, { kind: Kind.DOCUMENT, definitions: [operation, ...fragments] }, rules);
      cost = Math.ceil(counted);
    }
    perName.set(key, cost);
    return cost;
  };
}
