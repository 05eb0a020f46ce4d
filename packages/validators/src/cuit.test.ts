import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildCuit,
  checkCuit,
  cuitCheckDigit,
  cuitSchema,
  formatCuit,
  isValidCuit,
  normalizeCuit,
} from './cuit.js';
import { CUIT_LENGTH } from './limits.js';
import { MESSAGES } from './messages.js';
import { changeDigit, digitSource, referenceCuit, referenceCuitDigit } from './__tests__/reference.js';

describe('normalizeCuit', () => {
  it('removes dashes, underscores and surrounding spaces', () => {
    expect(normalizeCuit('20-17254359-7')).toBe('20172543597');
    expect(normalizeCuit(' 30_50001091_2 ')).toBe('30500010912');
    expect(normalizeCuit('27-2803351_-_')).toBe('272803351');
    expect(normalizeCuit(undefined)).toBe('');
    expect(normalizeCuit(20172543597)).toBe('20172543597');
  });
});

describe('cuitCheckDigit', () => {
  it('matches the reference computation on real-world CUITs', () => {
    // Check digits recomputed by the reference helper, not copied from anywhere.
    for (const first of ['2017254359', '3050001091', '2728033514', '3369345023', '3054668997']) {
      expect(cuitCheckDigit(first)).toBe(referenceCuitDigit(first));
    }
    expect(referenceCuit('2017254359')).toBe('20172543597');
    expect(referenceCuit('3050001091')).toBe('30500010912');
    expect(referenceCuit('2728033514')).toBe('27280335148');
    expect(referenceCuit('3369345023')).toBe('33693450239');
  });

  it('maps remainder 0 to 0 and remainder 1 to 9', () => {
    // 2020100005: weighted sum is a multiple of 11.
    expect(referenceCuitDigit('2020100005')).toBe(0);
    expect(cuitCheckDigit('2020100005')).toBe(0);
    // 2020100000: weighted sum leaves remainder 1.
    expect(referenceCuitDigit('2020100000')).toBe(9);
    expect(cuitCheckDigit('2020100000')).toBe(9);
  });

  it('agrees with the reference on random prefixes', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), (first) => {
        expect(cuitCheckDigit(first)).toBe(referenceCuitDigit(first));
        expect(buildCuit(first)).toBe(referenceCuit(first));
      }),
    );
  });

  it('rejects input that is not 10 digits', () => {
    expect(() => cuitCheckDigit('123')).toThrow(RangeError);
    expect(() => cuitCheckDigit('20172543a9')).toThrow(RangeError);
  });
});

describe('isValidCuit', () => {
  it('accepts valid CUITs with or without dashes', () => {
    for (const cuit of [
      '20-17254359-7',
      '30-50001091-2',
      '27-28033514-8',
      '33693450239',
      '20-20100005-0',
      '20-20100000-9',
    ]) {
      expect(isValidCuit(cuit)).toBe(true);
    }
  });

  it('rejects a wrong check digit, every single-digit change and wrong lengths', () => {
    const valid = '20172543597';
    for (let i = 0; i < CUIT_LENGTH; i += 1) expect(isValidCuit(changeDigit(valid, i))).toBe(false);
    expect(isValidCuit('2017254359')).toBe(false);
    expect(isValidCuit('201725435970')).toBe(false);
    expect(isValidCuit('')).toBe(false);
    expect(isValidCuit('20 17254359 8')).toBe(false);
    // Spaces are separators people copy, like dashes.
    expect(isValidCuit('20 17254359 7')).toBe(true);
  });

  it('accepts 200 generated CUITs', () => {
    const digits = digitSource(11);
    for (let i = 0; i < 200; i += 1) expect(isValidCuit(referenceCuit(digits(10)))).toBe(true);
  });
});

describe('checkCuit', () => {
  const valid = referenceCuit('2017254359');
  it.each([
    [undefined, MESSAGES.required],
    ['', MESSAGES.required],
    ['   ', MESSAGES.required],
    ['--__', MESSAGES.required],
    ['20-1725435a-7', MESSAGES.digitsOnly],
    [valid.slice(0, 10), MESSAGES.cuitLength], // 10 digits
    [`${valid}0`, MESSAGES.cuitLength], // 12 digits
    [changeDigit(valid, 10), MESSAGES.cuitInvalid],
    [valid, undefined], // 11 digits
    ['20-17254359-7', undefined],
    ['20_17254359_7', undefined],
  ])('checkCuit(%j) -> %j', (value, message) => {
    expect(checkCuit(value)).toBe(message);
  });

  it('uses the exact Spanish texts of the spec', () => {
    expect(MESSAGES.cuitLength).toBe('La cantidad de caracteres para CUIT es 11');
    expect(MESSAGES.cuitInvalid).toBe('El número de CUIT no es válido');
  });

  it('cuitSchema reports the same messages', async () => {
    await expect(cuitSchema.validate('20-17254359-7')).resolves.toBe('20-17254359-7');
    await expect(cuitSchema.validate('20-17254359-8')).rejects.toThrow(MESSAGES.cuitInvalid);
    await expect(cuitSchema.validate(null)).rejects.toThrow(MESSAGES.required);
  });
});

describe('formatCuit', () => {
  it('formats 11 digits and leaves other input normalised', () => {
    expect(formatCuit('20172543597')).toBe('20-17254359-7');
    expect(formatCuit('2017-25')).toBe('201725');
  });
});
