import { describe, expect, it } from 'vitest';
import { enumListArguments } from '@/test/document-arguments';
import { PaymentRowActionsFragmentDoc, type PaymentStatus } from '../gql/graphql';
import { PAYMENT_STATUSES } from '../payment-status';
import {
  EMPTY_SELECTION_REASON,
  LIST_ACTION_KINDS,
  LIST_ACTIONS,
  bulkActionState,
  bulkActionStates,
  rowMenuActions,
  type ListActionKind,
  type RowActionData,
  type SelectedPayment,
} from '../payments-bulk-rules';

/**
 * Rows as the gateway answers them for a current version (payments.rules.ts `decideAction`): per row, cancel
 * for pending or issued, change method for issued, cancel objection for objected, with the gateway's texts.
 */
const ALLOWED_ALONE: Record<ListActionKind, PaymentStatus[]> = {
  CANCEL: ['PENDING', 'ISSUED'],
  CHANGE_PAYMENT_METHOD: ['ISSUED'],
  CANCEL_OBJECTION: ['OBJECTED'],
};
const STATE_REASONS: Record<ListActionKind, string> = {
  CANCEL: 'Solo se pueden cancelar pagos pendientes o emitidos.',
  CHANGE_PAYMENT_METHOD: 'Solo se puede cambiar el medio de pago de pagos emitidos.',
  CANCEL_OBJECTION: 'Solo se pueden cancelar objeciones de pagos objetados.',
};
const PERMISSION_REASONS: Record<ListActionKind, string> = {
  CANCEL: 'No tiene permisos para cancelar pagos.',
  CHANGE_PAYMENT_METHOD: 'No tiene permisos para cambiar el medio de pago.',
  CANCEL_OBJECTION: 'No tiene permisos para cancelar objeciones.',
};

let nextId = 1002400;
function row(status: PaymentStatus, permitted = true): SelectedPayment & { status: PaymentStatus } {
  const actions: RowActionData[] = LIST_ACTIONS.map(({ kind }) => {
    if (!permitted) return { kind, enabled: false, permitted: false, reason: PERMISSION_REASONS[kind] };
    const enabled = ALLOWED_ALONE[kind].includes(status);
    return { kind, enabled, permitted: true, reason: enabled ? null : STATE_REASONS[kind] };
  });
  return { id: String(nextId++), status, actions };
}
const rows = (...statuses: PaymentStatus[]) => statuses.map((status) => row(status));
const reasonFor = (kind: ListActionKind, blocking: { id: string }) =>
  `Pago ${blocking.id}: ${STATE_REASONS[kind]}`;

describe('bulkActionState: spec 000 §4 "Multi-select rules for payments", from the rows\' actions', () => {
  for (const { kind } of LIST_ACTIONS) {
    it(`${kind}: allowed exactly for a selection of ${ALLOWED_ALONE[kind].join(' / ')} payments`, () => {
      for (const status of PAYMENT_STATUSES) {
        const allowed = ALLOWED_ALONE[kind].includes(status);
        for (const selection of [rows(status), rows(status, status, status)]) {
          expect(bulkActionState(kind, selection), `${status} x${selection.length}`).toMatchObject({
            enabled: allowed,
            permitted: true,
            reason: allowed ? null : reasonFor(kind, selection[0]!),
          });
        }
      }
    });

    it(`${kind}: an empty selection is refused`, () => {
      expect(bulkActionState(kind, [])).toMatchObject({ enabled: false, reason: EMPTY_SELECTION_REASON });
    });
  }

  it('cancel: all issued or pending; one payment of another status refuses all, naming it', () => {
    expect(bulkActionState('CANCEL', rows('PENDING', 'ISSUED', 'PENDING')).enabled).toBe(true);
    for (const other of PAYMENT_STATUSES.filter((s) => s !== 'PENDING' && s !== 'ISSUED')) {
      const selection = rows('PENDING', 'ISSUED', other);
      expect(bulkActionState('CANCEL', selection), other).toMatchObject({
        enabled: false,
        reason: reasonFor('CANCEL', selection[2]!),
      });
    }
  });

  it.each([
    ['change method: all issued (pending is not enough)', 'CHANGE_PAYMENT_METHOD', 'ISSUED', 'PENDING'],
    ['cancel objection: all objected, so of a single status', 'CANCEL_OBJECTION', 'OBJECTED', 'APPROVED'],
  ] as const)('%s', (_title, kind, allowed, other) => {
    expect(bulkActionState(kind, rows(allowed, allowed)).enabled).toBe(true);
    const selection = rows(allowed, other);
    expect(bulkActionState(kind, selection)).toMatchObject({
      enabled: false,
      reason: reasonFor(kind, selection[1]!),
    });
  });

  it("names the first row (in the selection's order) that blocks the action, with the gateway's reason", () => {
    const selection = rows('ISSUED', 'APPROVED', 'REJECTED');
    expect(bulkActionState('CANCEL', selection).reason).toBe(
      `Pago ${selection[1]!.id}: Solo se pueden cancelar pagos pendientes o emitidos.`,
    );
  });

  it('a row without the action, or without a reason, blocks it with a generic reason', () => {
    const bare = { id: '1002498', actions: [] };
    expect(bulkActionState('CANCEL', [row('ISSUED'), bare]).reason).toBe(
      'Pago 1002498: Acción no disponible para este pago.',
    );
    const silent = {
      id: '1002499',
      actions: [{ kind: 'CANCEL' as const, enabled: false, permitted: true, reason: ' ' }],
    };
    expect(bulkActionState('CANCEL', [silent]).reason).toBe(
      'Pago 1002499: Acción no disponible para este pago.',
    );
  });
});

