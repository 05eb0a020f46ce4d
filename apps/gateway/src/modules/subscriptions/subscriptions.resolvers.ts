import { badUserInput, notFound } from '../../errors.js';
import type { Resolvers } from '../../generated/resolvers-types.js';
import { actionsField } from '../../shared/actions.js';
import { checkId } from '../../shared/inputs.js';
import { versionKey } from '../../shared/loaders.js';
import { mapSubscription } from './subscriptions.mappers.js';
import { subscriptionsMutations } from './subscriptions.mutations.js';
import { subscriptionFormUrl } from './subscriptions.present.js';
import {
  subscriptionBulkEligibility,
  subscriptionListQuery,
  subscriptionToolbar,
} from './subscriptions.rules.js';
import { listPage, pageOf } from '../../shared/paging.js';

export const subscriptionsResolvers: Resolvers = {
  Query: {
    async subscriptions(_root, args, { dataSources }) {
      const { filters, page, limit, sorts } = subscriptionListQuery(args);
      if (filters === null) return pageOf([], 0, page, limit);
      const answer = await dataSources.subscriptions.list({ filters, page, limit, sorts });
      return listPage(answer, page, limit, (raw) => mapSubscription(raw));
    },
    subscription: (_root, { id }, { loaders }) => loaders.subscription.load(checkId(id)),
    async subscriptionHistory(_root, { id }, { loaders }) {
      const rows = await loaders.subscriptionHistory.load(checkId(id));
      if (rows === null) throw notFound('No se encontró la suscripción.');
      return rows;
    },
    async subscriptionVersion(_root, { id, version }, { loaders }) {
      if (!Number.isInteger(version) || version < 1 || version > 999_999) {
        throw badUserInput('La versión (version) debe ser un entero mayor o igual a 1.', 'version');
      }
      return loaders.subscriptionVersion.load(versionKey(checkId(id), version));
    },
  },
  Mutation: subscriptionsMutations,
  PayerSubscription: {
    /** The collectors module's loader, through the context: a page of subscriptions costs one collector call. */
    collector: (subscription, _args, { loaders }) => loaders.collector.load(subscription.collectorId),
    /** The toolbar's rules for this user (spec 000 §4), only for the kinds asked when `kinds` is given. */
    actions: actionsField(subscriptionToolbar),
    bulkActions: actionsField(subscriptionBulkEligibility),
    formUrl: (subscription) => subscriptionFormUrl(subscription.id),
  },
};
