import { useCallback } from 'react';
import type { BulkPaymentResultFragment, PaymentMethodChangeInput } from '../gql/graphql';
import { formatAmount } from '../../../lib/format';
import { SUCCESS_MESSAGES } from '../detail/payment-actions';
import type { SubmitOutcome } from '../dialogs/action-dialog';
import { BulkConfirmDialog } from '../dialogs/bulk-confirm-dialog';
import { BulkProgressDialog } from '../dialogs/bulk-progress-dialog';
import type { BulkSummary } from '../dialogs/bulk-progress';
import { CancelReasonDialog } from '../dialogs/cancel-reason-dialog';
import { ChangePaymentMethodDialog } from '../dialogs/change-payment-method-dialog';
import type { ListActionKind } from '../payments-bulk-rules';
import type { PaymentRow } from './payments-table';

/** What the operator entered for an action: a reason (cancel, cancel objection) or the new method. */
export type ListActionValue = { reason: string } | { input: PaymentMethodChangeInput };

/**
 * The dialogs of a list action. A row action asks for its value and runs; a multi-selection action first
 * confirms the selection (850 px), then asks for the value, then shows each item's outcome (progress).
 */
export type ListActionFlow =
  | { mode: 'row'; kind: ListActionKind; row: PaymentRow }
  | { mode: 'bulk'; kind: ListActionKind; rows: readonly PaymentRow[]; step: 'confirm' | 'input' }
  | {
      mode: 'bulk';
      kind: ListActionKind;
      rows: readonly PaymentRow[];
      step: 'progress';
      value: ListActionValue;
    };

interface ActionTexts {
  rowTitle: string;
  rowDescription: (id: string) => string;
  rowSubmit: string;
  bulkTitle: string;
  bulkConfirm: string;
  bulkDescription: (count: number) => string;
  bulkSubmit: string;
  success: string;
}

const plural = (count: number) => (count === 1 ? '1 pago' : `${count} pagos`);

export const LIST_ACTION_TEXTS: Record<ListActionKind, ActionTexts> = {
  CANCEL: {
    rowTitle: 'Cancelar pago',
    rowDescription: (id) => `Se cancelará el pago ${id}. Esta acción no se puede deshacer.`,
    rowSubmit: 'Cancelar pago',
    bulkTitle: 'Cancelar pagos',
    bulkConfirm: 'Se cancelarán los siguientes pagos. Revise la selección antes de continuar.',
    bulkDescription: (count) =>
      `Se cancelará${count === 1 ? '' : 'n'} ${plural(count)}. Esta acción no se puede deshacer.`,
    bulkSubmit: 'Cancelar pagos',
    success: SUCCESS_MESSAGES.cancel,
  },
  CHANGE_PAYMENT_METHOD: {
    rowTitle: 'Cambiar medio de pago',
    rowDescription: (id) => `Pago ${id}: el nuevo medio de pago reemplaza al actual.`,
    rowSubmit: 'Guardar',
    bulkTitle: 'Cambiar medio de pago',
    bulkConfirm:
      'Se cambiará el medio de pago de los siguientes pagos. Revise la selección antes de continuar.',
    bulkDescription: (count) =>
      `El nuevo medio de pago reemplaza al actual en ${count === 1 ? 'el pago seleccionado' : `los ${count} pagos seleccionados`}.`,
    bulkSubmit: 'Guardar',
    success: SUCCESS_MESSAGES.changePaymentMethod,
  },
  CANCEL_OBJECTION: {
    rowTitle: 'Cancelar objeción',
    rowDescription: (id) => `Se cancelará la objeción del pago ${id}, que volverá a quedar aprobado.`,
    rowSubmit: 'Cancelar objeción',
    bulkTitle: 'Cancelar objeción',
    bulkConfirm:
      'Se cancelará la objeción de los siguientes pagos, que volverán a quedar aprobados. Revise la selección antes de continuar.',
    bulkDescription: (count) => `Se cancelará la objeción de ${plural(count)}.`,
    bulkSubmit: 'Cancelar objeción',
    success: SUCCESS_MESSAGES.cancelObjection,
  },
};

/** How a payment reads in the progress dialog, after its id. */
export function progressLabel(row: PaymentRow): string {
  return [row.payer?.name, row.conceptDescription, formatAmount(row.finalAmount)].filter(Boolean).join(' · ');
}

