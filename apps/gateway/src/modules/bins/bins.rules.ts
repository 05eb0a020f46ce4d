import {
  checkAccreditationDay,
  checkBinBrand,
  checkBinCardType,
  checkBinNumber,
  checkBinPaymentMethod,
} from '@backoffice/validators';
import { badUserInput } from '../../errors.js';
import type { CardBinActionKind, CardBinInput } from '../../generated/resolvers-types.js';
import { defineActions } from '../../shared/actions.js';
import { checkId } from '../../shared/inputs.js';
import { isKnownPaymentMethod } from '../../shared/payment-methods.js';
import { permissionOf } from '../../shared/mutation-permissions.js';
import type { Filter, Sort } from '../../upstream/filters.js';
import type { CardBinBody } from './bins.datasource.js';
import type { CardBinModel } from './bins.mappers.js';

/** Who may open Buscar BIN (docs/decisions.md "Side menu"). */
export const BIN_SCREEN = ['BIN_CREATE', 'BIN_UPDATE', 'BIN_DELETE'] as const;

/** Per-row actions of Buscar BIN: edit (BIN_UPDATE) and delete (BIN_DELETE), always offered to who holds them. */
export const cardBinActions = defineActions<CardBinActionKind, CardBinModel>({
  kinds: ['EDIT', 'DELETE'],
  permissions: {
    EDIT: permissionOf('updateCardBin', 'Requiere el permiso de modificación de BINs.'),
    DELETE: permissionOf('deleteCardBins', 'Requiere el permiso de borrado de BINs.'),
  },
  availableOnPreviousVersion: ['EDIT', 'DELETE'],
  previousVersionReason: '',
  isCurrentVersion: () => true,
  stateReason: () => null,
});

const COUNTRY = /^[A-Z]{3}$/;

const check = (message: string | undefined, field: string) => {
  if (message) throw badUserInput(message, `input.${field}`);
};

const optionalId = (value: string | null | undefined, field: string): string | null =>
  value === null || value === undefined || value.trim() === '' ? null : checkId(value, `input.${field}`);

/** The BIN form's rules (spec 001 §5 "Card BIN", the web's messages) -> the service's body. */
export function cardBinBody(input: CardBinInput): CardBinBody {
  check(checkBinNumber(input.bin), 'bin');
  check(checkBinBrand(input.brandId), 'brandId');
  check(checkBinCardType(input.typeId), 'typeId');
  check(checkBinPaymentMethod(input.mediaPaymentId), 'mediaPaymentId');
  check(checkAccreditationDay(input.accreditationDays), 'accreditationDays');
  if (!isKnownPaymentMethod(input.mediaPaymentId)) {
    throw badUserInput('El medio de pago no existe en el catálogo.', 'input.mediaPaymentId');
  }
  // Digits only, at most a year (MAX_ACCREDITATION_DAYS, @backoffice/validators).
  const days = Number(input.accreditationDays.trim());
  const country = input.country?.trim() ? input.country.trim().toUpperCase() : null;
  if (country !== null && !COUNTRY.test(country)) {
    throw badUserInput('El país debe ser un código ISO de 3 letras.', 'input.country');
  }
  return {
    iin: input.bin.trim(),
    brand_id: checkId(input.brandId, 'input.brandId'),
    type_id: checkId(input.typeId, 'input.typeId'),
    subtype_id: optionalId(input.subtypeId, 'subtypeId'),
    emisor_id: optionalId(input.issuerId, 'issuerId'),
    country,
    media_payment_id: input.mediaPaymentId,
    accreditation_days: days,
  };
}

/**
 * What Buscar BIN's search looks in, one filter set per field (the service has no OR; the resolver
 * merges them with `unionList`, in the service's order, by BIN): digits, the BINs starting with them; any other text,
 * part of the brand, the card type, the subtype or the issuer ('Visa', 'Débito', 'Gold', 'Brubank'). No text: one
 * empty set.
 */
export function binSearchFilters(search: string | null): Filter[][] {
  if (!search) return [[]];
  if (/^\d+$/.test(search)) return [[{ field: 'id', operation: 'LIKE', value: `${search}%` }]];
  return ['brand', 'type', 'subtype', 'emisor'].map((field) => [
    { field: `${field}.description`, operation: 'CONTAINS', value: search },
  ]);
}

/** The service's order of BINs (its default: by number). */
export const BIN_SORTS: readonly Sort[] = [{ field: 'id', direction: 'asc' }];
