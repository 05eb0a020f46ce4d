import { describe, expect, it } from 'vitest';
import {
  checkAlias,
  checkDestinationFormat,
  checkDestinationValue,
  checkDistributionCbu,
  checkDistributionCuit,
  distributionDestinationSchema,
  distributionSearch,
  normalizeDestinationFormat,
} from './distribution.js';
import { classifyDestination } from './destination.js';
import { MESSAGES } from './messages.js';
import { formikErrors, referenceCbu, referenceCuit } from './__tests__/reference.js';

const CBU = referenceCbu('0720000', '8000035581530'); // 0720000788000035581530
const CUIT = referenceCuit('3369345023');
const CBU_MESSAGE = 'Ingresa un numero de 22 digitos sin letras';
const ALIAS_MESSAGE = 'Ingresa un destino de 5 a 20 caracteres.';
const ALIAS_CHARACTERS_MESSAGE = 'El alias solo admite letras, números, puntos (.) y guiones (-).';
const CUIT_MESSAGE = 'El formato del cuit no es correcto.';

describe('destination format', () => {
  it('is cbu or alias, in any case', () => {
    expect(normalizeDestinationFormat('CBU')).toBe('cbu');
    expect(normalizeDestinationFormat('Alias')).toBe('alias');
    expect(normalizeDestinationFormat('cvu')).toBeUndefined();
    expect(checkDestinationFormat('')).toBe('Seleccione el formato del destino (CBU o alias)');
    expect(checkDestinationFormat('cbu')).toBeUndefined();
  });
});

describe('destination CBU', () => {
  it.each([
    ['', CBU_MESSAGE],
    [CBU.slice(0, 21), CBU_MESSAGE], // 21
    [`${CBU}1`, CBU_MESSAGE], // 23
    [`${CBU.slice(0, 21)}x`, CBU_MESSAGE],
    [CBU, undefined], // 22
    [`${CBU.slice(0, 21)}${(Number(CBU[21]) + 1) % 10}`, 'El CBU no es válido'],
  ])('checkDistributionCbu(%j) -> %j', (value, message) => {
    expect(checkDistributionCbu(value)).toBe(message);
  });
});

describe('destination alias', () => {
  it.each([
    ['', ALIAS_MESSAGE],
    ['abcd', ALIAS_MESSAGE], // 4
    ['abcde', undefined], // 5
    ['mi.alias.de.cuenta20', undefined], // 20
    ['mi.alias.de.cuenta.21', ALIAS_MESSAGE], // 21
    ['Gato-Perro.9', undefined],
    ['=HYPERLINK("//e.co")', ALIAS_CHARACTERS_MESSAGE],
    ['+cmd|calc', ALIAS_CHARACTERS_MESSAGE],
    ['@SUM(1)', ALIAS_CHARACTERS_MESSAGE],
    ['mi alias', ALIAS_CHARACTERS_MESSAGE],
    ['mi_alias', ALIAS_CHARACTERS_MESSAGE],
    ['año.gato', ALIAS_CHARACTERS_MESSAGE],
    ['gato\tperro', ALIAS_CHARACTERS_MESSAGE],
  ])('checkAlias(%j) -> %j', (value, message) => {
    expect(checkAlias(value)).toBe(message);
  });

  it('checks the value by format', () => {
    expect(checkDestinationValue('cbu', 'gato.perro.casa')).toBe(CBU_MESSAGE);
    expect(checkDestinationValue('alias', 'gato.perro.casa')).toBeUndefined();
    expect(checkDestinationValue(undefined, 'x')).toBeUndefined();
  });
});

describe('destination CUIT', () => {
  it.each([
    ['', CUIT_MESSAGE],
    [CUIT.slice(0, 10), CUIT_MESSAGE], // 10
    [CUIT, undefined], // 11
    ['33-69345023-9', undefined],
    [`${CUIT}0`, CUIT_MESSAGE], // 12
    [`${CUIT.slice(0, 10)}${(Number(CUIT[10]) + 1) % 10}`, CUIT_MESSAGE],
    ['3369345023a', CUIT_MESSAGE],
  ])('checkDistributionCuit(%j) -> %j', (value, message) => {
    expect(checkDistributionCuit(value)).toBe(message);
  });
});

describe('distributionDestinationSchema', () => {
  it('validates value by format, CUIT; name free; amount read as every amount field', async () => {
    const destination = { format: 'cbu', value: CBU, cuit: CUIT, name: '' };
    for (const amount of ['169.178,46', '169178,46', '169178.46', '', null]) {
      expect(await formikErrors(distributionDestinationSchema, { ...destination, amount })).toEqual({});
    }
    expect(
      await formikErrors(distributionDestinationSchema, { ...destination, amount: '169,178.46' }),
    ).toEqual({
      amount: MESSAGES.amountFormat,
    });
    expect(await formikErrors(distributionDestinationSchema, { ...destination, amount: '0,00' })).toEqual({
      amount: MESSAGES.amountPositive,
    });
    expect(
      await formikErrors(distributionDestinationSchema, {
        format: 'alias',
        value: 'abc',
        cuit: '123',
        name: 'X',
      }),
    ).toEqual({ value: ALIAS_MESSAGE, cuit: CUIT_MESSAGE });
    expect(
      await formikErrors(distributionDestinationSchema, { format: 'cbu', value: '123', cuit: CUIT }),
    ).toEqual({
      value: CBU_MESSAGE,
    });
  });
});

describe('distributionSearch', () => {
  it.each([
    ['', null],
    ['   ', null],
    ['1', { kind: 'collectorId', value: '1' }],
    ['1234', { kind: 'collectorId', value: '1234' }],
    [' 1234 ', { kind: 'collectorId', value: '1234' }],
    ['12345', { kind: 'paymentId', value: '12345' }],
    ['a1b2c3d4', { kind: 'paymentId', value: 'a1b2c3d4' }],
  ])('distributionSearch(%j) -> %j', (text, expected) => {
    expect(distributionSearch(text)).toEqual(expected);
  });
});

describe('classifyDestination (export)', () => {
  it('is a CBU when numeric, otherwise an alias', () => {
    expect(classifyDestination(CBU)).toEqual({ type: 'cbu', value: CBU });
    expect(classifyDestination(' 123 ')).toEqual({ type: 'cbu', value: '123' });
    expect(classifyDestination('gato.perro.casa')).toEqual({ type: 'alias', value: 'gato.perro.casa' });
    expect(classifyDestination('0720-000')).toEqual({ type: 'alias', value: '0720-000' });
    expect(classifyDestination('')).toBeNull();
  });
});
