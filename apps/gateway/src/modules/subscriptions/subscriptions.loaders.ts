import type DataLoader from 'dataloader';
import type { SubscriptionHistoryRow } from '../../generated/resolvers-types.js';
import { parseVersionKey, perKeyLoaderOrNull } from '../../shared/loaders.js';
import { arr } from '../../shared/values.js';
import type { SubscriptionsDataSource } from './subscriptions.datasource.js';
import {
  mapSubscription,
  mapSubscriptionHistoryRow,
  type SubscriptionModel,
} from './subscriptions.mappers.js';

/** Per-request loaders of the subscription service: each resource is read at most once per GraphQL request. */
export interface SubscriptionLoaders {
  /** GET /suscripciones/{id}; null when it does not exist. */
  subscription: DataLoader<string, SubscriptionModel | null>;
  /** GET /suscripciones/{id}/historial; null when the subscription does not exist. */
  subscriptionHistory: DataLoader<string, SubscriptionHistoryRow[] | null>;
  /** GET /suscripciones/{id}/versiones/{v}, keyed by versionKey (shared/loaders.ts); null when it does not exist. */
  subscriptionVersion: DataLoader<string, SubscriptionModel | null>;
}

export function createSubscriptionLoaders(source: SubscriptionsDataSource): SubscriptionLoaders {
  return {
    subscription: perKeyLoaderOrNull(async (id) => mapSubscription(await source.byId(id))),
    subscriptionHistory: perKeyLoaderOrNull(async (id) =>
      arr((await source.history(id)).rows).map(mapSubscriptionHistoryRow),
    ),
    subscriptionVersion: perKeyLoaderOrNull(async (key) => {
      const { id, version } = parseVersionKey(key);
      return mapSubscription(await source.version(id, version));
    }),
  };
}
