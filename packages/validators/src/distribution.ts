/**
 * Distributions (001 §5): the edit-destination dialog and the search rule.
 */
import './locale.js';
import * as yup from 'yup';
import { checkPositiveAmount } from './amount-text.js';
import { hasValidCbuCheckDigits } from './cbu.js';
import { isValidCuit, normalizeCuit } from './cuit.js';
import {
  ALIAS_MAX,
  ALIAS_MIN,
  CBU_LENGTH,
  CUIT_LENGTH,
  DISTRIBUTION_SEARCH_COLLECTOR_MAX,
} from './limits.js';
import { MESSAGES } from './messages.js';
import { isDigits, trimmed } from './text.js';
import { siblingStringField, stringField } from './yup-helpers.js';

export const DESTINATION_FORMATS = ['cbu', 'alias'] as const;
export type DestinationFormat = (typeof DESTINATION_FORMATS)[number];

/** 'cbu' / 'CBU' -> 'cbu', 'alias' / 'ALIAS' -> 'alias', else undefined. */
export function normalizeDestinationFormat(value: unknown): DestinationFormat | undefined {
  const text = trimmed(value).toLowerCase();
  return text === 'cbu' || text === 'alias' ? text : undefined;
}

/** Destination format: cbu or alias ('Seleccione el formato del destino (CBU o alias)'). */
export function checkDestinationFormat(value: unknown): string | undefined {
  return normalizeDestinationFormat(value) === undefined ? MESSAGES.destinationFormatRequired : undefined;
}

/**
 * Destination CBU: 22 digits ('Ingresa un numero de 22 digitos sin letras'),
 * then both check digits ('El CBU no es válido').
 */
export function checkDistributionCbu(value: unknown): string | undefined {
  const text = trimmed(value);
  if (text.length !== CBU_LENGTH || !isDigits(text)) return MESSAGES.distributionCbu;
  return hasValidCbuCheckDigits(text) ? undefined : MESSAGES.cbuInvalid;
}

/** The characters a CBU alias may have: letters (A-Z, either case), digits, '.' and '-' (BCRA). */
export const ALIAS_PATTERN = /^[A-Za-z0-9.-]+$/;

/**
 * Destination alias: 5 to 20 characters ('Ingresa un destino de 5 a 20 caracteres.'), only those of a CBU alias
 * ('El alias solo admite letras, números, puntos (.) y guiones (-).'): nothing else reaches a service or a file
 * an operator opens (`=HYPERLINK(...)` was accepted by the length check alone).
 */
export function checkAlias(value: unknown): string | undefined {
  const text = trimmed(value);
  if (text.length < ALIAS_MIN || text.length > ALIAS_MAX) return MESSAGES.distributionAlias;
  return ALIAS_PATTERN.test(text) ? undefined : MESSAGES.aliasCharacters;
}

/** The destination value by format; nothing to check until a format is chosen. */
export function checkDestinationValue(format: unknown, value: unknown): string | undefined {
  const kind = normalizeDestinationFormat(format);
  if (kind === 'cbu') return checkDistributionCbu(value);
  if (kind === 'alias') return checkAlias(value);
  return undefined;
}

/**
 * Destination CUIT: exactly 11 digits once dashes are removed, with a valid
 * check digit; otherwise 'El formato del cuit no es correcto.'.
 */
export function checkDistributionCuit(value: unknown): string | undefined {
  const cuit = normalizeCuit(value);
  if (cuit.length !== CUIT_LENGTH || !isDigits(cuit)) return MESSAGES.distributionCuit;
  return isValidCuit(cuit) ? undefined : MESSAGES.distributionCuit;
}

export interface DistributionDestinationValues {
  format?: string | null;
  value?: string | null;
  cuit?: string | null;
  name?: string | null;
  amount?: string | number | null;
}

/**
 * The destination's amount: empty keeps the detail's amount; otherwise an amount read as every amount field reads
 * it ('169.178,46') and more than zero (the gateway refuses zero). The spec calls it free: free of any
 * rule of its own, not of the amount format the gateway's Decimal needs.
 */
export function checkDestinationAmount(value: unknown): string | undefined {
  return trimmed(value) === '' ? undefined : checkPositiveAmount(value);
}

/**
 * Edit-destination dialog: format (cbu|alias), value checked by format, CUIT of
 * 11 digits; name is free, amount as `checkDestinationAmount`. Choosing the format clears the value
 * (the form does that).
 */
export const distributionDestinationSchema = yup.object({
  format: stringField(checkDestinationFormat, 'destinationFormat'),
  value: siblingStringField<DistributionDestinationValues>(
    (value, parent) => checkDestinationValue(parent.format, value),
    'destinationValue',
  ),
  cuit: stringField(checkDistributionCuit, 'destinationCuit'),
  name: yup.string().nullable(),
  amount: stringField(checkDestinationAmount, 'destinationAmount'),
});

export type DistributionSearch =
  { kind: 'paymentId'; value: string } | { kind: 'collectorId'; value: string };

/**
 * Distribution search box ('Buscar por ID o Signature'): trimmed text longer
 * than 4 characters searches by payment_id (other filters dropped), 1 to 4
 * characters by collector id, empty means no search.
 */
export function distributionSearch(text: unknown): DistributionSearch | null {
  const value = trimmed(text);
  if (value === '') return null;
  if (value.length > DISTRIBUTION_SEARCH_COLLECTOR_MAX) return { kind: 'paymentId', value };
  return { kind: 'collectorId', value };
}
