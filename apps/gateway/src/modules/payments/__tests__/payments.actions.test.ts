import { PERMISSIONS } from '@backoffice/schema';
import { describe, expect, it } from 'vitest';
import type { PaymentActionKind, PaymentStatus } from '../../../generated/resolvers-types.js';
import {
  ACTION_KINDS,
  decideAction,
  isOverdue,
  partialRefundItems,
  paymentActions,
  REASONS,
  refundableAmount,
  type PaymentForRules,
} from '../payments.rules.js';
import { mapPayment } from '../payments.mappers.js';

/** Spec 000 §4 "Payments": every row of the action table, every multi-select rule. */

const TODAY = new Date('2025-11-15T15:00:00.000Z');
const FUTURE = '2025-12-31T23:59:59.000Z';
const PAST = '2025-11-01T00:00:00.000Z';
const ALL = [...PERMISSIONS] as string[];
const NONE: string[] = [];
const STATUSES: PaymentStatus[] = [
  'PENDING',
  'ISSUED',
  'APPROVED',
  'PARTIAL',
  'REJECTED',
  'REFUNDED',
  'OBJECTED',
  'OVERDUE',
];

const card = (status = 'approved') => ({ type: 'ONLINE' as const, gateway: { status } });

function payment(overrides: Partial<PaymentForRules> = {}): PaymentForRules {
  return {
    status: 'APPROVED',
    type: 'ONLINE',
    lastDueDate: FUTURE,
    isCurrentVersion: true,
    notificationUrl: 'https://entidad.com.ar/webhook',
    payer: { email: 'maria.gonzalez@gmail.com' },
    paymentMethods: [card()],
    presets: { actions: [{ name: 'retry', active: true }] },
    ...overrides,
  };
}

const decide = (kind: PaymentActionKind, p: PaymentForRules, permissions: string[] = ALL) =>
  decideAction(kind, p, permissions, TODAY);

/** The statuses for which the action is enabled (admin, current version, otherwise favourable payment). */
const enabledStatuses = (kind: PaymentActionKind, base: Partial<PaymentForRules> = {}) =>
  STATUSES.filter((status) => decide(kind, payment({ ...base, status })).enabled);

describe('payment actions: one entry per kind', () => {
  it('lists every kind once, in toolbar order, with enabled, permitted and reason', () => {
    const actions = paymentActions(payment(), ALL, TODAY);
    expect(actions.map((a) => a.kind)).toEqual(ACTION_KINDS);
    expect(new Set(ACTION_KINDS).size).toBe(14);
    for (const a of actions) {
      expect(a.enabled ? a.reason : typeof a.reason).toBe(a.enabled ? null : 'string');
    }
  });
});

describe('Cancel: pending or issued, with cancel permission', () => {
  it('is enabled only for pending and issued', () => {
    expect(enabledStatuses('CANCEL')).toEqual(['PENDING', 'ISSUED']);
    expect(decide('CANCEL', payment({ status: 'APPROVED' }))).toEqual({
      enabled: false,
      permitted: true,
      reason: 'Solo se pueden cancelar pagos pendientes o emitidos.',
    });
  });
  it('needs PAYMENT_CANCEL', () => {
    expect(decide('CANCEL', payment({ status: 'PENDING' }), ['PAYMENT_UPDATE'])).toEqual({
      enabled: false,
      permitted: false,
      reason: 'No tiene permisos para cancelar pagos.',
    });
    expect(decide('CANCEL', payment({ status: 'PENDING' }), ['PAYMENT_CANCEL']).enabled).toBe(true);
  });
});

describe('Change payment method: issued, with update permission', () => {
  it('is enabled only for issued', () => {
    expect(enabledStatuses('CHANGE_PAYMENT_METHOD')).toEqual(['ISSUED']);
    expect(decide('CHANGE_PAYMENT_METHOD', payment({ status: 'PENDING' })).reason).toBe(
      REASONS.changeMethodState,
    );
  });
  it('needs PAYMENT_UPDATE', () => {
    const p = payment({ status: 'ISSUED' });
    expect(decide('CHANGE_PAYMENT_METHOD', p, ['PAYMENT_CANCEL']).permitted).toBe(false);
    expect(decide('CHANGE_PAYMENT_METHOD', p, ['PAYMENT_UPDATE']).enabled).toBe(true);
  });
});

