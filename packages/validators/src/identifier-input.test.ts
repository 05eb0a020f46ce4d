import { describe, expect, it } from 'vitest';
import { checkCuit, formatCuit, isValidCuit, normalizeCuit } from './cuit.js';
import { checkCardNumber } from './card.js';
import { checkAccreditationDay, checkBinNumber } from './bin.js';
import { formatIdentificationNumber } from './identification.js';
import { checkCbu } from './cbu.js';
import {
  cleanCardNumberInput,
  cleanCbuInput,
  cleanCuitInput,
  cleanDigitsInput,
  formatCuitInput,
} from './identifier-input.js';

describe('CUIT input', () => {
  it.each([
    ['20-12345678-6', '20123456786'],
    ['20 12345678 6', '20123456786'],
    [' 20.12345678.6 ', '20123456786'],
    ['20123456786', '20123456786'],
    ['', ''],
  ])('%j is kept as %j', (typed, digits) => expect(cleanCuitInput(typed)).toBe(digits));

  it('a pasted CUIT with dashes is valid once cleaned', () => {
    expect(checkCuit(cleanCuitInput('20-12345678-6'))).toBeUndefined();
    expect(isValidCuit('20 12345678 6')).toBe(true);
    expect(normalizeCuit('20 12345678-6')).toBe('20123456786');
  });

  it('is not cut: a twelfth digit is left for the length check', () => {
    expect(cleanCuitInput('20-12345678-61')).toBe('201234567861');
    expect(checkCuit(cleanCuitInput('20-12345678-61'))).toBe('La cantidad de caracteres para CUIT es 11');
  });

  it('gets its dashes as it grows while typed; past 11 digits it is shown as it is', () => {
    const typed = '201234567861';
    const shown = [...typed].map((_, i) => formatCuitInput(typed.slice(0, i + 1)));
    expect(shown).toEqual([
      '2',
      '20',
      '20-1',
      '20-12',
      '20-123',
      '20-1234',
      '20-12345',
      '20-123456',
      '20-1234567',
      '20-12345678',
      '20-12345678-6',
      '201234567861',
    ]);
    expect(formatCuitInput('')).toBe('');
  });

  it('a CUIT is displayed with dashes', () => {
    expect(formatCuit('20123456786')).toBe('20-12345678-6');
    expect(formatCuit('20-12345678-6')).toBe('20-12345678-6');
  });
});

describe('card number input', () => {
  it('drops the spaces people copy a card number with', () => {
    expect(cleanCardNumberInput('4509 9535 6623 3704')).toBe('4509953566233704');
    expect(cleanCardNumberInput('4509-9535-6623-3704')).toBe('4509953566233704');
    expect(checkCardNumber(cleanCardNumberInput('4509 9535 6623 3704'))).toBeUndefined();
  });
});

describe('digits-only input', () => {
  it('accepts digits only (BIN, accreditation days)', () => {
    expect(cleanDigitsInput('12a3-4')).toBe('1234');
    expect(cleanDigitsInput('1a5')).toBe('15');
    expect(cleanDigitsInput('abc')).toBe('');
    expect(checkBinNumber(cleanDigitsInput('45a0-995'))).toBeUndefined();
    expect(checkAccreditationDay(cleanDigitsInput('1a5'))).toBeUndefined();
  });
});

describe('CBU input', () => {
  it.each([
    ['12ab34', '1234'],
    ['2850-5909 4009041813520 1', '2850590940090418135201'],
    ['abc', ''],
    ['', ''],
  ])('%j is kept as %j (letters refused, like the CUIT)', (typed, digits) =>
    expect(cleanCbuInput(typed)).toBe(digits),
  );
  it('keeps a pasted valid CBU valid, and leaves its length to checkCbu', () => {
    expect(checkCbu(cleanCbuInput('2850 5909 4009 0418 1352 01'))).toBeUndefined();
    expect(checkCbu(cleanCbuInput('12ab34'))).toBeDefined();
  });
});

describe('formatIdentificationNumber', () => {
  it('shows a CUIT with dashes and any other number as it is', () => {
    expect(formatIdentificationNumber('CUIT_ARG', '20123456786')).toBe('20-12345678-6');
    expect(formatIdentificationNumber('CUIT', '20-12345678-6')).toBe('20-12345678-6');
    expect(formatIdentificationNumber('DNI_ARG', '12345678')).toBe('12345678');
    expect(formatIdentificationNumber('CUIT_ARG', null)).toBe('');
  });
});
