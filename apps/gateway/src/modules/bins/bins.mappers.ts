import type { BinLookupItem, CardBin } from '../../generated/resolvers-types.js';
import { paymentMethodName } from '../../shared/payment-methods.js';
import { int, obj, str } from '../../shared/values.js';
import { UpstreamContractError } from '../../upstream/errors.js';
import type { RawCardBin } from './bins.datasource.js';

/** @mapper CardBin */
export type CardBinModel = Omit<CardBin, 'actions'>;

export function mapLookupItem(raw: unknown): BinLookupItem | null {
  const item = obj(raw);
  const id = str(item?.id);
  const description = str(item?.description);
  return id && description ? { id, description } : null;
}

export function mapCardBin(raw: RawCardBin): CardBinModel {
  const id = str(raw.id) ?? str(raw.iin);
  const brand = mapLookupItem(raw.brand);
  const type = mapLookupItem(raw.type);
  const mediaPaymentId = int(raw.media_payment_id);
  const accreditationDays = int(raw.accreditation_days);
  if (!id || !brand || !type || mediaPaymentId === null || accreditationDays === null) {
    throw new UpstreamContractError(`bin: unreadable BIN ${String(raw.id)}`);
  }
  return {
    id,
    brand,
    type,
    subtype: mapLookupItem(raw.subtype),
    country: str(raw.country),
    issuer: mapLookupItem(raw.emisor),
    mediaPaymentId,
    mediaPaymentName: paymentMethodName(mediaPaymentId),
    accreditationDays,
    lastUpdateDate: str(raw.updated_date),
  };
}
