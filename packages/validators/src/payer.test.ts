import { describe, expect, it } from 'vitest';
import { PAYER_NAME_MAX } from './limits.js';
import {
  checkPayerFormName,
  checkPayerName,
  checkReferenceCollector,
  payerFormSchema,
  payerReferenceFormSchema,
} from './payer.js';
import { collectErrors } from './yup-helpers.js';
import { formikErrors, referenceCuit } from './__tests__/reference.js';

const CUIT = referenceCuit('2728033514');

describe('payer name', () => {
  it("is required: 'El nombre es requerido'", () => {
    expect(checkPayerName('')).toBe('El nombre es requerido');
    expect(checkPayerName('   ')).toBe('El nombre es requerido');
    expect(checkPayerName(undefined)).toBe('El nombre es requerido');
    expect(checkPayerName('María José Pérez')).toBeUndefined();
  });

  it('takes at most 100 characters on the payer and reference forms', async () => {
    expect(PAYER_NAME_MAX).toBe(100);
    expect(checkPayerFormName('a'.repeat(100))).toBeUndefined();
    expect(checkPayerFormName('a'.repeat(101))).toBe('El nombre admite hasta 100 caracteres');
    expect(checkPayerFormName(' ')).toBe('El nombre es requerido');
    expect(
      await formikErrors(payerReferenceFormSchema, { collectorId: '10003', name: 'x'.repeat(300) }),
    ).toEqual({ name: 'El nombre admite hasta 100 caracteres' });
  });
});

describe('payerFormSchema (/pagadores/nuevo)', () => {
  const valid = {
    name: 'Juan Pérez',
    email: 'juan.perez@example.com.ar',
    identification: { type: 'DNI_ARG', number: '30123456', country: 'ARG' },
  };

  it('accepts a complete payer and one without identification', async () => {
    expect(await formikErrors(payerFormSchema, valid)).toEqual({});
    expect(
      await formikErrors(payerFormSchema, {
        ...valid,
        identification: { type: '', number: '', country: 'ARG' },
      }),
    ).toEqual({});
    expect(await formikErrors(payerFormSchema, { name: 'Ana', email: 'ana@example.com' })).toEqual({});
  });

  it('reports every field at once with the exact texts', async () => {
    expect(
      await formikErrors(payerFormSchema, {
        name: '',
        email: 'no-es-un-mail',
        identification: { type: 'DNI_ARG', number: '1234567', country: '' },
      }),
    ).toEqual({
      name: 'El nombre es requerido',
      email: 'El email no tiene formato correcto',
      identification: { number: 'El número de DNI no es válido', country: 'País requerido*' },
    });
    expect(await formikErrors(payerFormSchema, { name: 'Ana', email: '' })).toEqual({
      email: 'El email es requerido',
    });
  });

  it('checks the CUIT on the payer form', async () => {
    const withCuit = (number: string) => ({
      ...valid,
      identification: { type: 'CUIT_ARG', number, country: 'ARG' },
    });
    expect(await formikErrors(payerFormSchema, withCuit(CUIT))).toEqual({});
    expect(await formikErrors(payerFormSchema, withCuit(CUIT.slice(0, 10)))).toEqual({
      identification: { number: 'El número de CUIT no es válido' },
    });
    expect(
      await formikErrors(payerFormSchema, withCuit(`${CUIT.slice(0, 10)}${(Number(CUIT[10]) + 1) % 10}`)),
    ).toEqual({
      identification: { number: 'El número de CUIT no es válido' },
    });
  });

  it('asks for the type when a number was typed without one', async () => {
    expect(
      await formikErrors(payerFormSchema, {
        ...valid,
        identification: { type: '', number: '30123456', country: 'ARG' },
      }),
    ).toEqual({ identification: { type: 'Tipo de identificación requerido*' } });
  });
});

describe('payerReferenceFormSchema', () => {
  it('requires a collector; e-mail optional but pattern-checked; DNI 7 or 8', async () => {
    expect(await formikErrors(payerReferenceFormSchema, { name: 'Ana' })).toEqual({
      collectorId: 'La entidad es requerida',
    });
    expect(
      await formikErrors(payerReferenceFormSchema, {
        collectorId: 1234,
        name: 'Ana',
        email: '',
        externalReference: 'ext-1',
        identification: { type: 'DNI_ARG', number: '1234567', country: 'ARG' },
      }),
    ).toEqual({});
    expect(
      await formikErrors(payerReferenceFormSchema, {
        collectorId: '1234',
        name: ' ',
        email: 'ana@',
        identification: { type: 'DNI_ARG', number: '123456', country: 'ARG' },
      }),
    ).toEqual({
      name: 'El nombre es requerido',
      email: 'El email no tiene formato correcto',
      identification: { number: 'La cantidad de caracteres para DNI es 7 u 8' },
    });
    expect(
      await formikErrors(payerReferenceFormSchema, {
        collectorId: 7,
        name: 'Ana',
        identification: { type: 'CUIT_ARG', number: '2017254359', country: 'ARG' },
      }),
    ).toEqual({ identification: { number: 'La cantidad de caracteres para CUIT es 11' } });
  });

  it('collectErrors names the invalid fields by path (gateway use)', () => {
    expect(
      collectErrors(payerReferenceFormSchema, {
        collectorId: null,
        name: 'Ana',
        identification: { type: 'CUIT_ARG', number: '', country: 'ARG' },
      }),
    ).toEqual({
      collectorId: 'La entidad es requerida',
      'identification.number': 'Número de identificación requerido*',
    });
    expect(checkReferenceCollector(0)).toBeUndefined();
    expect(collectErrors(payerReferenceFormSchema, { collectorId: 'c1', name: 'Ana' })).toBeUndefined();
  });
});
