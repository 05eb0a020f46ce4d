/**
 * Every GraphQL answer says what it cost and what is left of the operator's rate limit, in
 * `extensions`, as GitHub's and Shopify's APIs do:
 *
 *   "extensions": {
 *     "cost": { "requested": 42, "limit": 10000, "upstreamCalls": { "requested": 1, "limit": 100 } },
 *     "rateLimit": { "limit": 600, "remaining": 598, "windowSeconds": 60, "resetAt": "2026-11-27T13:01:00.000Z" }
 *   }
 *
 * `cost.requested` is the operation's cost as the cost limit counts it and `cost.upstreamCalls.requested` the
 * service calls the budget counts (limits/upstream-budget.ts, both with the request's variables; null when the
 * document did not parse or names no single operation); `rateLimit` is absent when the limit is off. A request
 * the operator gate refuses before its document is read (401, 429, 503) answers `refusedCost`: nothing of it ran.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import type { RateLimitLeft } from './rate-limit.js';
import { estimateRequestCost } from './upstream-budget.js';

export interface LimitReportOptions {
  /** The cost limit's value. */
  maxCost: number;
  /** The upstream-call budget's value. */
  maxUpstreamCalls: number;
  /** What is left of an operator's (the token's subject) rate limit, or null when it is off. */
  rateLimitLeft: (operator: string) => RateLimitLeft | null;
}

/** An answer's `extensions.cost`. */
export interface CostReport {
  requested: number | null;
  limit: number;
  upstreamCalls: { requested: number | null; limit: number };
}

/** The cost of a request refused before its document was read: it asked for nothing that ran. */
export const refusedCost = (
  options: Pick<LimitReportOptions, 'maxCost' | 'maxUpstreamCalls'>,
): CostReport => ({
  requested: 0,
  limit: options.maxCost,
  upstreamCalls: { requested: 0, limit: options.maxUpstreamCalls },
});

export function limitReportPlugin<Context extends { user?: { subject: string } }>(
  options: LimitReportOptions,
): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response, document, schema, request, contextValue }) {
          if (response.body.kind !== 'single') return;
          const result = response.body.singleResult;
          const estimate = document
            ? estimateRequestCost(schema, document, request.operationName, request.variables)
            : null;
          // An estimate of no operation (a document naming none, or several without operationName) is no cost.
          const counted = estimate && (estimate.fields > 0 || estimate.cost > 0) ? estimate : null;
          const cost: CostReport = {
            requested: counted ? Math.ceil(counted.cost) : null,
            limit: options.maxCost,
            upstreamCalls: { requested: counted?.upstreamCalls ?? null, limit: options.maxUpstreamCalls },
          };
          const subject = contextValue.user?.subject;
          const rateLimit = subject ? options.rateLimitLeft(subject) : null;
          result.extensions = {
            ...result.extensions,
            cost,
            ...(rateLimit ? { rateLimit } : {}),
          };
        },
      };
    },
  };
}
