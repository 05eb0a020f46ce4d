import express from 'express';
import { isEmail, objectBody, param, requiredText } from '../../lib/body.js';
import { notFound, validationError } from '../../lib/errors.js';
import { send, sendJson } from '../../lib/json.js';
import { defineService } from '../../lib/service.js';
import type { CollectorStore } from '../collector/store.js';
import type { PaymentStore } from '../payment/store.js';
import { seedNotifications } from './seed.js';
import type { NotificationStore } from './store.js';

export const notificationService = defineService<NotificationStore>({
  name: 'notification',
  dependsOn: ['payment', 'subscription'],
  seed: seedNotifications,
  routes(context) {
    const router = express.Router();
    const find = (id: string) => {
      const notification = context.store().get(id);
      if (!notification) throw notFound('notification_not_found', `No existe la notificación ${id}.`);
      return notification;
    };

    router.get('/notificaciones', (req, res) => {
      sendJson(res, 200, context.store().notifications.listJson(req.query as Record<string, unknown>));
    });

    router.get('/notificaciones/:id', (req, res) => {
      send(res, 200, find(param(req, 'id')));
    });

    router.post(
      '/notificaciones/:id/reenviar',
      context.idempotent((req) => {
        const notification = find(param(req, 'id'));
        return { status: 200, body: context.store().resend(notification.id, new Date().toISOString()) };
      }),
    );

    router.post(
      '/notificaciones',
      context.idempotent((req) => {
        const body = objectBody(req);
        if (body.type !== 'notification') {
          throw validationError('invalid_type', 'El tipo debe ser "notification".');
        }
        const action = requiredText(body.action, 'action_required', 'Falta la acción de la notificación.');
        const signature = requiredText(body.signature, 'signature_required', 'Falta la entidad (signature).');
        if (!context.stores.get<CollectorStore>('collector').get(signature)) {
          throw validationError('collector_not_found', `No existe la entidad ${signature}.`);
        }
        if (!isEmail(body.to))
          throw validationError('invalid_email', 'El destinatario no es un e-mail válido.');
        const payload = body.payload;
        if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
          throw validationError('customer_name_required', 'Falta payload.customer_name.');
        }
        const customerName = requiredText(
          (payload as Record<string, unknown>).customer_name,
          'customer_name_required',
          'Falta payload.customer_name.',
        );
        const created = context.store().create(
          {
            action,
            signature,
            to: body.to,
            payload: { ...(payload as Record<string, unknown>), customer_name: customerName },
            payment_id: typeof body.payment_id === 'string' ? body.payment_id : null,
          },
          new Date().toISOString(),
        );
        // A notification about a payment leaves its trace among the payment's notifications, so its detail lists it.
        const paymentId = created.payment_id ?? (payload as Record<string, unknown>).payment_id;
        if (typeof paymentId === 'string' && paymentId) {
          context.stores.get<PaymentStore>('payment').recordNotification(paymentId, {
            id: created.id,
            date: created.created_date,
            type: created.channel,
            action: created.action,
          });
        }
        return { status: 201, body: created };
      }),
    );
    return router;
  },
});
