import type { SubscriptionDetailViewFragment } from '../gql/graphql';

/** A subscription as the detail screen shows it (current or older version). */
export type SubscriptionView = SubscriptionDetailViewFragment;
