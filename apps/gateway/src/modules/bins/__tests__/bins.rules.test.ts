import { describe, expect, it } from 'vitest';
import { cardBinBody } from '../bins.rules.js';

const INPUT = { bin: ' 450799 ', brandId: '1', typeId: '2', mediaPaymentId: 10, accreditationDays: '18' };

describe('cardBinBody', () => {
  it('builds the service body: ids, optional lookups null, days as a number', () => {
    expect(cardBinBody({ ...INPUT, country: 'arg', subtypeId: ' ', issuerId: '4' })).toEqual({
      iin: '450799',
      brand_id: '1',
      type_id: '2',
      subtype_id: null,
      emisor_id: '4',
      country: 'ARG',
      media_payment_id: 10,
      accreditation_days: 18,
    });
  });

  it.each([
    [{ bin: '' }, 'Número BIN es requerído *'],
    [{ bin: '1234567' }, 'Número BIN debe ser de 6 dígitos *'],
    [{ brandId: '' }, 'La marca es requerida *'],
    [{ typeId: '' }, 'El tipo de tarjeta es requerido *'],
    [{ accreditationDays: ' ' }, 'El dia de acreditación es requerído *'],
    [{ accreditationDays: '2a' }, 'El dia de acreditación debe contener solo números *'],
    [{ accreditationDays: '366' }, 'El día de acreditación no puede superar 365 *'],
    [{ mediaPaymentId: 28 }, 'El medio de pago no existe en el catálogo.'],
  ])('refuses %j', (change, message) => {
    expect(() => cardBinBody({ ...INPUT, ...change })).toThrow(message);
  });
});
