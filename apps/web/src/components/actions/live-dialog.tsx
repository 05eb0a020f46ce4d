import { useState, type ReactNode } from 'react';
import { useLiveTab, useOpenRecord } from '../../lib/live/live-access';
import { ConfirmDialog } from '../dialogs/kit-dialogs';

/** An action's kind as other operators' details hear of it: 'REFUND' -> 'refund'. */
export const dialogKindOf = (kind: string) => kind.toLowerCase();

/**
 * A money dialog and the other operators: while it is open its kind is declared on the record (the others'
 * details hear of it), and opening one on a record where another operator has a dialog open first warns ('admin está
 * reembolsando este pago', 'Continuar' / 'Cancelar'); the version check as it opens still decides.
 */
export function useLiveDialog<R>(
  opened: { kind: string; record: R } | null,
  moves: (kind: string) => boolean,
) {
  const tab = useLiveTab();
  const live = tab && opened && moves(opened.kind) ? tab.recordOf(opened.record) : null;
  useOpenRecord(tab, live && opened ? { ...live, dialog: dialogKindOf(opened.kind) } : null);
  const [warning, setWarning] = useState<{ text: string; go: () => void } | null>(null);
  /** Opens a dialog through `go`, after the warning when another operator has one open on the record. */
  const guard = (kind: string, record: R, go: () => void) => {
    const target = tab && moves(kind) ? tab.recordOf(record) : null;
    const text = target ? tab!.busyText(target.area, target.id) : null;
    if (text === null) return go();
    setWarning({ text, go });
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
