import BlockOutlined from '@mui/icons-material/BlockOutlined';
import { describe, expect, it } from 'vitest';
import { actionText, recordActionsOf } from '../search/record-actions';

const REGISTRY = {
  CANCEL: { label: 'Cancelar', icon: BlockOutlined, placement: 'operation', order: 1 },
  CHANGE_PAYMENT_METHOD: {
    label: 'Cambiar medio de pago',
    icon: BlockOutlined,
    placement: 'operation',
    order: 2,
  },
  REFUND: { label: 'Devolver', icon: BlockOutlined, placement: 'operation', order: 4 },
  NOTIFY_PAYER: { label: 'Notificar al pagador', icon: BlockOutlined, placement: 'notification', order: 11 },
};

describe("the palette's actions of a record", () => {
  it("offers the toolbar's operations in its order, a disabled one with its reason, each opening the detail with it", () => {
    const actions = [
      { kind: 'REFUND', enabled: false, permitted: true, reason: 'Solo se devuelven pagos aprobados.' },
      { kind: 'NOTIFY_PAYER', enabled: true, permitted: true, reason: null },
      { kind: 'CHANGE_PAYMENT_METHOD', enabled: true, permitted: false, reason: null },
      { kind: 'CANCEL', enabled: true, permitted: true, reason: null },
      { kind: 'NEW_KIND', enabled: true, permitted: true, reason: null },
    ];
    expect(
      recordActionsOf(actions, REGISTRY, { noun: 'pago', id: '1000018', path: '/pago/1000018' }),
    ).toEqual([
      { kind: 'CANCEL', text: 'Cancelar pago 1000018…', reason: '', path: '/pago/1000018?accion=CANCEL' },
      {
        kind: 'REFUND',
        text: 'Devolver pago 1000018…',
        reason: 'Solo se devuelven pagos aprobados.',
        path: '/pago/1000018?accion=REFUND',
      },
    ]);
  });

  it('offers the kinds named when the registry has no placements (an import: not its Recargar)', () => {
    const registry = {
      CONFIRM: { label: 'Confirmar', icon: BlockOutlined, order: 1 },
      CANCEL: { label: 'Cancelar', icon: BlockOutlined, order: 2 },
      RELOAD: { label: 'Recargar', icon: BlockOutlined, order: 3 },
    };
    const actions = ['RELOAD', 'CANCEL', 'CONFIRM'].map((kind) => ({
      kind,
      enabled: true,
      permitted: true,
      reason: null,
    }));
    const offered = recordActionsOf(actions, registry, {
      noun: 'importación',
      id: '4025',
      path: '/importacion/4025',
      operations: { kinds: ['CONFIRM', 'CANCEL'] },
    });
    expect(offered.map((action) => action.text)).toEqual([
      'Confirmar importación 4025…',
      'Cancelar importación 4025…',
    ]);
  });

  it("offers the toolbar's notifications and the holder lookup with its operations, in the registry's order", () => {
    const registry = {
      ...REGISTRY,
      SHOW_HOLDER: { label: 'Consultar titular', icon: BlockOutlined, placement: 'methods', order: 30 },
      HISTORY: { label: 'Historial', icon: BlockOutlined, placement: 'header', order: 20 },
    };
    const actions = ['SHOW_HOLDER', 'HISTORY', 'NOTIFY_PAYER', 'CANCEL'].map((kind) => ({
      kind,
      enabled: true,
      permitted: true,
      reason: null,
    }));
    const offered = recordActionsOf(actions, registry, {
      noun: 'pago',
      id: '1000018',
      path: '/pago/1000018',
      operations: { placements: ['operation', 'notification', 'methods'] },
    });
    expect(offered.map((action) => action.text)).toEqual([
      'Cancelar pago 1000018…',
      'Notificar al pagador · pago 1000018…',
      'Consultar titular · pago 1000018…',
    ]);
  });

  it('keeps a label of several words apart from the record', () => {
    expect(actionText('Cambiar medio de pago', 'suscripción', '55')).toBe(
      'Cambiar medio de pago · suscripción 55…',
    );
  });
});