describe('Refund: approved, online (or first method online) or QR with exactly one method; refund permission', () => {
  it('is enabled only for approved', () => {
    expect(enabledStatuses('REFUND')).toEqual(['APPROVED']);
    expect(decide('REFUND', payment({ status: 'PARTIAL' })).reason).toBe(REASONS.refundState);
  });
  it('accepts type online', () => {
    expect(decide('REFUND', payment({ type: 'ONLINE', paymentMethods: [{ type: 'debit' }] })).enabled).toBe(
      true,
    );
  });
  it('accepts a payment without type whose first method is online', () => {
    expect(
      decide('REFUND', payment({ type: null, paymentMethods: [card(), { type: 'debit' }] })).enabled,
    ).toBe(true);
    expect(
      decide('REFUND', payment({ type: null, paymentMethods: [{ type: 'debit' }, card()] })).reason,
    ).toBe(REASONS.refundType);
  });
  it('accepts QR with exactly one method and refuses QR with more', () => {
    expect(decide('REFUND', payment({ type: 'QR', paymentMethods: [{ type: 'qr' }] })).enabled).toBe(true);
    expect(
      decide('REFUND', payment({ type: 'QR', paymentMethods: [{ type: 'debit' }, { type: 'transfer' }] })),
    ).toEqual({ enabled: false, permitted: true, reason: REASONS.refundType });
    expect(
      decide('REFUND', payment({ type: 'QR', paymentMethods: [{ type: 'ONLINE' }, { type: 'DEBIT' }] }))
        .enabled,
    ).toBe(true); // first method online
  });
  it('needs PAYMENT_REFUND', () => {
    expect(decide('REFUND', payment(), ['PAYMENT_REVERSE'])).toEqual({
      enabled: false,
      permitted: false,
      reason: 'No tiene permisos para devolver pagos.',
    });
  });
});

describe('Partial refund: partial, refund permission, more than one method, at least one approved', () => {
  const two = [card('approved'), { type: 'debit', gateway: { status: 'rejected' } }];
  it('is enabled only for partial', () => {
    expect(enabledStatuses('PARTIAL_REFUND', { paymentMethods: two })).toEqual(['PARTIAL']);
    expect(decide('PARTIAL_REFUND', payment({ status: 'APPROVED', paymentMethods: two })).reason).toBe(
      REASONS.partialRefundState,
    );
  });
  it('needs more than one method', () => {
    expect(decide('PARTIAL_REFUND', payment({ status: 'PARTIAL', paymentMethods: [card()] })).reason).toBe(
      REASONS.partialRefundMethods,
    );
  });
  it('needs at least one method whose gateway status is approved', () => {
    const none = [card('rejected'), card('refunded')];
    expect(decide('PARTIAL_REFUND', payment({ status: 'PARTIAL', paymentMethods: none })).reason).toBe(
      REASONS.partialRefundApproved,
    );
  });
  it('needs PAYMENT_REFUND', () => {
    expect(
      decide('PARTIAL_REFUND', payment({ status: 'PARTIAL', paymentMethods: two }), ['PAYMENT_CANCEL'])
        .permitted,
    ).toBe(false);
  });
  it('sends the approved methods with status_detail, type, final amount and index', () => {
    const model = mapPayment({
      id: '1',
      status: 'partial',
      request_date: '2025-11-01T00:00:00Z',
      final_amount: 300,
      collector_id: '10001',
      payment_methods: [
        {
          media_payment_id: 9,
          type: 'online',
          amount: 100,
          final_amount: 110.5,
          gateway: { status: 'approved', status_detail: 'accredited' },
        },
        { media_payment_id: 1, type: 'debit', final_amount: 90, gateway: { status: 'rejected' } },
        {
          media_payment_id: 7,
          type: 'online',
          final_amount: 99.99,
          gateway: { status: 'approved', status_detail: 'accredited' },
        },
      ],
    });
    expect(partialRefundItems(model)).toEqual([
      { status_detail: 'accredited', type: 'online', amount: 110.5, payment_method_id: 0 },
      { status_detail: 'accredited', type: 'online', amount: 99.99, payment_method_id: 2 },
    ]);
  });
});

describe('Reverse: approved, with reverse permission', () => {
  it('is enabled only for approved', () => {
    expect(enabledStatuses('REVERSE')).toEqual(['APPROVED']);
    expect(decide('REVERSE', payment({ status: 'REFUNDED' })).reason).toBe(REASONS.reverseState);
  });
  it('needs PAYMENT_REVERSE', () => {
    expect(decide('REVERSE', payment(), ['PAYMENT_REFUND']).reason).toBe(
      'No tiene permisos para revertir pagos.',
    );
  });
});

describe('Cancel objection: objected, with cancel-objection permission', () => {
  it('is enabled only for objected', () => {
    expect(enabledStatuses('CANCEL_OBJECTION')).toEqual(['OBJECTED']);
  });
  it('needs PAYMENT_CANCEL_OBJECTION', () => {
    expect(decide('CANCEL_OBJECTION', payment({ status: 'OBJECTED' }), ['PAYMENT_CANCEL']).permitted).toBe(
      false,
    );
    expect(
      decide('CANCEL_OBJECTION', payment({ status: 'OBJECTED' }), ['PAYMENT_CANCEL_OBJECTION']).enabled,
    ).toBe(true);
  });
});

