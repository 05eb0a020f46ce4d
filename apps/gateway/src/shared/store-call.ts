import type { Store } from '@backoffice/store';
import { GraphQLError } from 'graphql';
import { storeUnavailable } from '../money/journal.js';
import type { GatewayContext } from '../gateway-context.js';

/**
 * One call to the store: STORE_UNAVAILABLE when it is not open, and when the call fails (a server that went away
 * while the store was open), never an unexpected error.
 */
export async function withStore<T>(context: GatewayContext, call: (store: Store) => Promise<T>): Promise<T> {
  const store = context.store?.current();
  if (!store) throw storeUnavailable();
  try {
    return await call(store);
  } catch (error) {
    if (error instanceof GraphQLError) throw error;
    context.logger.warn('store call failed', { requestId: context.requestId, error: String(error) });
    throw storeUnavailable();
  }
}
