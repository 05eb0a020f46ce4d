import { describe, expect, it } from 'vitest';
import { actionsIn, type ActionRegistry } from '../action-registry';
import { cancelAction, changePaymentMethodAction, detailToolActions } from '../common-actions';

const noun = { one: 'suscripción', many: 'suscripciones', gender: 'feminine' as const };
const sentences = {
  description: (id: string) => `Se cancelará la suscripción ${id}.`,
  bulkConfirm: 'Confirme las suscripciones a cancelar',
  bulkDescription: (count: number) => `Se cancelarán ${count} suscripciones.`,
  success: 'Suscripción cancelada correctamente',
};

describe('common actions', () => {
  it("cancel: 'Cancelar' in red, its titles and submits named with the area's noun, its sentences kept", () => {
    const cancel = cancelAction(noun, 3, sentences);
    expect(cancel).toMatchObject({ label: 'Cancelar', placement: 'operation', order: 3, color: 'error' });
    const dialog = cancel.dialog!;
    expect([dialog.title, dialog.submit, dialog.bulkTitle, dialog.bulkSubmit]).toEqual([
      'Cancelar suscripción',
      'Cancelar suscripción',
      'Cancelar suscripciones',
      'Cancelar suscripciones',
    ]);
    expect(dialog.description('S-1')).toBe('Se cancelará la suscripción S-1.');
    expect(dialog.bulkDescription(2)).toBe('Se cancelarán 2 suscripciones.');
    expect(dialog.bulkConfirm).toBe(sentences.bulkConfirm);
    expect(dialog.success).toBe(sentences.success);
  });

  it("change payment method: one item's description names it with the noun; the area's submit label", () => {
    const change = changePaymentMethodAction(
      { one: 'pago', many: 'pagos', gender: 'masculine' as const },
      2,
      {
        submit: 'Guardar',
        bulkConfirm: 'Revise la selección',
        bulkDescription: (count) => `${count} pagos`,
        success: 'Medio de pago actualizado correctamente',
      },
    );
    expect(change).toMatchObject({ label: 'Cambiar medio de pago', placement: 'operation', order: 2 });
    expect(change.color).toBeUndefined();
    const dialog = change.dialog!;
    expect(dialog.description('1000123')).toBe('Pago 1000123: el nuevo medio de pago reemplaza al actual.');
    expect([dialog.title, dialog.bulkTitle, dialog.submit, dialog.bulkSubmit]).toEqual([
      'Cambiar medio de pago',
      'Cambiar medio de pago',
      'Guardar',
      'Guardar',
    ]);
    expect(dialog.bulkDescription(3)).toBe('3 pagos');
  });

  it('detail tools: form, history and reload in the header, in that order from the given one', () => {
    const registry: ActionRegistry<'FORM_LINK' | 'HISTORY' | 'RELOAD'> = detailToolActions(20);
    const on = (kind: 'FORM_LINK' | 'HISTORY' | 'RELOAD') => ({ kind, enabled: true, permitted: true });
    const shown = actionsIn([on('RELOAD'), on('FORM_LINK'), on('HISTORY')], registry, 'header');
    expect(shown.map((a) => registry[a.kind].label)).toEqual(['Formulario', 'Historial', 'Recargar']);
    expect(Object.values(registry).map((meta) => meta.order)).toEqual([20, 21, 22]);
  });
});
