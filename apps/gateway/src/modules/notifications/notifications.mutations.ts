/** The notifications module's writes: its `Mutation` resolvers (the module layout: docs/architecture.md §3). */
import type { ResolversTypes, MutationResolvers } from '../../generated/resolvers-types.js';
import { checkId, idempotencyOptions } from '../../shared/inputs.js';
import { readFailure, writeFailure } from '../../upstream/outcome.js';
import { operatorMessage } from '../../upstream/error-catalogue.js';
import { mapNotification } from './notifications.mappers.js';

export const RESEND_SUCCESS_MESSAGE = 'La notificación se reenvió correctamente.';

export const notificationsMutations: MutationResolvers = {
  async resendNotification(
    _root,
    { id: rawId, idempotencyKey },
    ctx,
  ): Promise<ResolversTypes['NotificationMutationPayload']> {
    const id = checkId(rawId);
    const options = idempotencyOptions(idempotencyKey);
    // The notification must exist (a clear "not found" instead of a failed write).
    try {
      const existing = await ctx.loaders.notification.load(id);
      if (!existing) {
        return {
          notification: null,
          outcome: 'FAILED',
          message: null,
          error: {
            message: operatorMessage('notification', 'not_found', 'notification_not_found', 404),
            code: 'not_found',
            extendedCode: 'notification_not_found',
          },
        };
      }
    } catch (error) {
      const failure = readFailure(error);
      return { notification: null, outcome: failure.outcome, error: failure.error, message: null };
    }
    try {
      const notification = mapNotification(await ctx.dataSources.notifications.resend(id, options));
      ctx.forgetUpstreamReads();
      ctx.loaders.notification.clear(id).prime(id, notification);
      return { notification, outcome: 'SUCCESS', error: null, message: RESEND_SUCCESS_MESSAGE };
    } catch (error) {
      const failure = writeFailure(error);
      return { notification: null, outcome: failure.outcome, error: failure.error, message: null };
    }
  },
};
