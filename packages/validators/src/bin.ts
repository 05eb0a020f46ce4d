/** Card BIN form (/bin/{id}, 001 §5 "Card BIN"). Save is disabled while invalid. */
import './locale.js';
import * as yup from 'yup';
import { BIN_LENGTH } from './limits.js';
import { MESSAGES } from './messages.js';
import { isDigits, isPresent, trimmed } from './text.js';
import { mixedField, stringField } from './yup-helpers.js';

const BIN_PATTERN = new RegExp(`^\\d{${BIN_LENGTH}}$`);

/** BIN number: 'Número BIN es requerído *', 'Número BIN debe ser de 6 dígitos *' (digits only). */
export function checkBinNumber(value: unknown): string | undefined {
  const text = trimmed(value);
  if (text === '') return MESSAGES.binRequired;
  return BIN_PATTERN.test(text) ? undefined : MESSAGES.binLength;
}

/** Brand (marca) chosen from the lookup: 'La marca es requerida *'. */
export function checkBinBrand(value: unknown): string | undefined {
  return isPresent(value) ? undefined : MESSAGES.binBrandRequired;
}

/** Card type chosen from the lookup: 'El tipo de tarjeta es requerido *'. */
export function checkBinCardType(value: unknown): string | undefined {
  return isPresent(value) ? undefined : MESSAGES.binCardTypeRequired;
}

/** Payment method (mediaPaymentId) chosen from the catalogue: 'El medio de pago es requerido *'. */
export function checkBinPaymentMethod(value: unknown): string | undefined {
  return isPresent(value) ? undefined : MESSAGES.binPaymentMethodRequired;
}

/** The most accreditation days the BIN service accepts (a year). */
export const MAX_ACCREDITATION_DAYS = 365;

/** Accreditation days: 'El dia de acreditación es requerído *', digits only, at most 365. */
export function checkAccreditationDay(value: unknown): string | undefined {
  const text = trimmed(value);
  if (text === '') return MESSAGES.binAccreditationDayRequired;
  if (!isDigits(text)) return MESSAGES.binAccreditationDayDigits;
  return Number(text) > MAX_ACCREDITATION_DAYS ? MESSAGES.binAccreditationDayMax : undefined;
}

/**
 * BIN form: bin (6 digits), brand, type, mediaPaymentId and accreditationDay
 * required; subtype, country and issuer (emisor) optional. Lookup fields hold
 * an id or the selected option; they are only checked for presence.
 */
export const binFormSchema = yup.object({
  bin: stringField(checkBinNumber, 'binNumber'),
  brand: mixedField(checkBinBrand, 'binBrand'),
  type: mixedField(checkBinCardType, 'binCardType'),
  subtype: yup.mixed().nullable(),
  country: yup.mixed().nullable(),
  issuer: yup.mixed().nullable(),
  mediaPaymentId: mixedField(checkBinPaymentMethod, 'binPaymentMethod'),
  accreditationDay: stringField(checkAccreditationDay, 'accreditationDay'),
});

export interface BinFormValues {
  bin?: string | null;
  brand?: unknown;
  type?: unknown;
  subtype?: unknown;
  country?: unknown;
  issuer?: unknown;
  mediaPaymentId?: unknown;
  accreditationDay?: string | number | null;
}
