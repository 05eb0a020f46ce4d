import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';

export const UNSUPPORTED_OPERATION_MESSAGE =
  'Este endpoint atiende consultas (query) y mutaciones (mutation); las suscripciones (subscription) no están disponibles.';

/**
 * Subscriptions (and any operation kind other than query and mutation) are a client error: 400 BAD_REQUEST with a
 * Spanish message, answered before execution, so they never reach graphql-js's "not configured" failure (a 500 with
 * an error-level log).
 */
export function supportedOperationsPlugin<T extends object>(): ApolloServerPlugin<T> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation }) {
          if (operation && operation.operation !== 'query' && operation.operation !== 'mutation') {
            throw new GraphQLError(UNSUPPORTED_OPERATION_MESSAGE, {
              extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
            });
          }
        },
      };
    },
  };
}
