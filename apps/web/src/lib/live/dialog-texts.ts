import type { Viewer } from './protocol';

/*
 * The words of a money dialog's warning: what the other operators are doing on the record, by the kind of
 * dialog they declared. Downloaded with the live updates, not with the screens.
 */

/** What another operator is doing, by the kind of the dialog he has open ('reembolsando'). */
const DOING: Readonly<Record<string, string>> = {
  refund: 'reembolsando',
  partial_refund: 'reembolsando',
  cancel: 'cancelando',
  cancel_objection: 'objetando la cancelación de',
  authorize: 'autorizando',
  reject: 'rechazando',
  retry: 'reintentando',
  reprocess: 'reprocesando',
  approve: 'aprobando',
  confirm: 'confirmando',
  pause: 'pausando',
  resume: 'reanudando',
  change_payment_method: 'cambiando el medio de pago de',
  change_amount: 'cambiando el monto de',
};

/** The record, as the warning names it ('este pago'). */
const THIS_RECORD: Readonly<Record<string, string>> = {
  payments: 'este pago',
  subscriptions: 'esta suscripción',
  withdrawals: 'este retiro',
  batches: 'este lote',
  imports: 'esta importación',
  payers: 'este pagador',
  afip: 'esta presentación',
  distributions: 'esta distribución',
  bins: 'este BIN',
};

/** 'admin está reembolsando este pago'; with two: 'admin y juan están …'. */
export function busyText(others: readonly Viewer[], area: string): string {
  const names = others.map((viewer) => viewer.username);
  const who = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} y ${names.at(-1)}`;
  const dialog = others[0]!.dialog ?? '';
  const doing = DOING[dialog] ?? 'operando';
  return `${who} ${names.length === 1 ? 'está' : 'están'} ${doing} ${THIS_RECORD[area] ?? 'este registro'}`;
}
