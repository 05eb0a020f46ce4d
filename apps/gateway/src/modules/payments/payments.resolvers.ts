import { badUserInput, notFound } from '../../errors.js';
import type { Resolvers } from '../../generated/resolvers-types.js';
import { hasAnyPermission } from '../../auth/permissions.js';
import { UpstreamError } from '../../upstream/errors.js';
import { checkId } from '../../shared/inputs.js';
import {
  mapPayment,
  UNKNOWN_HOLDER,
  type PaymentMethodModel,
  type PaymentModel,
} from './payments.mappers.js';
import { replayedRecord } from '../../money/move.js';
import { versionKey } from './payments.loaders.js';
import { paymentsMutations } from './payments.mutations.js';
import { checkoutUrl } from './payments.present.js';
import { paymentsConfig } from './payments.config.js';
import { PAYMENT_METHODS } from './payment-methods.js';
import { paymentActions, paymentListQuery } from './payments.rules.js';
import { listPage } from '../../shared/paging.js';

/** A payment payload's document; a replayed answer's (a retry under its key) read again, as the first answer held it. */
const payloadPayment = (
  parent: { payment?: PaymentModel | null },
  loaders: { payment: { load(id: string): Promise<PaymentModel | null> } },
) => {
  if (parent.payment !== undefined && parent.payment !== null) return parent.payment;
  const replayedId = replayedRecord(parent);
  return replayedId ? loaders.payment.load(replayedId) : null;
};

export const paymentsResolvers: Resolvers = {
  PaymentMutationPayload: { payment: (parent, _args, { loaders }) => payloadPayment(parent, loaders) },
  PaymentRefundPayload: { payment: (parent, _args, { loaders }) => payloadPayment(parent, loaders) },
  Query: {
    async payments(_root, args, { dataSources }) {
      const query = paymentListQuery(args);
      const result = await dataSources.payments.list(query);
      return listPage(result, query.page, query.limit, (raw) => mapPayment(raw));
    },
    payment: (_root, { id }, { loaders }) => loaders.payment.load(checkId(id)),
    async paymentHistory(_root, { id }, { loaders }) {
      try {
        return await loaders.paymentHistory.load(checkId(id));
      } catch (error) {
        if (error instanceof UpstreamError && error.status === 404) throw notFound('No se encontró el pago.');
        throw error;
      }
    },
    paymentMethodCatalogue() {
      return PAYMENT_METHODS.map(({ id, code, name, isCard }) => ({
        mediaPaymentId: id,
        code,
        name,
        isCard,
      }));
    },
    async paymentVersion(_root, { id, version }, { loaders }) {
      if (!Number.isInteger(version) || version < 1 || version > 999_999) {
        throw badUserInput('La versión (version) debe ser un entero mayor o igual a 1.', 'version');
      }
      return loaders.paymentVersion.load(versionKey(checkId(id), version));
    },
    async paymentCardHolders(_root, { id }, { loaders }) {
      try {
        return await loaders.paymentHolders.load(checkId(id));
      } catch (error) {
        if (error instanceof UpstreamError && error.status === 404) throw notFound('No se encontró el pago.');
        throw error;
      }
    },
  },
  Mutation: paymentsMutations,
  Payment: {
    collector: (payment, _args, { loaders }) => loaders.collector.load(payment.collectorId),
    /** The toolbar's rules for this user now (spec 000 §4), only for the kinds asked when `kinds` is given. */
    actions: (payment, { kinds }, { user }) => paymentActions(payment, user.permissions, new Date(), kinds),
    checkoutUrl: (payment) => checkoutUrl(payment, paymentsConfig().formHost),
  },
  PaymentMethod: {
    /**
     * The holder from GET /pagos/{id}/titulares (one call per payment per request), only for users with
     * PAYMENT_HOLDER and only for methods with card or account digits; otherwise the spec's "deconocido".
     */
    async holderName(method, _args, { loaders, user, logger, requestId }) {
      const { paymentId, index } = method as PaymentMethodModel;
      if (!paymentId || !hasAnyPermission(user.permissions, ['PAYMENT_HOLDER'])) return UNKNOWN_HOLDER;
      if (!method.firstSixDigits && !method.lastFourDigits) return UNKNOWN_HOLDER;
      try {
        const holders = await loaders.paymentHolders.load(paymentId);
        return holders[index]?.holderName ?? holders[0]?.holderName ?? UNKNOWN_HOLDER;
      } catch (error) {
        logger.warn('card holder lookup failed', { requestId, paymentId, error: (error as Error).name });
        return UNKNOWN_HOLDER;
      }
    },
  },
};
