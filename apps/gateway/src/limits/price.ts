/**
 * A document's price before it is sent: what `extensions.cost` of its answer will say and which limit, if any,
 * refuses it, computed offline from the contract's SDL with the gateway's own estimate (limits/upstream-budget.ts).
 * Exported as `@backoffice/gateway/price` and, for other teams, by the packed test stack (`priceOperation` of
 * `@backoffice/test-stack`, docs/testing-integration.md §3): the same function the gateway counts with, so the
 * price and the answer never disagree.
 */
import { typeDefs } from '@backoffice/schema';
import { buildSchema, parse, type GraphQLSchema } from 'graphql';
import { DEFAULT_UPSTREAM_CALL_BUDGET } from '../config.js';
import { bulkSettings } from '../shared/bulk.js';
import { QUERY_LIMITS, limitMessage, type LimitRefusal } from './query-limits.js';
import { estimateCost, limitExceeded, type RequestLimits } from './upstream-budget.js';

export interface PriceOptions {
  variables?: Record<string, unknown>;
  /** The operation to price, when the document holds several. */
  operationName?: string;
  /** Other values of the request limits than the gateway's defaults (a gateway configured otherwise). */
  limits?: Partial<RequestLimits>;
}

export interface Price {
  /** The cost as `extensions.cost.requested` reports it and maxCost counts it. */
  cost: number;
  /** The upstream calls as `extensions.cost.upstreamCalls.requested` reports them and maxUpstreamCalls counts them. */
  upstreamCalls: number;
  /** The ids of the operation's bulk mutations together (maxBulkItems counts them when there are several). */
  bulkItems: number;
  /** The limits it was checked against. */
  limits: RequestLimits;
  /** The limit that would refuse it (`extensions.limit` of the refusal), or null. */
  refusal: (LimitRefusal & { message: string }) | null;
}

let contract: GraphQLSchema | null = null;

/**
 * Prices a document (its text, with its variables) as the gateway will: the variables' page sizes and bulk ids
 * count. A document that does not parse throws graphql-js's syntax error.
 */
export function priceOperation(document: string, options: PriceOptions = {}): Price {
  contract ??= buildSchema(typeDefs);
  const parsed = parse(document, { maxTokens: QUERY_LIMITS.maxTokens });
  const estimate = estimateCost(contract, parsed, options.operationName, options.variables);
  const limits: RequestLimits = {
    maxCost: QUERY_LIMITS.maxCost,
    maxUpstreamCalls: DEFAULT_UPSTREAM_CALL_BUDGET,
    maxBulkItems: bulkSettings().maxItems,
    ...options.limits,
  };
  const refusal = limitExceeded(estimate, limits);
  return {
    cost: Math.ceil(estimate.cost),
    upstreamCalls: estimate.upstreamCalls,
    bulkItems: estimate.bulkItems,
    limits,
    refusal: refusal ? { ...refusal, message: limitMessage(refusal) } : null,
  };
}
