import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryName, searchPaymentMethods } from '../bin-options';

const METHODS = [{ name: 'Visa' }, { name: 'Visa Débito' }, { name: 'Mastercard' }, { name: 'Credimás' }];

describe('BIN options', () => {
  it('searches payment methods by a case-insensitive substring of the description', () => {
    expect(searchPaymentMethods(METHODS, 'VISA').map((m) => m.name)).toEqual(['Visa', 'Visa Débito']);
    expect(searchPaymentMethods(METHODS, 'debito').map((m) => m.name)).toEqual(['Visa Débito']);
    expect(searchPaymentMethods(METHODS, 'card').map((m) => m.name)).toEqual(['Mastercard']);
    expect(searchPaymentMethods(METHODS, 'credimas').map((m) => m.name)).toEqual(['Credimás']);
    expect(searchPaymentMethods(METHODS, '  ')).toHaveLength(4);
  });

  it('names a country by its code', () => {
    expect(countryName('ARG')).toBe('Argentina');
    expect(countryName('XYZ')).toBe('XYZ');
    expect(countryName(null)).toBeNull();
    expect(countryName('constructor')).toBe('constructor');
  });

  it('offers the countries in their order, each with its code and description', () => {
    expect(COUNTRIES).toHaveLength(11);
    expect(COUNTRIES[0]).toEqual({ code: 'ARG', description: 'Argentina' });
    expect(COUNTRIES.at(-1)).toEqual({ code: 'URY', description: 'Uruguay' });
  });
});
