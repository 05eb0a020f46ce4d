import { describe, expect, it } from 'vitest';
import { checkNumberInput, checkOptionalDigits, numberInputSchema } from './numbers.js';
import { INPUT_MAX } from './limits.js';
import { MESSAGES } from './messages.js';
import { isDigits, onlyDigits } from './text.js';
import { formikErrors } from './__tests__/reference.js';
import * as yup from 'yup';

describe('checkNumberInput', () => {
  it.each([
    [undefined, '*Campo requerido.'],
    [null, '*Campo requerido.'],
    ['', '*Campo requerido.'],
    ['   ', '*Campo requerido.'],
    ['12a', '*Solo números.'],
    ['-12', '*Solo números.'],
    ['1.5', '*Solo números.'],
    ['١٢٣', '*Solo números.'], // Arabic-Indic digits are not 0-9
    ['1'.repeat(21), undefined],
    ['1'.repeat(22), undefined],
    ['1'.repeat(23), MESSAGES.inputMaxLength],
    [12345, undefined],
  ])('checkNumberInput(%j) -> %j', (value, message) => {
    expect(checkNumberInput(value)).toBe(message);
  });

  it('has the length limit 22 and a consistent message', () => {
    expect(INPUT_MAX).toBe(22);
    expect(MESSAGES.inputMaxLength).toBe('*Máximo 22 caracteres.');
  });

  it('numberInputSchema gives the same messages through formik', async () => {
    const schema = yup.object({ value: numberInputSchema });
    expect(await formikErrors(schema, { value: '' })).toEqual({ value: '*Campo requerido.' });
    expect(await formikErrors(schema, { value: 'x' })).toEqual({ value: '*Solo números.' });
    expect(await formikErrors(schema, { value: '1'.repeat(23) })).toEqual({ value: MESSAGES.inputMaxLength });
    expect(await formikErrors(schema, { value: '0012' })).toEqual({});
  });
});

describe('checkOptionalDigits and text helpers', () => {
  it('accepts empty and digits only', () => {
    expect(checkOptionalDigits('')).toBeUndefined();
    expect(checkOptionalDigits(undefined)).toBeUndefined();
    expect(checkOptionalDigits('123')).toBeUndefined();
    expect(checkOptionalDigits('12.3')).toBe('*Solo números.');
  });

  it('onlyDigits strips everything else; isDigits needs at least one digit', () => {
    expect(onlyDigits('20-17.254 359/7a')).toBe('20172543597');
    expect(isDigits('')).toBe(false);
    expect(isDigits('0')).toBe(true);
  });
});
