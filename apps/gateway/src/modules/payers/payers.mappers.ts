import type {
  Payer,
  PayerIdentification,
  PayerPhone,
  PayerReference,
} from '../../generated/resolvers-types.js';
import { arr, obj, str } from '../../shared/values.js';
import { UpstreamContractError } from '../../upstream/errors.js';
import type { RawPayer, RawPayerReference } from './payers.datasource.js';

/** A payer without its lazy references (resolved on their own). */
export type PayerModel = Payer;

function mapIdentification(value: unknown): PayerIdentification | null {
  const raw = obj(value);
  if (!raw) return null;
  return { type: str(raw.type), number: str(raw.number), country: str(raw.country) };
}

function mapPhone(value: unknown): PayerPhone {
  const raw = obj(value) ?? {};
  return {
    description: str(raw.description),
    areaCode: str(raw.area_code),
    phoneNumber: str(raw.phone_number),
  };
}

export function mapPayer(value: RawPayer): PayerModel {
  const raw = obj(value) ?? {};
  const id = str(raw.id);
  if (id === null) throw new UpstreamContractError('payer without id');
  return {
    id,
    name: str(raw.name) ?? '',
    email: str(raw.email),
    externalReference: str(raw.external_reference),
    identification: mapIdentification(raw.identification),
    phones: arr(raw.phones).map(mapPhone),
  };
}

export function mapPayerReference(value: RawPayerReference): PayerReference {
  const raw = obj(value) ?? {};
  const id = str(raw.id);
  const collectorId = str(raw.collector_id);
  if (id === null || collectorId === null) throw new UpstreamContractError('payer reference without id');
  return {
    id,
    collectorId,
    name: str(raw.name) ?? '',
    email: str(raw.email),
    externalReference: str(raw.external_reference) ?? str(raw.externalReference),
    identification: mapIdentification(raw.identification),
  };
}
