import { describe, expect, it } from 'vitest';
import { cancelReasonSchema, checkReason, normalizeReason, withdrawalRejectSchema } from './reason.js';
import { LABELS } from './messages.js';
import { formikErrors } from './__tests__/reference.js';

describe('reasons', () => {
  it("requires a non-blank reason: 'Disculpe, debe ingresar el motivo'", () => {
    expect(checkReason('')).toBe('Disculpe, debe ingresar el motivo');
    expect(checkReason(' \n\t ')).toBe('Disculpe, debe ingresar el motivo');
    expect(checkReason(null)).toBe('Disculpe, debe ingresar el motivo');
    expect(checkReason('Pedido del cliente')).toBeUndefined();
    expect(normalizeReason('  Duplicado  ')).toBe('Duplicado');
    expect(normalizeReason('   ')).toBeUndefined();
  });

  it('cancel and withdrawal-reject dialogs use the rule', async () => {
    expect(await formikErrors(cancelReasonSchema, { reason: '   ' })).toEqual({
      reason: 'Disculpe, debe ingresar el motivo',
    });
    expect(await formikErrors(withdrawalRejectSchema, { reason: '' })).toEqual({
      reason: 'Disculpe, debe ingresar el motivo',
    });
    expect(await formikErrors(withdrawalRejectSchema, { reason: 'CBU cerrado' })).toEqual({});
    expect(LABELS.withdrawalRejectReason).toBe('Motivo de rechazo');
  });
});
