import { describe, expect, it } from 'vitest';
import {
  binFormSchema,
  checkAccreditationDay,
  checkBinBrand,
  checkBinCardType,
  checkBinNumber,
  checkBinPaymentMethod,
} from './bin.js';
import { formikErrors } from './__tests__/reference.js';

describe('BIN number', () => {
  it.each([
    ['', 'Número BIN es requerído *'],
    [undefined, 'Número BIN es requerído *'],
    ['45079', 'Número BIN debe ser de 6 dígitos *'], // 5
    ['450799', undefined], // 6
    ['4507990', 'Número BIN debe ser de 6 dígitos *'], // 7
    ['45a799', 'Número BIN debe ser de 6 dígitos *'],
    [450799, undefined],
  ])('checkBinNumber(%j) -> %j', (value, message) => {
    expect(checkBinNumber(value)).toBe(message);
  });
});

describe('BIN lookups and accreditation day', () => {
  it('requires brand, card type and payment method (id or selected option)', () => {
    expect(checkBinBrand(null)).toBe('La marca es requerida *');
    expect(checkBinBrand({ id: 3, description: 'VISA' })).toBeUndefined();
    expect(checkBinCardType('')).toBe('El tipo de tarjeta es requerido *');
    expect(checkBinCardType(2)).toBeUndefined();
    expect(checkBinPaymentMethod(undefined)).toBe('El medio de pago es requerido *');
    expect(checkBinPaymentMethod(9)).toBeUndefined();
  });

  it('accreditation day is required and digits only', () => {
    expect(checkAccreditationDay('')).toBe('El dia de acreditación es requerído *');
    expect(checkAccreditationDay('2')).toBeUndefined();
    expect(checkAccreditationDay(18)).toBeUndefined();
    expect(checkAccreditationDay('2d')).toBe('El dia de acreditación debe contener solo números *');
    expect(checkAccreditationDay('365')).toBeUndefined();
    expect(checkAccreditationDay('366')).toBe('El día de acreditación no puede superar 365 *');
    expect(checkAccreditationDay('999')).toBe('El día de acreditación no puede superar 365 *');
  });
});

describe('binFormSchema', () => {
  it('accepts a complete BIN with optional fields empty', async () => {
    expect(
      await formikErrors(binFormSchema, {
        bin: '450799',
        brand: 1,
        type: 2,
        subtype: null,
        country: '',
        issuer: undefined,
        mediaPaymentId: 9,
        accreditationDay: '2',
      }),
    ).toEqual({});
  });

  it('reports every required field with the exact texts', async () => {
    expect(await formikErrors(binFormSchema, { bin: '45', accreditationDay: '' })).toEqual({
      bin: 'Número BIN debe ser de 6 dígitos *',
      brand: 'La marca es requerida *',
      type: 'El tipo de tarjeta es requerido *',
      mediaPaymentId: 'El medio de pago es requerido *',
      accreditationDay: 'El dia de acreditación es requerído *',
    });
  });
});
