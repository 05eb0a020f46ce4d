import { describe, expect, it } from 'vitest';
import {
  checkIdentification,
  checkIdentificationCountry,
  checkIdentificationNumber,
  checkIdentificationType,
  checkPayerDni,
  identificationMaxLength,
  isIdentificationActive,
  normalizeIdentificationType,
  payerDniSchema,
  toIdentificationPayload,
} from './identification.js';
import { MESSAGES } from './messages.js';
import { changeDigit, referenceCuit } from './__tests__/reference.js';

const CUIT = referenceCuit('2017254359'); // 20172543597
const BAD_CUIT = changeDigit(CUIT, 10);

describe('checkPayerDni (000 §5)', () => {
  it.each([
    [undefined, MESSAGES.required],
    ['', MESSAGES.required],
    ['12.345.678', MESSAGES.digitsOnly],
    ['123456', MESSAGES.dniLength], // 6
    ['1234567', undefined], // 7
    ['12345678', undefined], // 8
    ['123456789', MESSAGES.dniLength], // 9
  ])('checkPayerDni(%j) -> %j', (value, message) => {
    expect(checkPayerDni(value)).toBe(message);
  });

  it('payerDniSchema uses the same rule', async () => {
    await expect(payerDniSchema.validate('123456')).rejects.toThrow(
      'La cantidad de caracteres para DNI es 7 u 8',
    );
  });
});

describe('identification type codes', () => {
  it('normalises plain and suffixed codes', () => {
    expect(normalizeIdentificationType('DNI')).toBe('DNI_ARG');
    expect(normalizeIdentificationType('dni_arg')).toBe('DNI_ARG');
    expect(normalizeIdentificationType('CUIT')).toBe('CUIT_ARG');
    expect(normalizeIdentificationType('CUIT_ARG')).toBe('CUIT_ARG');
    expect(normalizeIdentificationType('PASAPORTE')).toBeUndefined();
    expect(normalizeIdentificationType('')).toBeUndefined();
  });

  it('number input max length: 8 by default and for DNI, 11 for CUIT', () => {
    expect(identificationMaxLength(undefined)).toBe(8);
    expect(identificationMaxLength('DNI_ARG')).toBe(8);
    expect(identificationMaxLength('CUIT_ARG')).toBe(11);
  });
});

describe('identification block', () => {
  it("is not in use with type 'Ninguna' and no number, even with the default country", () => {
    const values = { type: '', number: '', country: 'ARG' };
    expect(isIdentificationActive(values)).toBe(false);
    expect(checkIdentification(values, 'payer')).toBeUndefined();
    expect(checkIdentification(undefined, 'reference')).toBeUndefined();
    expect(checkIdentification(null, 'reference')).toBeUndefined();
    expect(toIdentificationPayload(values)).toBeUndefined();
  });

  it('requires type, number and country once a type is set', () => {
    expect(checkIdentification({ type: 'DNI_ARG' }, 'payer')).toEqual({
      number: 'Número de identificación requerido*',
      country: 'País requerido*',
    });
    expect(checkIdentification({ number: '12345678', country: 'ARG' }, 'payer')).toEqual({
      type: 'Tipo de identificación requerido*',
    });
    expect(checkIdentificationType({ type: 'OTRO', number: '1' })).toBe(MESSAGES.identificationTypeRequired);
  });

  it('accepts only digits in the number', () => {
    expect(checkIdentificationNumber({ type: 'DNI_ARG', number: '12.345.678' }, 'reference')).toBe(
      'Número de identificación incorrecto*',
    );
    expect(checkIdentificationNumber({ type: 'CUIT_ARG', number: '20-1725435a-7' }, 'payer')).toBe(
      'Número de identificación incorrecto*',
    );
  });

  it('only offers ARG', () => {
    expect(checkIdentificationCountry({ type: 'DNI_ARG', country: 'ARG' })).toBeUndefined();
    expect(checkIdentificationCountry({ type: 'DNI_ARG', country: 'arg' })).toBeUndefined();
    expect(checkIdentificationCountry({ type: 'DNI_ARG', country: 'URY' })).toBe(MESSAGES.countryUnsupported);
    expect(checkIdentificationCountry({ type: 'DNI_ARG', country: ' ' })).toBe('País requerido*');
  });

  describe('DNI', () => {
    it.each([
      ['123456', 'La cantidad de caracteres para DNI es 7 u 8', 'El número de DNI no es válido'],
      ['1234567', undefined, 'El número de DNI no es válido'],
      ['12345678', undefined, undefined],
      ['123456789', 'La cantidad de caracteres para DNI es 7 u 8', 'El número de DNI no es válido'],
    ])('%s: reference %j, payer %j', (number, reference, payer) => {
      const values = { type: 'DNI_ARG', number, country: 'ARG' };
      expect(checkIdentificationNumber(values, 'reference')).toBe(reference);
      expect(checkIdentificationNumber(values, 'payer')).toBe(payer);
    });
  });

  describe('CUIT', () => {
    it.each([
      [CUIT.slice(0, 10), 'La cantidad de caracteres para CUIT es 11', 'El número de CUIT no es válido'],
      [CUIT, undefined, undefined],
      ['20-17254359-7', undefined, undefined],
      [`${CUIT}1`, 'La cantidad de caracteres para CUIT es 11', 'El número de CUIT no es válido'],
      [BAD_CUIT, 'El número de CUIT no es válido', 'El número de CUIT no es válido'],
    ])('%s: reference %j, payer %j', (number, reference, payer) => {
      const values = { type: 'CUIT_ARG', number, country: 'ARG' };
      expect(checkIdentificationNumber(values, 'reference')).toBe(reference);
      expect(checkIdentificationNumber(values, 'payer')).toBe(payer);
    });
  });

  it('builds the payload with the normalised type and number', () => {
    expect(toIdentificationPayload({ type: 'CUIT', number: '20-17254359-7', country: 'arg' })).toEqual({
      type: 'CUIT_ARG',
      number: '20172543597',
      country: 'ARG',
    });
    expect(toIdentificationPayload({ type: 'DNI_ARG', number: ' 12345678 ', country: 'ARG' })).toEqual({
      type: 'DNI_ARG',
      number: '12345678',
      country: 'ARG',
    });
  });
});