describe('Retry: rejected, not overdue, no preset "retry" marked inactive', () => {
  it('is enabled only for rejected', () => {
    expect(enabledStatuses('RETRY')).toEqual(['REJECTED']);
  });
  it('is refused when last_due_date is earlier than today', () => {
    expect(decide('RETRY', payment({ status: 'REJECTED', lastDueDate: PAST })).reason).toBe(
      REASONS.retryOverdue,
    );
    expect(decide('RETRY', payment({ status: 'REJECTED', lastDueDate: null })).enabled).toBe(true);
  });
  it('is refused when the retry preset is inactive, allowed when active or absent', () => {
    const inactive = {
      actions: [
        { name: 'notify', active: true },
        { name: 'retry', active: false },
      ],
    };
    expect(decide('RETRY', payment({ status: 'REJECTED', presets: inactive })).reason).toBe(
      REASONS.retryDisabled,
    );
    expect(decide('RETRY', payment({ status: 'REJECTED', presets: null })).enabled).toBe(true);
    expect(
      decide(
        'RETRY',
        payment({ status: 'REJECTED', presets: { actions: [{ name: 'notify', active: false }] } }),
      ).enabled,
    ).toBe(true);
  });
  it('needs the permission of its mutation (PAYMENT_UPDATE)', () => {
    expect(decide('RETRY', payment({ status: 'REJECTED' }), NONE).permitted).toBe(false);
  });
});

describe('Form link: not refunded', () => {
  it('is enabled for every status but refunded, without any permission', () => {
    expect(STATUSES.filter((status) => decide('FORM_LINK', payment({ status }), NONE).enabled)).toEqual(
      STATUSES.filter((s) => s !== 'REFUNDED'),
    );
    expect(decide('FORM_LINK', payment({ status: 'REFUNDED' })).reason).toBe(REASONS.formLinkRefunded);
  });
});

describe('Forward notification: notification_url is set', () => {
  it('follows notification_url', () => {
    expect(decide('FORWARD_NOTIFICATION', payment()).enabled).toBe(true);
    expect(decide('FORWARD_NOTIFICATION', payment({ notificationUrl: null })).reason).toBe(
      REASONS.forwardNoUrl,
    );
    expect(decide('FORWARD_NOTIFICATION', payment({ notificationUrl: '' })).enabled).toBe(false);
  });
  it('needs NOTIFICATION_SEND', () => {
    expect(decide('FORWARD_NOTIFICATION', payment(), ['PAYMENT_UPDATE']).permitted).toBe(false);
  });
});

describe('Notify payer: not overdue and the payer has an e-mail', () => {
  it('is refused for an overdue payment (status or last_due_date)', () => {
    expect(decide('NOTIFY_PAYER', payment({ status: 'OVERDUE' })).reason).toBe(REASONS.notifyOverdue);
    expect(decide('NOTIFY_PAYER', payment({ status: 'PENDING', lastDueDate: PAST })).reason).toBe(
      REASONS.notifyOverdue,
    );
    expect(decide('NOTIFY_PAYER', payment({ status: 'PENDING' })).enabled).toBe(true);
  });
  it('is refused without payer e-mail', () => {
    expect(decide('NOTIFY_PAYER', payment({ payer: { email: null } })).reason).toBe(REASONS.notifyNoEmail);
    expect(decide('NOTIFY_PAYER', payment({ payer: null })).enabled).toBe(false);
  });
  it('needs NOTIFICATION_SEND', () => {
    expect(decide('NOTIFY_PAYER', payment(), ['PAYMENT_UPDATE']).permitted).toBe(false);
    expect(decide('NOTIFY_PAYER', payment(), ['NOTIFICATION_SEND']).enabled).toBe(true);
  });
});

describe('Update from gateway: has methods and a type, with gateway-update permission', () => {
  it('needs methods and a type', () => {
    expect(decide('UPDATE_FROM_GATEWAY', payment()).enabled).toBe(true);
    expect(decide('UPDATE_FROM_GATEWAY', payment({ paymentMethods: [] })).reason).toBe(
      REASONS.gatewayNoMethods,
    );
    expect(decide('UPDATE_FROM_GATEWAY', payment({ type: null })).reason).toBe(REASONS.gatewayNoType);
  });
  it('is independent of the status', () => {
    expect(enabledStatuses('UPDATE_FROM_GATEWAY')).toEqual(STATUSES);
  });
  it('needs PAYMENT_UPDATE_GATEWAY', () => {
    expect(decide('UPDATE_FROM_GATEWAY', payment(), ['PAYMENT_UPDATE']).reason).toBe(
      'No tiene permisos para actualizar pagos desde el gateway.',
    );
  });
});

