import express from 'express';
import { param } from '../../lib/body.js';
import { notFound } from '../../lib/errors.js';
import { send, sendJson } from '../../lib/json.js';
import { DAY_MS } from '../../lib/dates.js';
import { defineService } from '../../lib/service.js';
import type { PaymentStore } from '../payment/store.js';
import { configurationRoutes } from './configuration.js';
import { seedCollectors } from './seed.js';
import type { CollectorStore } from './store.js';

const round2 = (value: number): number => Math.round(value * 100) / 100;

export const collectorService = defineService<CollectorStore>({
  name: 'collector',
  seed: seedCollectors,
  routes(context) {
    const router = express.Router();
    const find = (id: string) => {
      const collector = context.store().get(id);
      if (!collector) throw notFound('collector_not_found', `No existe la entidad ${id}.`);
      return collector;
    };

    router.get('/comercios', (req, res) => {
      sendJson(res, 200, context.store().collectors.listJson(req.query as Record<string, unknown>));
    });

    /** By signature: the collector with its import match setting and withdrawal strategy. */
    router.get('/comercios/firma/:signature', (req, res) => {
      const signature = param(req, 'signature');
      const collector = context
        .store()
        .all()
        .find((row) => row.signature === signature);
      if (!collector) throw notFound('collector_not_found', `No existe la entidad ${signature}.`);
      send(res, 200, collector);
    });

    router.get('/comercios/:id', (req, res) => {
      send(res, 200, find(param(req, 'id')));
    });

    /** The collector's administrative detail (tax id, contact, settlement account). */
    router.get('/comercios/:id/detalle', (req, res) => {
      const collector = find(param(req, 'id'));
      send(res, 200, {
        collector_id: collector.id,
        cuit: collector.cuit,
        activity: collector.activity,
        email: collector.email,
        status: collector.status,
        bank_account: collector.bank_account,
        notification_url: collector.notification_url,
        created_date: collector.created_date,
      });
    });

    /** Balance from the collector's approved payments: accredited ones are available, the rest pending. */
    router.get('/comercios/:id/saldo', (req, res) => {
      const collector = find(param(req, 'id'));
      const now = Date.now();
      let available = 0;
      let pending = 0;
      let withdrawn = 0;
      for (const payment of context.stores.get<PaymentStore>('payment').all()) {
        if (payment.collector_id !== collector.id) continue;
        if (payment.status !== 'approved' && payment.status !== 'partial') continue;
        const refunded = payment.refunds
          .filter((refund) => refund.status === 'approved')
          .reduce((sum, refund) => sum + refund.amount, 0);
        const fees = payment.fee_details.reduce((sum, fee) => sum + fee.amount, 0);
        const paid =
          payment.status === 'partial'
            ? payment.payment_methods
                .filter((method) => method.gateway.status === 'approved')
                .reduce((sum, method) => sum + method.final_amount, 0)
            : payment.final_amount;
        const net = paid - refunded - fees;
        const accredited =
          payment.accreditation_date !== null && Date.parse(payment.accreditation_date) <= now;
        if (payment.batch_withdrawal && payment.batch_withdrawal.status === 'withdrawn') withdrawn += net;
        else if (accredited) available += net;
        else pending += net;
      }
      send(res, 200, {
        collector_id: collector.id,
        currency_id: 'ARS',
        available_amount: round2(available),
        pending_amount: round2(pending),
        withdrawn_amount: round2(withdrawn),
        total_amount: round2(available + pending),
        last_update_date: new Date(Math.floor(now / DAY_MS) * DAY_MS).toISOString(),
      });
    });
    configurationRoutes(router, context);
    return router;
  },
});
