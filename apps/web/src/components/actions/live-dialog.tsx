import { useState, type ReactNode } from 'react';
import { liveRecordOf, presenceOf, useOpenRecord } from '../../lib/live/live-tab';
import type { Viewer } from '../../lib/live/protocol';
import type { ConfirmDialogProps } from '../dialogs/confirm-dialog';
import { lazyDialog } from '../dialogs/lazy-flow-dialogs';

/** Downloaded with its first opening, as the kit's other dialogs. */
const ConfirmDialog = lazyDialog<ConfirmDialogProps>(() =>
  import('../dialogs/confirm-dialog').then((module) => module.ConfirmDialog),
);

/** An action's kind as other operators' details hear of it: 'REFUND' -> 'refund'. */
export const dialogKindOf = (kind: string) => kind.toLowerCase();

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
export function othersDoingText(others: readonly Viewer[], area: string): string {
  const names = others.map((viewer) => viewer.username);
  const who = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} y ${names.at(-1)}`;
  const dialog = others[0]!.dialog ?? '';
  const doing = DOING[dialog] ?? 'operando';
  return `${who} ${names.length === 1 ? 'está' : 'están'} ${doing} ${THIS_RECORD[area] ?? 'este registro'}`;
}

/**
 * A money dialog and the other operators (issue 63): while it is open its kind is declared on the record (the others'
 * details hear of it), and opening one on a record where another operator has a dialog open first warns ('admin está
 * reembolsando este pago', 'Continuar' / 'Cancelar'); the version check as it opens still decides.
 */
export function useLiveDialog<R>(opened: { kind: string; record: R } | null, moves: (kind: string) => boolean) {
  const live = opened && moves(opened.kind) ? liveRecordOf(opened.record) : null;
  useOpenRecord(live && opened ? { ...live, dialog: dialogKindOf(opened.kind) } : null);
  const [warning, setWarning] = useState<{ text: string; go: () => void } | null>(null);
  /** Opens a dialog through `go`, after the warning when another operator has one open on the record. */
  const guard = (kind: string, record: R, go: () => void) => {
    const target = moves(kind) ? liveRecordOf(record) : null;
    const busy = target ? presenceOf(target.area, target.id).filter((viewer) => viewer.dialog) : [];
    if (!target || busy.length === 0) return go();
    setWarning({ text: othersDoingText(busy, target.area), go });
  };
  const dialog: ReactNode = warning ? (
    <ConfirmDialog
      title="Otro operador está en este registro"
      message={`${warning.text}. Si continuás, la operación se hará sobre el estado que el registro tenga entonces.`}
      confirmLabel="Continuar"
      confirmColor="warning"
      testId="live-dialog-warning"
      onConfirm={async () => {
        setWarning(null);
        warning.go();
        return null;
      }}
      onClose={() => setWarning(null)}
    />
  ) : null;
  return { guard, warning: dialog };
}
