import { describe, expect, it } from 'vitest';
import { countOf, countPhrase, formatCount } from './count.js';

const PAGO = { one: 'pago', many: 'pagos' };

describe('countOf', () => {
  it.each([
    [0, '0 pagos'],
    [1, '1 pago'],
    [2, '2 pagos'],
    [1500, '1.500 pagos'],
  ])('%i -> %s', (count, text) => expect(countOf(count, PAGO)).toBe(text));

  it('uses the noun it is given (suscripciones)', () => {
    expect(countOf(1, { one: 'suscripción', many: 'suscripciones' })).toBe('1 suscripción');
    expect(countOf(3, { one: 'suscripción', many: 'suscripciones' })).toBe('3 suscripciones');
  });
});

describe('countPhrase', () => {
  it('agrees the verb and the noun with the count', () => {
    expect(countPhrase(1, 'Se emitirá {n} pago', 'Se emitirán {n} pagos')).toBe('Se emitirá 1 pago');
    expect(countPhrase(2, 'Se emitirá {n} pago', 'Se emitirán {n} pagos')).toBe('Se emitirán 2 pagos');
    expect(
      `Finalizado: ${countPhrase(1, '{n} correcto', '{n} correctos')}, ${countPhrase(0, '{n} con error', '{n} con error')}.`,
    ).toBe('Finalizado: 1 correcto, 0 con error.');
  });

  it('replaces every {n} and formats the count es-AR', () => {
    expect(countPhrase(2500, '{n} lote', '{n} lotes ({n})')).toBe('2.500 lotes (2.500)');
    expect(formatCount(1234567)).toBe('1.234.567');
  });
});
