/**
 * The "Payment-method change payload" of spec 000 §3 (docs/upstream-contract.md §3), shared by every service
 * that changes a payment method (payments, subscriptions): a card for a DNI_ARG holder or a CBU debit for a
 * CUIT_ARG holder. `parseMethodChange` validates it (400/422 with the documented extended codes) and answers
 * what the services store.
 */
import { MEDIA_PAYMENTS, isValidCuit, mediaPaymentForCard } from './argentine-data.js';
import { digitsOf, requiredText, type Json } from './body.js';
import { monthYearAr } from './dates.js';
import { badRequest, validationError } from './errors.js';

export interface MethodChange {
  /** `card` (DNI_ARG holder) or `cbu` (CUIT_ARG holder, debit). */
  kind: 'card' | 'cbu';
  holderName: string;
  /** DNI or CUIT, digits only. */
  holderId: string;
  media_payment_id: number;
  media_payment_detail: string;
  first_six_digits: string | null;
  last_four_digits: string;
  expiration_month: number | null;
  expiration_year: number | null;
  ppt_owner: string;
}

function expirationOf(body: Json): { month: number; year: number } {
  const month = Number(body.expiration_month);
  const year = Number(body.expiration_year);
  if (
    !Number.isInteger(month) ||
    month < 1 ||
    month > 12 ||
    !Number.isInteger(year) ||
    year < 2000 ||
    year > 2100
  ) {
    throw validationError('invalid_expiration', 'El vencimiento debe tener mes (1-12) y año (AAAA).');
  }
  const current = monthYearAr(Date.now());
  if (year < current.year || (year === current.year && month < current.month)) {
    throw validationError('card_expired', 'La tarjeta está vencida.');
  }
  return { month, year };
}

export function parseMethodChange(body: Json): MethodChange {
  const holder = (body.holder ?? {}) as Json;
  if (typeof holder !== 'object' || holder === null || Array.isArray(holder)) {
    throw badRequest('invalid_body', 'holder debe ser un objeto.');
  }
  const holderName = requiredText(holder.name, 'holder_name_required', 'Falta el nombre del titular.');
  const identification = (holder.identification ?? {}) as Json;
  if (identification.country !== 'ARG') {
    throw validationError('invalid_country', 'El país de la identificación debe ser ARG.');
  }
  const idNumber = digitsOf(
    typeof identification.number === 'string'
      ? identification.number.replace(/[-_]/g, '')
      : identification.number,
  );
  const number = digitsOf(body.number);
  if (identification.type === 'DNI_ARG') {
    if (!number || number.length < 13 || number.length > 19) {
      throw validationError('invalid_card_number', 'El número de tarjeta debe tener entre 13 y 19 dígitos.');
    }
    if (!idNumber || idNumber.length < 7 || idNumber.length > 8) {
      throw validationError('invalid_identification', 'El DNI debe tener 7 u 8 dígitos.');
    }
    const expiration = expirationOf(body);
    const mediaPaymentId = mediaPaymentForCard(number);
    return {
      kind: 'card',
      holderName,
      holderId: idNumber,
      media_payment_id: mediaPaymentId,
      media_payment_detail: MEDIA_PAYMENTS[mediaPaymentId] ?? 'visa',
      first_six_digits: number.slice(0, 6),
      last_four_digits: number.slice(-4),
      expiration_month: expiration.month,
      expiration_year: expiration.year,
      ppt_owner: mediaPaymentId === 7 ? 'naranja' : mediaPaymentId === 6 ? 'cabal' : 'prisma',
    };
  }
  if (identification.type === 'CUIT_ARG') {
    if (!number || number.length !== 22) {
      throw validationError('invalid_cbu', 'El CBU debe tener 22 dígitos.');
    }
    if (!idNumber || !isValidCuit(idNumber)) {
      throw validationError('invalid_identification', 'El CUIT no es válido.');
    }
    return {
      kind: 'cbu',
      holderName,
      holderId: idNumber,
      media_payment_id: 1,
      media_payment_detail: 'cbu',
      first_six_digits: null,
      last_four_digits: number.slice(-4),
      expiration_month: null,
      expiration_year: null,
      ppt_owner: 'coelsa',
    };
  }
  throw validationError(
    'invalid_identification_type',
    'El tipo de identificación debe ser DNI_ARG (tarjeta) o CUIT_ARG (transferencia).',
  );
}
