/**
 * Identification (DNI, CUIT) of payers, payer references and card holders
 * (000 §3 and §5; 001 §5 "Payer reference and payer forms").
 *
 * Type codes: the forms of 001 offer 'Ninguna', DNI and CUIT. We send the codes
 * DNI_ARG and CUIT_ARG, the ones seed 000 §3 names in the payment-method change
 * payload (holder.identification.type), so that every identification the
 * back-office writes uses one vocabulary. `normalizeIdentificationType` also
 * reads the plain 'DNI' / 'CUIT' an upstream record may carry.
 */
import './locale.js';
import * as yup from 'yup';
import { formatCuit, isValidCuit, normalizeCuit } from './cuit.js';
import {
  CUIT_LENGTH,
  DNI_MAX,
  DNI_MIN,
  DNI_PAYER_FORM_LENGTH,
  IDENTIFICATION_DEFAULT_MAX_LENGTH,
} from './limits.js';
import { LABELS, MESSAGES } from './messages.js';
import { isDigits, trimmed } from './text.js';
import { siblingStringField, stringField } from './yup-helpers.js';

export const IDENTIFICATION_TYPES = ['DNI_ARG', 'CUIT_ARG'] as const;
export type IdentificationType = (typeof IDENTIFICATION_TYPES)[number];

/** Labels of the type selector; no type is shown as 'Ninguna'. */
export const IDENTIFICATION_TYPE_LABELS: Readonly<Record<IdentificationType, string>> = {
  DNI_ARG: 'DNI',
  CUIT_ARG: 'CUIT',
};
export const IDENTIFICATION_NONE_LABEL = LABELS.identificationNone;

/** The only country the identification forms offer (ISO alpha-3). */
export const COUNTRY_ARG = 'ARG';
export const IDENTIFICATION_COUNTRIES = [{ code: COUNTRY_ARG, description: 'Argentina' }] as const;

/** Which form the identification block belongs to: the rules differ (001 §5). */
export type IdentificationForm = 'payer' | 'reference';

export interface IdentificationValues {
  type?: string | null;
  number?: string | number | null;
  country?: string | null;
}

/** 'DNI_ARG' / 'DNI' -> 'DNI_ARG', 'CUIT_ARG' / 'CUIT' -> 'CUIT_ARG' (any case), else undefined. */
export function normalizeIdentificationType(value: unknown): IdentificationType | undefined {
  const text = trimmed(value).toUpperCase();
  if (text === 'DNI_ARG' || text === 'DNI') return 'DNI_ARG';
  if (text === 'CUIT_ARG' || text === 'CUIT') return 'CUIT_ARG';
  return undefined;
}

/** Maximum length of the number input for a type: 8 for DNI and by default, 11 for CUIT. */
export function identificationMaxLength(type: unknown): number {
  return normalizeIdentificationType(type) === 'CUIT_ARG' ? CUIT_LENGTH : IDENTIFICATION_DEFAULT_MAX_LENGTH;
}

/**
 * Payer DNI (000 §5, card holder of the change-payment-method payload):
 * '*Campo requerido.', '*Solo números.', 'La cantidad de caracteres para DNI es 7 u 8'.
 */
export function checkPayerDni(value: unknown): string | undefined {
  const text = trimmed(value);
  if (text === '') return MESSAGES.required;
  if (!isDigits(text)) return MESSAGES.digitsOnly;
  if (text.length < DNI_MIN || text.length > DNI_MAX) return MESSAGES.dniLength;
  return undefined;
}

/** yup field for the payer DNI of 000 (see `checkPayerDni`). */
export const payerDniSchema = stringField(checkPayerDni, 'payerDni');

/**
 * The block is in use when a type is chosen, or a number was typed without a
 * type (then the type is reported missing rather than the number silently
 * dropped). With neither, the block is left out of the payload.
 */
export function isIdentificationActive(values: IdentificationValues | null | undefined): boolean {
  if (values === null || values === undefined) return false;
  return trimmed(values.type) !== '' || trimmed(values.number) !== '';
}

/** Type: 'Tipo de identificación requerido*' when the block is in use without a known type. */
export function checkIdentificationType(values: IdentificationValues | null | undefined): string | undefined {
  if (!isIdentificationActive(values)) return undefined;
  return normalizeIdentificationType(values?.type) === undefined
    ? MESSAGES.identificationTypeRequired
    : undefined;
}

