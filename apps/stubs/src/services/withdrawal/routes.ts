import express from 'express';
import { actionRoutes } from '../../lib/action-route.js';
import { objectBody, param } from '../../lib/body.js';
import { invalidStatus, notFound } from '../../lib/errors.js';
import { send, sendJson } from '../../lib/json.js';
import { defineService, type ActionResult } from '../../lib/service.js';
import { nowIso, rejectDetail } from '../withdraw/common.js';
import { seedWithdrawals } from './seed.js';
import type { Withdrawal, WithdrawalStore } from './store.js';

function pendingOnly(withdrawal: Withdrawal, what: string): void {
  if (withdrawal.status !== 'pending_authorization') {
    throw invalidStatus(
      'withdrawal_not_pending_authorization',
      `El retiro ${withdrawal.id} no está pendiente de autorización: no se puede ${what}.`,
    );
  }
}

/** POST {id}/autorizar/: pending_authorization -> authorized (approved_date now). */
export function authorize(store: WithdrawalStore, withdrawal: Withdrawal, user: string): ActionResult {
  pendingOnly(withdrawal, 'autorizar');
  const changed = store.put({
    ...withdrawal,
    status: 'authorized',
    approved_date: nowIso(),
    authorized_by: user,
  });
  return { status: 200, body: changed };
}

/** POST {id}/rechazar/ {status_detail}: pending_authorization -> refused with the reason. */
export function refuse(store: WithdrawalStore, withdrawal: Withdrawal, body: Record<string, unknown>) {
  pendingOnly(withdrawal, 'rechazar');
  const detail = rejectDetail(body);
  return { status: 200, body: store.put({ ...withdrawal, status: 'refused', status_detail: detail }) };
}

/**
 * The withdrawal service (authorization and history; docs/upstream-contract.md "Withdrawal service"):
 * `GET /retiros`, `GET /retiros/{id}`, `POST /retiros/{id}/autorizar/`, `POST /retiros/{id}/rechazar/`.
 */
export const withdrawalService = defineService<WithdrawalStore>({
  name: 'withdrawal',
  dependsOn: ['collector'],
  seed: seedWithdrawals,
  routes(context) {
    const router = express.Router({ strict: false });
    const find = (store: WithdrawalStore, id: string) => {
      const withdrawal = store.get(id);
      if (!withdrawal) throw notFound('withdrawal_not_found', `No existe el retiro ${id}.`);
      return withdrawal;
    };
    router.get('/retiros', (req, res) => {
      sendJson(res, 200, context.store().withdrawals.listJson(req.query as Record<string, unknown>));
    });
    router.get('/retiros/:id', (req, res) => {
      send(res, 200, find(context.store(), param(req, 'id')));
    });
    const action = actionRoutes(router, context, find);
    // The spec's paths end in '/' (`{id}/autorizar/`); the router is not strict, so both spellings match.
    action('post', '/retiros/:id/autorizar', (store, withdrawal, req) =>
      authorize(store, withdrawal, String(req.headers['x-user'] ?? 'backoffice')),
    );
    action('post', '/retiros/:id/rechazar', (store, withdrawal, req) =>
      refuse(store, withdrawal, objectBody(req)),
    );
    return router;
  },
});