describe('Reload and history: always', () => {
  it('are enabled for every status, without permissions, even on a previous version', () => {
    for (const kind of ['RELOAD', 'HISTORY'] as const) {
      for (const status of STATUSES) {
        expect(decide(kind, payment({ status, isCurrentVersion: false }), NONE)).toEqual({
          enabled: true,
          permitted: true,
          reason: null,
        });
      }
    }
  });
});

describe('Holder lookup: only with the payment holder permission', () => {
  it('follows PAYMENT_HOLDER', () => {
    expect(decide('SHOW_HOLDER', payment(), ['PAYMENT_HOLDER']).enabled).toBe(true);
    expect(decide('SHOW_HOLDER', payment(), ['PAYMENT_UPDATE'])).toEqual({
      enabled: false,
      permitted: false,
      reason: 'No tiene permisos para consultar el titular de la tarjeta.',
    });
  });
});

describe('All actions need the current version', () => {
  const writes: PaymentActionKind[] = [
    'CANCEL',
    'CHANGE_PAYMENT_METHOD',
    'REFUND',
    'PARTIAL_REFUND',
    'REVERSE',
    'CANCEL_OBJECTION',
    'RETRY',
    'FORM_LINK',
    'FORWARD_NOTIFICATION',
    'NOTIFY_PAYER',
    'UPDATE_FROM_GATEWAY',
  ];
  const allowing: Record<string, Partial<PaymentForRules>> = {
    CANCEL: { status: 'PENDING' },
    CHANGE_PAYMENT_METHOD: { status: 'ISSUED' },
    PARTIAL_REFUND: { status: 'PARTIAL', paymentMethods: [card(), card('rejected')] },
    CANCEL_OBJECTION: { status: 'OBJECTED' },
    RETRY: { status: 'REJECTED' },
  };
  it.each(writes)('%s is disabled on a previous version with the banner reason', (kind) => {
    const base = allowing[kind] ?? {};
    expect(decide(kind, payment(base)).enabled).toBe(true);
    expect(decide(kind, payment({ ...base, isCurrentVersion: false }))).toEqual({
      enabled: false,
      permitted: true,
      reason: 'Está viendo una versión anterior del pago.',
    });
  });
  it('reports the missing permission before the version (the user could never use it)', () => {
    expect(decide('CANCEL', payment({ status: 'PENDING', isCurrentVersion: false }), NONE).permitted).toBe(
      false,
    );
  });
});

describe('consulta (no permission)', () => {
  it('may only use form link, reload and history', () => {
    const usable = paymentActions(payment(), NONE, TODAY)
      .filter((a) => a.permitted)
      .map((a) => a.kind);
    expect(usable).toEqual(['FORM_LINK', 'RELOAD', 'HISTORY']);
  });
});

describe('overdue', () => {
  it('is last_due_date earlier than today, or the status overdue', () => {
    expect(isOverdue({ status: 'PENDING', lastDueDate: PAST }, TODAY)).toBe(true);
    expect(isOverdue({ status: 'PENDING', lastDueDate: FUTURE }, TODAY)).toBe(false);
    expect(isOverdue({ status: 'PENDING', lastDueDate: null }, TODAY)).toBe(false);
    expect(isOverdue({ status: 'OVERDUE', lastDueDate: FUTURE }, TODAY)).toBe(true);
  });

  it('compares dates in Argentine time: a last due date today is not overdue', () => {
    // TODAY is 15/11/2025 12:00 in Buenos Aires.
    expect(isOverdue({ status: 'PENDING', lastDueDate: '2025-11-15T14:59:59.000Z' }, TODAY)).toBe(false);
    expect(isOverdue({ status: 'PENDING', lastDueDate: '2025-11-15T03:00:00.000Z' }, TODAY)).toBe(false);
    expect(isOverdue({ status: 'PENDING', lastDueDate: '2025-11-15T02:59:59.000Z' }, TODAY)).toBe(true);
    // Late at night in Buenos Aires it is already the next day in UTC: still today.
    const lateNight = new Date('2025-11-16T02:30:00.000Z');
    expect(isOverdue({ status: 'PENDING', lastDueDate: '2025-11-15T10:00:00.000Z' }, lateNight)).toBe(false);
  });
});

describe('refundable amount', () => {
  it('is the final amount minus approved refunds, without float drift', () => {
    const refunds = [
      { status: 'APPROVED', amount: '0.10' },
      { status: 'REJECTED', amount: '50.00' },
      { status: 'APPROVED', amount: '0.20' },
    ] as never;
    expect(refundableAmount({ finalAmount: '100.30', refunds })).toBe(100);
    expect(refundableAmount({ finalAmount: '10.00', refunds: [] })).toBe(10);
  });
});
