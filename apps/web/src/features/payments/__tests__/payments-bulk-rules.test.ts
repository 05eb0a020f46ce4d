import { describe, expect, it } from 'vitest';
import type { PaymentStatus } from '../../../gql/graphql';
import { PAYMENT_STATUSES } from '../payment-status';
import {
  BULK_REASONS,
  LIST_ACTIONS,
  bulkActionState,
  bulkActionStates,
  bulkRule,
  rowMenuActions,
  type ListActionKind,
  type RowActionData,
} from '../payments-bulk-rules';

const of = (...statuses: PaymentStatus[]) => statuses.map((status) => ({ status }));
const ALL = ['PAYMENT_CANCEL', 'PAYMENT_UPDATE', 'PAYMENT_CANCEL_OBJECTION'];

describe('bulkRule (spec 000 §4 "Multi-select rules for payments")', () => {
  const allowedAlone: Record<ListActionKind, PaymentStatus[]> = {
    CANCEL: ['PENDING', 'ISSUED'],
    CHANGE_PAYMENT_METHOD: ['ISSUED'],
    CANCEL_OBJECTION: ['OBJECTED'],
  };

  for (const { kind } of LIST_ACTIONS) {
    it(`${kind}: allowed exactly for a selection of ${allowedAlone[kind].join(' / ')} payments`, () => {
      for (const status of PAYMENT_STATUSES) {
        const expected = allowedAlone[kind].includes(status) ? null : BULK_REASONS[kind];
        expect(bulkRule(kind, of(status)), status).toBe(expected);
        expect(bulkRule(kind, of(status, status, status)), `${status} x3`).toBe(expected);
      }
    });

    it(`${kind}: an empty selection is refused`, () => {
      expect(bulkRule(kind, [])).toBe(BULK_REASONS.empty);
    });
  }

  it('cancel: a mix of pending and issued is allowed; one payment of another status refuses all', () => {
    expect(bulkRule('CANCEL', of('PENDING', 'ISSUED', 'PENDING'))).toBeNull();
    for (const other of PAYMENT_STATUSES.filter((s) => s !== 'PENDING' && s !== 'ISSUED')) {
      expect(bulkRule('CANCEL', of('PENDING', 'ISSUED', other)), other).toBe(BULK_REASONS.CANCEL);
    }
  });

  it('change method: every selected payment must be issued (pending is not enough)', () => {
    expect(bulkRule('CHANGE_PAYMENT_METHOD', of('ISSUED', 'ISSUED'))).toBeNull();
    expect(bulkRule('CHANGE_PAYMENT_METHOD', of('ISSUED', 'PENDING'))).toBe(
      BULK_REASONS.CHANGE_PAYMENT_METHOD,
    );
  });

  it('cancel objection: all objected, a single status', () => {
    expect(bulkRule('CANCEL_OBJECTION', of('OBJECTED', 'OBJECTED'))).toBeNull();
    expect(bulkRule('CANCEL_OBJECTION', of('OBJECTED', 'APPROVED'))).toBe(BULK_REASONS.CANCEL_OBJECTION);
  });

  it("mirrors the gateway's texts", () => {
    expect(BULK_REASONS).toEqual({
      empty: 'Seleccione al menos un pago.',
      CHANGE_PAYMENT_METHOD:
        'Para cambiar el medio de pago, todos los pagos seleccionados deben estar emitidos.',
      CANCEL: 'Para cancelar, todos los pagos seleccionados deben estar emitidos o pendientes.',
      CANCEL_OBJECTION: 'Para cancelar la objeción, todos los pagos seleccionados deben estar objetados.',
    });
  });
});

describe('bulkActionState: permission, then rule', () => {
  it('each action needs its own permission, and says so', () => {
    const cases: [ListActionKind, string, string][] = [
      ['CANCEL', 'PAYMENT_CANCEL', 'No tiene permisos para cancelar pagos.'],
      ['CHANGE_PAYMENT_METHOD', 'PAYMENT_UPDATE', 'No tiene permisos para cambiar el medio de pago.'],
      ['CANCEL_OBJECTION', 'PAYMENT_CANCEL_OBJECTION', 'No tiene permisos para cancelar objeciones.'],
    ];
    const fits: Record<ListActionKind, PaymentStatus> = {
      CANCEL: 'PENDING',
      CHANGE_PAYMENT_METHOD: 'ISSUED',
      CANCEL_OBJECTION: 'OBJECTED',
    };
    for (const [kind, permission, reason] of cases) {
      const selection = of(fits[kind]);
      expect(bulkActionState(kind, selection, [permission])).toMatchObject({
        enabled: true,
        permitted: true,
        reason: null,
      });
      const others = ALL.filter((p) => p !== permission);
      expect(bulkActionState(kind, selection, others)).toMatchObject({
        enabled: false,
        permitted: false,
        reason,
      });
      // Without the permission its reason wins over the rule's.
      expect(bulkActionState(kind, of('REFUNDED'), []).reason).toBe(reason);
    }
  });

  it('a mixed selection disables every action with the rule as the reason', () => {
    const states = bulkActionStates(of('PENDING', 'APPROVED'), ALL);
    expect(states.map((s) => [s.label, s.enabled, s.reason])).toEqual([
      ['Cancelar', false, BULK_REASONS.CANCEL],
      ['Cambiar medio de pago', false, BULK_REASONS.CHANGE_PAYMENT_METHOD],
      ['Cancelar objeción', false, BULK_REASONS.CANCEL_OBJECTION],
    ]);
  });

  it('issued payments: cancel and change method enabled, cancel objection not', () => {
    expect(bulkActionStates(of('ISSUED', 'ISSUED'), ALL).map((s) => s.enabled)).toEqual([true, true, false]);
    expect(bulkActionStates(of('PENDING', 'ISSUED'), ALL).map((s) => s.enabled)).toEqual([
      true,
      false,
      false,
    ]);
    expect(bulkActionStates(of('OBJECTED'), ALL).map((s) => s.enabled)).toEqual([false, false, true]);
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