export interface PaymentsActionDialogsProps {
  flow: ListActionFlow | null;
  onFlowChange: (flow: ListActionFlow | null) => void;
  /** Runs a row action; answers the dialog's feedback (null closes it). */
  runRow: (kind: ListActionKind, row: PaymentRow, value: ListActionValue) => Promise<SubmitOutcome>;
  /** Runs a multi-selection action over these ids: one result per id. */
  runBulk: (
    kind: ListActionKind,
    ids: string[],
    value: ListActionValue,
  ) => Promise<BulkPaymentResultFragment[]>;
  /** Each batch of results (the first run and every "Reintentar fallidos"). */
  onBulkResults: (results: BulkPaymentResultFragment[]) => void;
  onBulkClose?: (summary: Pick<BulkSummary, 'success' | 'error' | 'unknown'>) => void;
}

/** The list's action dialogs, reusing the payment dialogs (cancel reason, change method, bulk confirm/progress). */
export function PaymentsActionDialogs({
  flow,
  onFlowChange,
  runRow,
  runBulk,
  onBulkResults,
  onBulkClose,
}: PaymentsActionDialogsProps) {
  const close = useCallback(() => onFlowChange(null), [onFlowChange]);
  const bulkValue = flow?.mode === 'bulk' && flow.step === 'progress' ? flow.value : null;
  const bulkKind = flow?.kind;
  const run = useCallback(
    (ids: string[]) => (bulkKind && bulkValue ? runBulk(bulkKind, ids, bulkValue) : Promise.resolve([])),
    [bulkKind, bulkValue, runBulk],
  );

  if (!flow) return null;
  const texts = LIST_ACTION_TEXTS[flow.kind];

  if (flow.mode === 'row') {
    const { row } = flow;
    const submit = (value: ListActionValue) => runRow(flow.kind, row, value);
    return flow.kind === 'CHANGE_PAYMENT_METHOD' ? (
      <ChangePaymentMethodDialog
        title={texts.rowTitle}
        description={texts.rowDescription(row.id)}
        holderName={row.payer?.name ?? ''}
        submitLabel={texts.rowSubmit}
        onClose={close}
        onSubmit={(input) => submit({ input })}
      />
    ) : (
      <CancelReasonDialog
        title={texts.rowTitle}
        description={texts.rowDescription(row.id)}
        submitLabel={texts.rowSubmit}
        onClose={close}
        onSubmit={(reason) => submit({ reason })}
      />
    );
  }

  const { rows } = flow;
  if (flow.step === 'confirm') {
    return (
      <BulkConfirmDialog
        title={texts.bulkTitle}
        message={texts.bulkConfirm}
        items={rows.map((row) => ({
          id: row.id,
          name: row.payer?.name,
          concept: row.conceptDescription ?? row.conceptId,
          amount: row.finalAmount,
          status: row.status,
        }))}
        onClose={close}
        onConfirm={async () => {
          onFlowChange({ mode: 'bulk', kind: flow.kind, rows, step: 'input' });
          return null;
        }}
      />
    );
  }
  if (flow.step === 'input') {
    const next = async (value: ListActionValue) => {
      onFlowChange({ mode: 'bulk', kind: flow.kind, rows, step: 'progress', value });
      return null;
    };
    return flow.kind === 'CHANGE_PAYMENT_METHOD' ? (
      <ChangePaymentMethodDialog
        title={texts.bulkTitle}
        description={texts.bulkDescription(rows.length)}
        submitLabel={texts.bulkSubmit}
        onClose={close}
        onSubmit={(input) => next({ input })}
      />
    ) : (
      <CancelReasonDialog
        title={texts.bulkTitle}
        description={texts.bulkDescription(rows.length)}
        submitLabel={texts.bulkSubmit}
        onClose={close}
        onSubmit={(reason) => next({ reason })}
      />
    );
  }
  return (
    <BulkProgressDialog
      title={texts.bulkTitle}
      items={rows.map((row) => ({ id: row.id, label: progressLabel(row) }))}
      run={run}
      successMessage={texts.success}
      onResults={onBulkResults}
      onClose={(summary) => {
        close();
        onBulkClose?.(summary);
      }}
    />
  );
}