/**
 * Number, by type and form:
 * - empty: 'Número de identificación requerido*'; not digits: 'Número de identificación incorrecto*'
 *   (a CUIT may carry dashes or underscores, removed first);
 * - DNI: reference form 7 or 8 digits ('La cantidad de caracteres para DNI es 7 u 8'),
 *   payer form exactly 8 ('El número de DNI no es válido');
 * - CUIT: 11 digits (reference form 'La cantidad de caracteres para CUIT es 11',
 *   payer form 'El número de CUIT no es válido') and the check digit
 *   ('El número de CUIT no es válido').
 */
export function checkIdentificationNumber(
  values: IdentificationValues | null | undefined,
  form: IdentificationForm,
): string | undefined {
  if (!isIdentificationActive(values)) return undefined;
  const type = normalizeIdentificationType(values?.type);
  const raw = trimmed(values?.number);
  if (raw === '') return MESSAGES.identificationNumberRequired;
  const number = type === 'CUIT_ARG' ? normalizeCuit(raw) : raw;
  if (!isDigits(number)) return MESSAGES.identificationNumberIncorrect;
  if (type === 'DNI_ARG') {
    if (form === 'payer') return number.length === DNI_PAYER_FORM_LENGTH ? undefined : MESSAGES.dniInvalid;
    return number.length >= DNI_MIN && number.length <= DNI_MAX ? undefined : MESSAGES.dniLength;
  }
  if (type === 'CUIT_ARG') {
    if (number.length !== CUIT_LENGTH) return form === 'payer' ? MESSAGES.cuitInvalid : MESSAGES.cuitLength;
    return isValidCuit(number) ? undefined : MESSAGES.cuitInvalid;
  }
  return undefined; // unknown type: reported on the type field
}

/** Country: 'País requerido*' when the block is in use; only ARG is accepted. */
export function checkIdentificationCountry(
  values: IdentificationValues | null | undefined,
): string | undefined {
  if (!isIdentificationActive(values)) return undefined;
  const country = trimmed(values?.country).toUpperCase();
  if (country === '') return MESSAGES.countryRequired;
  return country === COUNTRY_ARG ? undefined : MESSAGES.countryUnsupported;
}

export interface IdentificationErrors {
  type?: string;
  number?: string;
  country?: string;
}

/** Every message of the block, or undefined when it is valid (or not in use). */
export function checkIdentification(
  values: IdentificationValues | null | undefined,
  form: IdentificationForm,
): IdentificationErrors | undefined {
  const errors: IdentificationErrors = {};
  const type = checkIdentificationType(values);
  const number = checkIdentificationNumber(values, form);
  const country = checkIdentificationCountry(values);
  if (type !== undefined) errors.type = type;
  if (number !== undefined) errors.number = number;
  if (country !== undefined) errors.country = country;
  return Object.keys(errors).length > 0 ? errors : undefined;
}

export interface IdentificationPayload {
  type: IdentificationType;
  number: string;
  country: string;
}

/**
 * The identification to send upstream: undefined when no type is chosen (the
 * block is dropped, 001 §5); otherwise the normalised type, the number (a CUIT
 * without dashes) and the country in upper case. Validate first.
 */
export function toIdentificationPayload(
  values: IdentificationValues | null | undefined,
): IdentificationPayload | undefined {
  const type = normalizeIdentificationType(values?.type);
  if (type === undefined) return undefined;
  const raw = trimmed(values?.number);
  return {
    type,
    number: type === 'CUIT_ARG' ? normalizeCuit(raw) : raw,
    country: trimmed(values?.country).toUpperCase(),
  };
}

/**
 * yup schema of the identification block for a form; errors land on
 * `identification.type`, `identification.number`, `identification.country`.
 * A missing block (undefined or null) is valid.
 */
export function identificationSchema(form: IdentificationForm) {
  return yup
    .object({
      type: siblingStringField<IdentificationValues>(
        (_v, parent) => checkIdentificationType(parent),
        'identificationType',
      ),
      number: siblingStringField<IdentificationValues>(
        (_v, parent) => checkIdentificationNumber(parent, form),
        'identificationNumber',
      ),
      country: siblingStringField<IdentificationValues>(
        (_v, parent) => checkIdentificationCountry(parent),
        'identificationCountry',
      ),
    })
    .nullable()
    .optional()
    .default(undefined);
}

/**
 * An identification number as shown: a CUIT with its dashes ('20-12345678-6'), any other number
 * as it is; '' for none.
 */
export function formatIdentificationNumber(type: unknown, number: string | null | undefined): string {
  if (!number) return '';
  return normalizeIdentificationType(type) === 'CUIT_ARG' ? formatCuit(number) : number;
}
