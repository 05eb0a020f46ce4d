import { describe, expect, it } from 'vitest';
import {
  cardExpirationSchema,
  cardNumberSchema,
  checkCardExpiration,
  checkCardExpirationNotPast,
  checkCardNumber,
  formatCardExpiration,
  isCardExpired,
  parseCardExpiration,
} from './card.js';
import { CARD_MAX, CARD_MIN } from './limits.js';
import { MESSAGES } from './messages.js';

describe('checkCardNumber', () => {
  it.each([
    [undefined, MESSAGES.required],
    ['', MESSAGES.required],
    ['4111 1111 1111 1111', MESSAGES.digitsOnly],
    ['4111-1111-1111-1111', MESSAGES.digitsOnly],
    ['4'.repeat(12), MESSAGES.cardNumberLength], // 12
    ['4'.repeat(13), undefined], // 13
    ['4111111111111111', undefined], // 16, Visa test number
    ['378282246310005', undefined], // 15, Amex test number
    ['4'.repeat(19), undefined], // 19
    ['4'.repeat(20), MESSAGES.cardNumberLength], // 20
  ])('checkCardNumber(%j) -> %j', (value, message) => {
    expect(checkCardNumber(value)).toBe(message);
  });

  it('uses the spec limits', async () => {
    expect([CARD_MIN, CARD_MAX]).toEqual([13, 19]);
    await expect(cardNumberSchema.validate('4'.repeat(12))).rejects.toThrow(MESSAGES.cardNumberLength);
  });
});

describe('card expiration MM/YYYY', () => {
  it.each([
    [undefined, MESSAGES.required],
    ['', MESSAGES.required],
    ['01/2027', undefined],
    ['12/2030', undefined],
    ['00/2027', MESSAGES.cardExpirationFormat],
    ['13/2027', MESSAGES.cardExpirationFormat],
    ['1/2027', MESSAGES.cardExpirationFormat],
    ['01/27', MESSAGES.cardExpirationFormat],
    ['01-2027', MESSAGES.cardExpirationFormat],
    ['012027', MESSAGES.cardExpirationFormat],
    ['01/20277', MESSAGES.cardExpirationFormat],
  ])('checkCardExpiration(%j) -> %j', (value, message) => {
    expect(checkCardExpiration(value)).toBe(message);
  });

  it('parses and formats', () => {
    expect(parseCardExpiration(' 03/2028 ')).toEqual({ month: '03', year: '2028' });
    expect(parseCardExpiration('3/2028')).toBeUndefined();
    expect(formatCardExpiration(3, 2028)).toBe('03/2028');
    expect(formatCardExpiration('11', '2029')).toBe('11/2029');
  });

  it('a card is valid through the last day of its month', () => {
    const now = new Date(2025, 5, 30, 23, 59); // 30 June 2025, local time
    expect(isCardExpired({ month: '06', year: '2025' }, now)).toBe(false);
    expect(isCardExpired({ month: '05', year: '2025' }, now)).toBe(true);
    expect(isCardExpired({ month: '12', year: '2024' }, now)).toBe(true);
    expect(isCardExpired({ month: '01', year: '2026' }, now)).toBe(false);
    expect(checkCardExpirationNotPast('06/2025', now)).toBeUndefined();
    expect(checkCardExpirationNotPast('05/2025', now)).toBe(MESSAGES.cardExpired);
    expect(checkCardExpirationNotPast('5/2025', now)).toBe(MESSAGES.cardExpirationFormat);
    expect(checkCardExpirationNotPast('', now)).toBe(MESSAGES.required);
    expect(checkCardExpirationNotPast('06/2025', new Date(2025, 6, 1))).toBe(MESSAGES.cardExpired);
  });

  it('cardExpirationSchema reads context.now', async () => {
    const context = { now: new Date(2025, 5, 15) };
    await expect(cardExpirationSchema.validate('06/2025', { context })).resolves.toBe('06/2025');
    await expect(cardExpirationSchema.validate('05/2025', { context })).rejects.toThrow(MESSAGES.cardExpired);
    await expect(cardExpirationSchema.validate('5/2025', { context })).rejects.toThrow(
      MESSAGES.cardExpirationFormat,
    );
    // Without a context the current date applies: year 2000 is always past.
    await expect(cardExpirationSchema.validate('01/2000')).rejects.toThrow(MESSAGES.cardExpired);
  });
});
