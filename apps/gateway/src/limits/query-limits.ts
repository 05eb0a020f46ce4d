/**
 * The request limits and how a refusal names them (docs/decisions.md, "Limits that name themselves"): the limit's name and
 * value, and what the document used, in Spanish, e.g. "La consulta usa 16 alias; el máximo es 15 (maxAliases)."
 * with `extensions.limit` { name, max, found }. Depth, aliases and directives are graphql-armor's validation rules,
 * tokens graphql-js's parser limit; armor words its refusals in English when it exposes its limits and
 * `limitRefusal` reads those texts (pinned by limits/__tests__/limit-answers.test.ts against the real rules). The
 * cost, the upstream calls and the bulk items are the gateway's own estimate (limits/upstream-budget.ts), checked
 * once the request's variables are known, and refused with a `LimitExceededError`.
 */
import type { ApolloArmor } from '@escape.tech/graphql-armor';
import { GraphQLError } from 'graphql';

/** The document limits' values, named as the refusals name them (server.ts's ARMOR_LIMITS). */
export interface QueryLimits {
  maxDepth: number;
  maxAliases: number;
  maxTokens: number;
  maxDirectives: number;
  maxCost: number;
}

/** Every limit a refusal names: the document's, and the request's upstream calls and bulk items. */
export type LimitName = keyof QueryLimits | 'maxUpstreamCalls' | 'maxBulkItems';

/**
 * The document limits' values: generous for the web's documents, tight for abuse (server.ts's ARMOR_LIMITS, the
 * limits table of docs/testing-integration.md, and what `priceOperation` checks a document against).
 */
export const QUERY_LIMITS: Readonly<QueryLimits> = {
  maxDepth: 10,
  maxAliases: 15,
  maxTokens: 2000,
  maxDirectives: 50,
  maxCost: 10_000,
};

/**
 * graphql-armor's settings for these limits. Introspection is counted too (its exemption had a bypass); the
 * limits are exposed (the refusal names them); its token plugin stays off: it throws from a hook, which Apollo
 * answers with a 500, so graphql-js's own parser limit (`parseOptions.maxTokens`) counts tokens instead. Its cost
 * rule is off too: a validation rule cannot see the variables, so a page size given by one would not count.
 */
export function armorSettings(limits: QueryLimits): ConstructorParameters<typeof ApolloArmor>[0] {
  return {
    maxDepth: { n: limits.maxDepth, flattenFragments: true, ignoreIntrospection: false, exposeLimits: true },
    maxAliases: { n: limits.maxAliases, exposeLimits: true },
    maxTokens: { enabled: false },
    maxDirectives: { n: limits.maxDirectives, exposeLimits: true },
    costLimit: { enabled: false },
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
  maxUpstreamCalls: (found) => `La consulta pediría ${found} llamadas a los servicios`,
  maxBulkItems: (found) => `Las acciones masivas de la operación suman ${found} elementos`,
};

/** What the operator does about each limit the gateway estimates (the document limits' refusals say enough). */
const LIMIT_ADVICE: Partial<Record<LimitName, string>> = {
  maxCost: ' Pedí menos campos, menos alias o páginas más chicas (pageSize).',
  maxUpstreamCalls:
    ' Pedí menos filas, menos alias, o los datos que se buscan fila por fila (como el titular) solo en el detalle.',
  maxBulkItems: ' Enviá las acciones masivas de a una, con menos elementos.',
};

/** "La consulta usa 16 alias; el máximo es 15 (maxAliases)." (and, for an estimated limit, what to do) */
export function limitMessage({ name, max, found }: LimitRefusal): string {
  return `${LIMIT_WORDS[name](found)}; el máximo es ${max} (${name}).${LIMIT_ADVICE[name] ?? ''}`;
}

/** The `extensions.limit` of a refusal, when it is one (a name this module words, numbers). */
export function limitOf(value: unknown): LimitRefusal | null {
  const limit = value as Partial<LimitRefusal> | null | undefined;
  return limit &&
    typeof limit.name === 'string' &&
    Object.hasOwn(LIMIT_WORDS, limit.name) &&
    typeof limit.max === 'number' &&
    typeof limit.found === 'number'
    ? { name: limit.name, max: limit.max, found: limit.found }
    : null;
}

/** The code of each estimated limit's refusal: the cost is a document's limit, as depth and aliases are. */
const REFUSAL_CODE: Partial<Record<LimitName, string>> = { maxCost: 'GRAPHQL_VALIDATION_FAILED' };

/** A refusal of an estimated limit (HTTP 400), named as every other limit's: message and `extensions.limit`. */
export class LimitExceededError extends GraphQLError {
  constructor(readonly refusal: LimitRefusal) {
    super(limitMessage(refusal), {
      extensions: {
        code: REFUSAL_CODE[refusal.name] ?? 'BAD_REQUEST',
        limit: refusal,
        http: { status: 400 },
      },
    });
  }
}
