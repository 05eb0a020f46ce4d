/**
 * Every GraphQL answer says what it cost and what is left of the operator's rate limit (issue 62), in
 * `extensions`, as GitHub's and Shopify's APIs do:
 *
 *   "extensions": {
 *     "cost": { "requested": 42, "limit": 10000 },
 *     "rateLimit": { "limit": 600, "remaining": 598, "windowSeconds": 60, "resetAt": "2026-11-27T13:01:00.000Z" }
 *   }
 *
 * `cost.requested` is the operation's cost as the cost limit counts it (limits/query-limits.ts; null when the
 * document did not parse or names no single operation); `rateLimit` is absent when the limit is off.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import type { RateLimitLeft } from './rate-limit.js';
import { costCounter } from './query-limits.js';

export interface LimitReportOptions {
  /** The cost limit's value. */
  maxCost: number;
  /** What is left of an operator's (the token's subject) rate limit, or null when it is off. */
  rateLimitLeft: (operator: string) => RateLimitLeft | null;
}

export function limitReportPlugin<Context extends { user?: { subject: string } }>(
  options: LimitReportOptions,
): ApolloServerPlugin<Context> {
  const costOf = costCounter();
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response, document, schema, request, contextValue }) {
          if (response.body.kind !== 'single') return;
          const result = response.body.singleResult;
          const requested = document ? costOf(schema, document, request.operationName) : null;
          const subject = contextValue.user?.subject;
          const rateLimit = subject ? options.rateLimitLeft(subject) : null;
          result.extensions = {
            ...result.extensions,
            cost: { requested, limit: options.maxCost },
            ...(rateLimit ? { rateLimit } : {}),
          };
        },
      };
    },
  };
}
