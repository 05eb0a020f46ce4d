import { describe, expect, it } from 'vitest';
import {
  checkOptionalEmail,
  checkPayerEmail,
  checkReceiptEmail,
  isEmail,
  sendReceiptSchema,
} from './email.js';
import { formikErrors } from './__tests__/reference.js';

describe('isEmail', () => {
  it.each([
    'juan.perez@example.com',
    'juan+pagos@example.com.ar',
    'j_p-1@sub.dominio.gob.ar',
    'JUAN@EXAMPLE.COM',
    "o'neil@example.org",
  ])('accepts %s', (email) => {
    expect(isEmail(email)).toBe(true);
  });

  it.each([
    '',
    'juan',
    'juan@',
    '@example.com',
    'juan@example',
    'juan@example.c',
    'juan perez@example.com',
    'juan@@example.com',
    '.juan@example.com',
    'juan.@example.com',
    'juan..perez@example.com',
    'juan@-example.com',
    'juan@example-.com',
    'juan@example..com',
    `${'a'.repeat(250)}@example.com`,
  ])('rejects %j', (email) => {
    expect(isEmail(email)).toBe(false);
  });
});

describe('e-mail rules', () => {
  it('payer form: required and pattern', () => {
    expect(checkPayerEmail('')).toBe('El email es requerido');
    expect(checkPayerEmail('x@y')).toBe('El email no tiene formato correcto');
    expect(checkPayerEmail(' ana@example.com ')).toBeUndefined();
  });

  it('reference form: optional but pattern-checked', () => {
    expect(checkOptionalEmail('')).toBeUndefined();
    expect(checkOptionalEmail(null)).toBeUndefined();
    expect(checkOptionalEmail('x@y')).toBe('El email no tiene formato correcto');
  });

  it("send receipt: 'Campo requerido' and 'Email inválido'", async () => {
    expect(checkReceiptEmail('')).toBe('Campo requerido');
    expect(checkReceiptEmail('nope')).toBe('Email inválido');
    expect(await formikErrors(sendReceiptSchema, { email: '' })).toEqual({ email: 'Campo requerido' });
    expect(await formikErrors(sendReceiptSchema, { email: 'a@b' })).toEqual({ email: 'Email inválido' });
    expect(await formikErrors(sendReceiptSchema, { email: 'tesoreria@example.com' })).toEqual({});
  });
});