describe('bulkActionState: permission first', () => {
  for (const { kind } of LIST_ACTIONS) {
    it(`${kind}: without the permission it is disabled with the gateway's permission reason, unprefixed`, () => {
      const allowed = ALLOWED_ALONE[kind][0]!;
      expect(bulkActionState(kind, [row(allowed, false), row(allowed, false)])).toEqual({
        kind,
        label: LIST_ACTIONS.find((a) => a.kind === kind)!.label,
        enabled: false,
        permitted: false,
        reason: PERMISSION_REASONS[kind],
      });
      // Even where the status would refuse it too.
      expect(bulkActionState(kind, [row('REFUNDED', false)]).reason).toBe(PERMISSION_REASONS[kind]);
    });
  }

  it('lists the three buttons in order with their labels and reasons', () => {
    const selection = rows('PENDING', 'APPROVED');
    const states = bulkActionStates(selection);
    expect(states.map((s) => [s.label, s.enabled, s.reason])).toEqual([
      ['Cancelar', false, reasonFor('CANCEL', selection[1]!)],
      ['Cambiar medio de pago', false, reasonFor('CHANGE_PAYMENT_METHOD', selection[0]!)],
      ['Cancelar objeción', false, reasonFor('CANCEL_OBJECTION', selection[0]!)],
    ]);
  });

  it('enables what every selected row allows', () => {
    expect(bulkActionStates(rows('ISSUED', 'ISSUED')).map((s) => s.enabled)).toEqual([true, true, false]);
    expect(bulkActionStates(rows('PENDING', 'ISSUED')).map((s) => s.enabled)).toEqual([true, false, false]);
    expect(bulkActionStates(rows('OBJECTED')).map((s) => s.enabled)).toEqual([false, false, true]);
  });
});

describe('rowMenuActions (ACCIONES menu from Payment.actions)', () => {
  const action = (kind: RowActionData['kind'], enabled: boolean, permitted = true, reason?: string) => ({
    kind,
    enabled,
    permitted,
    reason: reason ?? (enabled ? null : 'motivo'),
  });

  it('keeps the three list actions the user may use, in order, with disabled reasons', () => {
    const menu = rowMenuActions([
      action('REFUND', true),
      action('CANCEL_OBJECTION', false, true, 'Solo se pueden cancelar objeciones de pagos objetados.'),
      action('RELOAD', true),
      action(
        'CHANGE_PAYMENT_METHOD',
        false,
        true,
        'Solo se puede cambiar el medio de pago de pagos emitidos.',
      ),
      action('CANCEL', true),
    ]);
    expect(menu).toEqual([
      { kind: 'CANCEL', label: 'Cancelar', enabled: true, reason: null },
      {
        kind: 'CHANGE_PAYMENT_METHOD',
        label: 'Cambiar medio de pago',
        enabled: false,
        reason: 'Solo se puede cambiar el medio de pago de pagos emitidos.',
      },
      {
        kind: 'CANCEL_OBJECTION',
        label: 'Cancelar objeción',
        enabled: false,
        reason: 'Solo se pueden cancelar objeciones de pagos objetados.',
      },
    ]);
  });

  it('hides the actions the user is not permitted to use (consulta: no menu at all)', () => {
    expect(
      rowMenuActions([
        action('CANCEL', false, false, 'No tiene permisos para cancelar pagos.'),
        action('CHANGE_PAYMENT_METHOD', false, false),
        action('CANCEL_OBJECTION', false, false),
      ]),
    ).toEqual([]);
    expect(rowMenuActions([action('CANCEL', true), action('CANCEL_OBJECTION', false, false)])).toEqual([
      { kind: 'CANCEL', label: 'Cancelar', enabled: true, reason: null },
    ]);
    expect(rowMenuActions(undefined)).toEqual([]);
  });

  it('a disabled action without a reason gets a generic one', () => {
    expect(rowMenuActions([action('CANCEL', false, true, '  ')])[0]?.reason).toBe(
      'Acción no disponible para este pago.',
    );
  });
});

describe("the rows' actions in the list document", () => {
  it('asks the gateway for exactly the kinds the row menu and the bulk bar offer', () => {
    expect(enumListArguments(PaymentRowActionsFragmentDoc, 'actions', 'kinds')).toEqual([
      [...LIST_ACTION_KINDS],
    ]);
  });
});
