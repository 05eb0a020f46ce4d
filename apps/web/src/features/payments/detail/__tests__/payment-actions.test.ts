import { describe, expect, it } from 'vitest';
import {
  ACTION_META,
  actionsFor,
  disabledReason,
  isCardExpiredDetail,
  retryCheckoutUrl,
  SUCCESS_MESSAGES,
  type PaymentActionData,
} from '../payment-actions';

const action = (
  kind: PaymentActionData['kind'],
  enabled: boolean,
  permitted = true,
  reason: string | null = null,
) => ({
  kind,
  enabled,
  permitted,
  reason,
});

describe('toolbar from actions', () => {
  const actions: PaymentActionData[] = [
    action('REVERSE', true),
    action('CANCEL', false, true, 'Solo se cancelan pagos pendientes o emitidos.'),
    action('REFUND', false, false, 'No tiene permiso para devolver pagos.'),
    action('NOTIFY_PAYER', true),
    action('HISTORY', true),
    action('RELOAD', true),
    action('FORM_LINK', true),
    action('SHOW_HOLDER', false, false, 'Sin permiso'),
  ];

  it('keeps one button per permitted action, in the toolbar order', () => {
    expect(actionsFor(actions, 'operation').map((a) => a.kind)).toEqual(['CANCEL', 'REVERSE']);
    expect(actionsFor(actions, 'notification').map((a) => a.kind)).toEqual(['NOTIFY_PAYER']);
    expect(actionsFor(actions, 'header').map((a) => a.kind)).toEqual(['FORM_LINK', 'HISTORY', 'RELOAD']);
  });

  it('hides actions the user may never use (not permitted), even when a reason is given', () => {
    expect(actionsFor(actions, 'operation').some((a) => a.kind === 'REFUND')).toBe(false);
    expect(actionsFor(actions, 'methods')).toEqual([]);
  });

  it('keeps disabled actions with their reason as the tooltip', () => {
    const cancel = actionsFor(actions, 'operation')[0]!;
    expect(cancel.enabled).toBe(false);
    expect(disabledReason(cancel)).toBe('Solo se cancelan pagos pendientes o emitidos.');
    expect(disabledReason(action('RETRY', false, true, null))).toBe('Acción no disponible para este pago.');
    expect(disabledReason(action('RETRY', true))).toBe('');
  });

  it('places every action kind somewhere with a Spanish label', () => {
    for (const meta of Object.values(ACTION_META)) {
      expect(meta.label).toMatch(/^[A-ZÁÉÍÓÚ]/);
    }
  });
});

describe('retry', () => {
  it('detects an expired card from the status detail', () => {
    expect(isCardExpiredDetail('cc_rejected_card_expired')).toBe(true);
    expect(isCardExpiredDetail('cc_rejected_insufficient_amount')).toBe(false);
    expect(isCardExpiredDetail(null)).toBe(false);
  });

  it('adds the retry flag to the checkout URL', () => {
    expect(retryCheckoutUrl('http://formularios.test/1000011/checkout')).toBe(
      'http://formularios.test/1000011/checkout?retry=true',
    );
    expect(retryCheckoutUrl('http://formularios.test/1/checkout?x=1')).toBe(
      'http://formularios.test/1/checkout?x=1&retry=true',
    );
    expect(retryCheckoutUrl('/1/checkout')).toBe('/1/checkout?retry=true');
  });
});

describe('messages', () => {
  it('forward notification says exactly what the spec says', () => {
    expect(SUCCESS_MESSAGES.forwardNotification).toBe('Se envio la notificación del pago correctamente.');
    expect(SUCCESS_MESSAGES.cancel).toBe('Pago cancelado correctamente');
  });
});
