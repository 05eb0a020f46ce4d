import { describe, expect, it } from 'vitest';
import { referenceCbu, referenceCuit } from './__tests__/reference.js';
import {
  classifyScopedSearchText,
  classifySearchText,
  planSearchText,
  SEARCH_SCOPE_MESSAGES,
  SEARCH_TEXT_MESSAGES,
} from './search-text.js';

const CUIT = referenceCuit('2017254359');
const WRONG_CUIT = `${CUIT.slice(0, 10)}${(Number(CUIT[10]) + 1) % 10}`;
const CBU = referenceCbu('0110599', '4000000012345');

describe('classifySearchText', () => {
  it('an empty or blank text is empty (the recent searches show)', () => {
    expect(classifySearchText('')).toEqual({ kind: 'empty' });
    expect(classifySearchText('   ')).toEqual({ kind: 'empty' });
    expect(classifySearchText(undefined)).toEqual({ kind: 'empty' });
  });

  it('up to 10 digits is an id', () => {
    expect(classifySearchText('1000001')).toEqual({ kind: 'id', value: '1000001' });
    expect(classifySearchText(' 7 ')).toEqual({ kind: 'id', value: '7' });
    expect(classifySearchText('1234567890')).toEqual({ kind: 'id', value: '1234567890' });
  });

  it('an e-mail is lower cased; a wrong one says so', () => {
    expect(classifySearchText('Maria@Example.com ')).toEqual({ kind: 'email', value: 'maria@example.com' });
    expect(classifySearchText('maria@')).toEqual({ kind: 'invalid', message: SEARCH_TEXT_MESSAGES.email });
  });

  it('a CUIT/CUIL with or without dashes when its check digit is right', () => {
    expect(classifySearchText(CUIT)).toEqual({ kind: 'cuit', value: CUIT });
    const dashed = `${CUIT.slice(0, 2)}-${CUIT.slice(2, 10)}-${CUIT.slice(10)}`;
    expect(classifySearchText(dashed)).toEqual({ kind: 'cuit', value: CUIT });
    expect(classifySearchText(WRONG_CUIT)).toEqual({ kind: 'invalid', message: SEARCH_TEXT_MESSAGES.cuit });
  });

  it('22 digits with both check digits is a CBU; a wrong one says so', () => {
    expect(classifySearchText(CBU)).toEqual({ kind: 'cbu', value: CBU });
    expect(classifySearchText(`${CBU.slice(0, 8)} ${CBU.slice(8)}`)).toEqual({ kind: 'cbu', value: CBU });
    const wrong = `${CBU.slice(0, 21)}${(Number(CBU[21]) + 1) % 10}`;
    expect(classifySearchText(wrong)).toEqual({ kind: 'invalid', message: SEARCH_TEXT_MESSAGES.cbu });
  });

  it('other digit counts are refused with the shapes a number may have', () => {
    for (const text of ['123456789012', '12-34', '123456789012345678901234']) {
      expect(classifySearchText(text)).toEqual({ kind: 'invalid', message: SEARCH_TEXT_MESSAGES.digits });
    }
  });

  it('a text of 3 or more characters is a name; shorter or too long is refused', () => {
    expect(classifySearchText('  Club   Atlético ')).toEqual({ kind: 'name', value: 'Club Atlético' });
    expect(classifySearchText('ab')).toEqual({ kind: 'invalid', message: SEARCH_TEXT_MESSAGES.short });
    expect(classifySearchText('x'.repeat(101))).toEqual({
      kind: 'invalid',
      message: SEARCH_TEXT_MESSAGES.tooLong,
    });
  });
});

describe('classifyScopedSearchText', () => {
  it("'#' before an id searches every id group; anything else after it is refused", () => {
    expect(classifyScopedSearchText('#1000001')).toEqual({
      scope: 'id',
      shape: { kind: 'id', value: '1000001' },
    });
    expect(classifyScopedSearchText('#maria')).toEqual({
      scope: 'id',
      shape: { kind: 'invalid', message: SEARCH_SCOPE_MESSAGES.idAfterHash },
    });
  });

  it("a group's word, with or without accents, capitals, a colon or '#', points the search at it", () => {
    expect(classifyScopedSearchText('pago 1000001')).toEqual({
      scope: 'payment',
      shape: { kind: 'id', value: '1000001' },
    });
    expect(classifyScopedSearchText('Lote: #20190')).toEqual({
      scope: 'batch',
      shape: { kind: 'id', value: '20190' },
    });
    expect(classifyScopedSearchText('Suscripción 42').scope).toBe('subscription');
    expect(classifyScopedSearchText('retiro 5').scope).toBe('withdrawal');
    expect(classifyScopedSearchText('pagador María').shape).toEqual({ kind: 'name', value: 'María' });
  });

  it('a text without a known word, or a word alone, is classified whole', () => {
    expect(classifyScopedSearchText('Club Atlético')).toEqual({
      scope: null,
      shape: { kind: 'name', value: 'Club Atlético' },
    });
    expect(classifyScopedSearchText('pago')).toEqual({ scope: null, shape: { kind: 'name', value: 'pago' } });
    expect(classifyScopedSearchText('1000001')).toEqual({
      scope: null,
      shape: { kind: 'id', value: '1000001' },
    });
  });
});

describe('planSearchText', () => {
  it('an id asks every id group; a word only its group; a word its group cannot answer, the whole text', () => {
    expect(planSearchText('1000001').groups).toHaveLength(9);
    expect(planSearchText('#1000001').groups).toHaveLength(9);
    expect(planSearchText('lote 20190')).toEqual({
      shape: { kind: 'id', value: '20190' },
      groups: ['batch'],
    });
    expect(planSearchText('Pago Fácil')).toEqual({
      shape: { kind: 'name', value: 'Pago Fácil' },
      groups: ['payer', 'collector'],
    });
    expect(planSearchText('pago 12-34')).toEqual({
      shape: { kind: 'invalid', message: SEARCH_TEXT_MESSAGES.digits },
      groups: [],
    });
    expect(planSearchText('').groups).toEqual([]);
  });
});
