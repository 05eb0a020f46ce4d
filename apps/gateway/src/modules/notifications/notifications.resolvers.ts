import type { Resolvers } from '../../generated/resolvers-types.js';
import { checkId } from '../../shared/inputs.js';
import { notificationsMutations } from './notifications.mutations.js';

export const notificationsResolvers: Resolvers = {
  Query: {
    notification: (_root, { id }, { loaders }) => loaders.notification.load(checkId(id)),
  },
  Mutation: notificationsMutations,
};
