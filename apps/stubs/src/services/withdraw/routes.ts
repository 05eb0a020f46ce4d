import express from 'express';
import { actionRoutes, forcedFailureCheck } from '../../lib/action-route.js';
import { objectBody, param } from '../../lib/body.js';
import { notFound } from '../../lib/errors.js';
import { send, sendJson } from '../../lib/json.js';
import { defineService } from '../../lib/service.js';
import { checkExportable, reExport, reject, transfer } from './actions.js';
import { sendWithdrawFile } from './files.js';
import { seedWithdraws } from './seed.js';
import type { WithdrawStore } from './store.js';

/**
 * The withdraw service (transfer list; docs/upstream-contract.md "Withdraw service"): `GET /retiros`,
 * `GET /retiros/{id}`, `POST /retiros/transferir/{id}`, `POST /retiros/rechazar/{id}` {status_detail},
 * `POST /retiros/{id}/re-exportar`, `GET /retiros/{id}/descargar/{xlsx|txt|xml}` (the real file).
 */
export const withdrawService = defineService<WithdrawStore>({
  name: 'withdraw',
  dependsOn: ['collector'],
  seed: seedWithdraws,
  routes(context) {
    const router = express.Router();
    const find = (store: WithdrawStore, id: string) => {
      const withdraw = store.get(id);
      if (!withdraw) throw notFound('withdraw_not_found', `No existe el retiro ${id}.`);
      return withdraw;
    };

    router.get('/retiros', (req, res) => {
      sendJson(res, 200, context.store().withdraws.listJson(req.query as Record<string, unknown>));
    });
    router.get('/retiros/:id', (req, res) => {
      send(res, 200, find(context.store(), param(req, 'id')));
    });
    router.get('/retiros/:id/descargar/:format', (req, res) => {
      const withdraw = find(context.store(), param(req, 'id'));
      checkExportable(withdraw);
      return sendWithdrawFile(res, withdraw, param(req, 'format'));
    });

    // The spec's verb-first paths (`transferir/{id}`): the forced failure's operation is the verb.
    for (const [verb, run] of [
      ['transferir', (store: WithdrawStore, id: string) => transfer(store, find(store, id))],
      [
        'rechazar',
        (store: WithdrawStore, id: string, body: Record<string, unknown>) =>
          reject(store, find(store, id), body),
      ],
    ] as const) {
      router.post(
        `/retiros/${verb}/:id`,
        forcedFailureCheck(context, verb),
        context.idempotent((req) => run(context.store(), param(req, 'id'), objectBody(req))),
      );
    }
    const action = actionRoutes(router, context, find);
    action('post', '/retiros/:id/re-exportar', (store, withdraw) => reExport(store, withdraw));
    return router;
  },
});
