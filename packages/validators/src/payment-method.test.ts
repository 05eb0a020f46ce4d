import { describe, expect, it } from 'vitest';
import {
  cardPaymentMethodSchema,
  checkHolderIdentificationType,
  paymentMethodSchema,
  toHolderPayload,
  transferPaymentMethodSchema,
} from './payment-method.js';
import { MESSAGES } from './messages.js';
import { collectErrors } from './yup-helpers.js';
import { formikErrors, referenceCbu, referenceCuit } from './__tests__/reference.js';

const now = new Date(2025, 5, 15);
const CBU = referenceCbu('0170099', '2000006779737'); // 0170099220000067797370
const CUIT = referenceCuit('3050001091');

describe('card payment method (000 §3 payload)', () => {
  const valid = {
    number: '4111111111111111',
    expiration: '12/2026',
    holder: { name: 'Juan Pérez', identification: { type: 'DNI_ARG', number: '30123456', country: 'ARG' } },
  };

  it('accepts a valid card, also without type and country (filled in by the caller)', async () => {
    expect(await formikErrors(cardPaymentMethodSchema, valid, { now })).toEqual({});
    expect(
      await formikErrors(
        cardPaymentMethodSchema,
        { ...valid, holder: { name: 'Ana', identification: { number: '1234567' } } },
        { now },
      ),
    ).toEqual({});
  });

  it('reports every invalid field', async () => {
    expect(
      await formikErrors(
        cardPaymentMethodSchema,
        {
          number: '4'.repeat(12),
          expiration: '05/2025',
          holder: { name: '', identification: { type: 'CUIT_ARG', number: '123456789', country: 'BRA' } },
        },
        { now },
      ),
    ).toEqual({
      number: MESSAGES.cardNumberLength,
      expiration: MESSAGES.cardExpired,
      holder: {
        name: 'El nombre es requerido',
        identification: {
          type: MESSAGES.identificationTypeInvalid,
          number: 'La cantidad de caracteres para DNI es 7 u 8',
          country: MESSAGES.countryUnsupported,
        },
      },
    });
  });

  it('reports missing fields of an empty form', async () => {
    expect(collectErrors(cardPaymentMethodSchema, {}, { now })).toEqual({
      number: MESSAGES.required,
      expiration: MESSAGES.required,
      'holder.name': 'El nombre es requerido',
      'holder.identification.number': MESSAGES.required,
    });
  });
});

describe('transfer payment method (000 §3 payload)', () => {
  const valid = {
    number: CBU,
    holder: { name: 'Empresa SA', identification: { type: 'CUIT_ARG', number: CUIT, country: 'ARG' } },
  };

  it('accepts a valid CBU and CUIT', async () => {
    expect(CBU).toBe('0170099220000067797370');
    expect(await formikErrors(transferPaymentMethodSchema, valid)).toEqual({});
    expect(paymentMethodSchema('transfer')).toBe(transferPaymentMethodSchema);
    expect(paymentMethodSchema('card')).toBe(cardPaymentMethodSchema);
  });

  it('checks both CBU check digits and the CUIT check digit', async () => {
    expect(
      await formikErrors(transferPaymentMethodSchema, {
        number: '0170099220000067797371',
        holder: { name: 'Empresa SA', identification: { type: 'DNI_ARG', number: '30-50001091-3' } },
      }),
    ).toEqual({
      number: 'El CBU no es válido',
      holder: {
        identification: {
          type: MESSAGES.identificationTypeInvalid,
          number: 'El número de CUIT no es válido',
        },
      },
    });
    expect(await formikErrors(transferPaymentMethodSchema, { ...valid, number: CBU.slice(0, 21) })).toEqual({
      number: MESSAGES.cbuLength,
    });
  });

  it('builds the holder payload with fixed type and country', () => {
    expect(
      toHolderPayload('transfer', { name: ' Empresa SA ', identification: { number: '30-50001091-2' } }),
    ).toEqual({
      name: 'Empresa SA',
      identification: { type: 'CUIT_ARG', number: '30500010912', country: 'ARG' },
    });
    expect(toHolderPayload('card', { name: 'Ana', identification: { number: '1234567' } })).toEqual({
      name: 'Ana',
      identification: { type: 'DNI_ARG', number: '1234567', country: 'ARG' },
    });
    expect(checkHolderIdentificationType('DNI', 'DNI_ARG')).toBeUndefined();
  });
});
