import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildCbu, cbuSchema, checkCbu, hasValidCbuCheckDigits, isValidCbu } from './cbu.js';
import { CBU_LENGTH } from './limits.js';
import { MESSAGES } from './messages.js';
import { changeDigit, digitSource, referenceCbu } from './__tests__/reference.js';

/*
 * Hand check of 2850590940090418135201:
 * block 1 = 2850590|9: 2*7 + 8*1 + 5*3 + 0*9 + 5*7 + 9*1 + 0*3 = 14+8+15+0+35+9+0 = 81 -> (10-1)%10 = 9 ✓
 * block 2 = 4009041813520|1: 4*3 + 0*9 + 0*7 + 9*1 + 0*3 + 4*9 + 1*7 + 8*1 + 1*3 + 3*9 + 5*7 + 2*1 + 0*3
 *         = 12+0+0+9+0+36+7+8+3+27+35+2+0 = 139 -> (10-9)%10 = 1 ✓
 */
const PUBLISHED = '2850590940090418135201';

describe('CBU check digits', () => {
  it('accepts the hand-verified CBU and others verified with the reference', () => {
    expect(hasValidCbuCheckDigits(PUBLISHED)).toBe(true);
    for (const cbu of ['0110599520000001235579', '0170099220000067797370', '0720000788000035581530']) {
      expect(referenceCbu(cbu.slice(0, 7), cbu.slice(8, 21))).toBe(cbu);
      expect(isValidCbu(cbu)).toBe(true);
    }
  });

  it('rejects every single-digit change of a valid CBU', () => {
    for (let i = 0; i < CBU_LENGTH; i += 1)
      expect(hasValidCbuCheckDigits(changeDigit(PUBLISHED, i))).toBe(false);
  });

  it('accepts generated CBUs and buildCbu agrees with the reference', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{7}$/), fc.stringMatching(/^\d{13}$/), (first, account) => {
        const cbu = referenceCbu(first, account);
        expect(buildCbu(first, account)).toBe(cbu);
        expect(isValidCbu(cbu)).toBe(true);
      }),
    );
    const digits = digitSource(22);
    for (let i = 0; i < 100; i += 1) expect(isValidCbu(referenceCbu(digits(7), digits(13)))).toBe(true);
  });

  it('rejects wrong lengths and non-digits', () => {
    expect(hasValidCbuCheckDigits(PUBLISHED.slice(0, 21))).toBe(false);
    expect(hasValidCbuCheckDigits(`${PUBLISHED}1`)).toBe(false);
    expect(hasValidCbuCheckDigits(`${PUBLISHED.slice(0, 21)}a`)).toBe(false);
    expect(() => buildCbu('123', '1234567890123')).toThrow(RangeError);
  });
});

describe('checkCbu', () => {
  it.each([
    [undefined, MESSAGES.required],
    ['', MESSAGES.required],
    ['  ', MESSAGES.required],
    ['28505909400904181352O1', MESSAGES.digitsOnly],
    [PUBLISHED.slice(0, 21), MESSAGES.cbuLength], // 21
    [`${PUBLISHED}0`, MESSAGES.cbuLength], // 23
    ['2850590940090418135200', MESSAGES.cbuInvalid], // 22, wrong second check digit
    ['2850590840090418135201', MESSAGES.cbuInvalid], // 22, wrong first check digit
    [PUBLISHED, undefined], // 22
    [` ${PUBLISHED} `, undefined],
  ])('checkCbu(%j) -> %j', (value, message) => {
    expect(checkCbu(value)).toBe(message);
  });

  it('has the exact message and a schema with the same rule', async () => {
    expect(MESSAGES.cbuInvalid).toBe('El CBU no es válido');
    await expect(cbuSchema.validate(PUBLISHED)).resolves.toBe(PUBLISHED);
    await expect(cbuSchema.validate('2850590940090418135200')).rejects.toThrow('El CBU no es válido');
  });
});
