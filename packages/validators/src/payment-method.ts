/**
 * The change-payment-method dialog (000 §2 "Dialogs", §3 "Payment-method
 * change payload", §5). Submit stays disabled until the fields of the chosen
 * method are valid.
 *
 * Values mirror the payload: number, expiration ('MM/YYYY', card only; split
 * with `parseCardExpiration` into expiration_month / expiration_year),
 * holder.name, holder.identification { type, number, country }.
 * The card holder is identified by DNI (DNI_ARG, 7 or 8 digits); the transfer
 * (CBU) holder by CUIT (CUIT_ARG, check digit verified). Country is ARG.
 * Type and country may be omitted (the caller fills them in); when present they
 * must be the expected ones.
 */
import './locale.js';
import * as yup from 'yup';
import { cardExpirationSchema, checkCardNumber } from './card.js';
import { checkCbu } from './cbu.js';
import { checkCuit, normalizeCuit } from './cuit.js';
import {
  checkPayerDni,
  COUNTRY_ARG,
  normalizeIdentificationType,
  type IdentificationType,
} from './identification.js';
import { HOLDER_NAME_MAX } from './limits.js';
import { MESSAGES } from './messages.js';
import { checkPayerName } from './payer.js';
import { trimmed } from './text.js';
import { stringField, type Check } from './yup-helpers.js';

export const PAYMENT_METHOD_KINDS = ['card', 'transfer'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

/** The identification type each method's holder carries. */
export const HOLDER_IDENTIFICATION_TYPE: Readonly<Record<PaymentMethodKind, IdentificationType>> = {
  card: 'DNI_ARG',
  transfer: 'CUIT_ARG',
};

/** Holder identification type: absent, or the expected one ('Tipo de identificación inválido*'). */
export function checkHolderIdentificationType(
  value: unknown,
  expected: IdentificationType,
): string | undefined {
  if (trimmed(value) === '') return undefined;
  return normalizeIdentificationType(value) === expected ? undefined : MESSAGES.identificationTypeInvalid;
}

/** Holder country: absent (ARG is sent) or ARG ('Solo se admite Argentina (ARG)*'). */
export function checkHolderCountry(value: unknown): string | undefined {
  const country = trimmed(value).toUpperCase();
  return country === '' || country === COUNTRY_ARG ? undefined : MESSAGES.countryUnsupported;
}

/** Holder name: required ('El nombre es requerido'), at most HOLDER_NAME_MAX characters. */
export function checkHolderName(value: unknown): string | undefined {
  return (
    checkPayerName(value) ?? (trimmed(value).length > HOLDER_NAME_MAX ? MESSAGES.holderNameMax : undefined)
  );
}

function holderSchema(kind: PaymentMethodKind, checkNumber: Check) {
  const expected = HOLDER_IDENTIFICATION_TYPE[kind];
  return yup.object({
    name: stringField(checkHolderName, 'holderName'),
    identification: yup.object({
      type: stringField(
        (value) => checkHolderIdentificationType(value, expected),
        'holderIdentificationType',
      ),
      number: stringField(checkNumber, 'holderIdentificationNumber'),
      country: stringField(checkHolderCountry, 'holderCountry'),
    }),
  });
}

/**
 * Card: number 13-19 digits, expiration MM/YYYY not in the past (reference date
 * `context.now` if given), holder name, holder DNI 7 or 8 digits.
 */
export const cardPaymentMethodSchema = yup.object({
  number: stringField(checkCardNumber, 'cardNumber'),
  expiration: cardExpirationSchema,
  holder: holderSchema('card', checkPayerDni),
});

/** Transfer: CBU of 22 digits with both check digits, holder name, holder CUIT. */
export const transferPaymentMethodSchema = yup.object({
  number: stringField(checkCbu, 'cbu'),
  holder: holderSchema('transfer', checkCuit),
});

/** The schema for a method kind. */
export function paymentMethodSchema(kind: PaymentMethodKind) {
  return kind === 'card' ? cardPaymentMethodSchema : transferPaymentMethodSchema;
}

export interface PaymentMethodHolderValues {
  name?: string | null;
  identification?: {
    type?: string | null;
    number?: string | number | null;
    country?: string | null;
  } | null;
}

export interface CardPaymentMethodValues {
  number?: string | null;
  expiration?: string | null;
  holder?: PaymentMethodHolderValues | null;
}

export interface TransferPaymentMethodValues {
  number?: string | null;
  holder?: PaymentMethodHolderValues | null;
}

/** The holder block of the upstream payload, with type and country filled in. */
export function toHolderPayload(
  kind: PaymentMethodKind,
  holder: PaymentMethodHolderValues | null | undefined,
): { name: string; identification: { type: IdentificationType; number: string; country: string } } {
  const type = HOLDER_IDENTIFICATION_TYPE[kind];
  const raw = trimmed(holder?.identification?.number);
  return {
    name: trimmed(holder?.name),
    identification: {
      type,
      number: type === 'CUIT_ARG' ? normalizeCuit(raw) : raw,
      country: COUNTRY_ARG,
    },
  };
}
