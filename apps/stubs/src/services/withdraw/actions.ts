/**
 * The transitions of a withdraw (spec 001 §4 "Withdraw"): transfer and reject only while pending; re-export
 * and download only when transferred or pending. Each throws 409 `invalid_status` when the state forbids it.
 */
import type { Json } from '../../lib/body.js';
import { invalidStatus } from '../../lib/errors.js';
import type { ActionResult } from '../../lib/service.js';
import { nowIso, rejectDetail } from './common.js';
import type { Withdraw, WithdrawStore } from './store.js';

function pendingOnly(withdraw: Withdraw, what: string): void {
  if (withdraw.status !== 'pending') {
    throw invalidStatus(
      'withdraw_not_pending',
      `El retiro ${withdraw.id} no está pendiente: no se puede ${what}.`,
    );
  }
}

/** Download and re-export: only transferred or pending. */
export function checkExportable(withdraw: Withdraw): void {
  if (withdraw.status !== 'pending' && withdraw.status !== 'transferred') {
    throw invalidStatus(
      'withdraw_not_exportable',
      `El retiro ${withdraw.id} está rechazado: solo se exportan retiros pendientes o transferidos.`,
    );
  }
}

/** POST transferir/{id}: pending -> transferred, with the transfer date and the bank's reference. */
export function transfer(store: WithdrawStore, withdraw: Withdraw): ActionResult {
  pendingOnly(withdraw, 'transferir');
  const reference = `TRF${withdraw.id.padStart(10, '0')}`;
  const changed = store.put({
    ...withdraw,
    status: 'transferred',
    transfer_date: nowIso(),
    transfer_reference: reference,
  });
  return { status: 200, body: changed };
}

/** POST rechazar/{id} {status_detail}: pending -> rejected with the reason. */
export function reject(store: WithdrawStore, withdraw: Withdraw, body: Json): ActionResult {
  pendingOnly(withdraw, 'rechazar');
  const detail = rejectDetail(body);
  return { status: 200, body: store.put({ ...withdraw, status: 'rejected', status_detail: detail }) };
}

/** POST {id}/re-exportar: the bank file is generated again (export_date). */
export function reExport(store: WithdrawStore, withdraw: Withdraw): ActionResult {
  checkExportable(withdraw);
  return { status: 200, body: store.put({ ...withdraw, export_date: nowIso() }) };
}
