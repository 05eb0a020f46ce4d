import type DataLoader from 'dataloader';
import type { PaymentCardHolder, PaymentHistoryRow } from '../../generated/resolvers-types.js';
import { parseVersionKey, perKeyLoader, perKeyLoaderOrNull, versionKey } from '../../shared/loaders.js';
import type { PaymentsDataSource } from './payments.datasource.js';
import { mapCardHolder, mapHistoryRow, mapPayment, type PaymentModel } from './payments.mappers.js';
import { arr } from '../../shared/values.js';

/** Per-request loaders of the payment service: each resource is fetched at most once per GraphQL request. */
export interface PaymentLoaders {
  /** GET /pagos/{id}; null when it does not exist. */
  payment: DataLoader<string, PaymentModel | null>;
  /** GET /pagos/{id}/historial. */
  paymentHistory: DataLoader<string, PaymentHistoryRow[]>;
  /** GET /pagos/{id}/versiones/{v}, keyed "id@version"; null when it does not exist. */
  paymentVersion: DataLoader<string, PaymentModel | null>;
  /** GET /pagos/{id}/titulares. */
  paymentHolders: DataLoader<string, PaymentCardHolder[]>;
}

export { versionKey };

export function createPaymentLoaders(source: PaymentsDataSource): PaymentLoaders {
  return {
    payment: perKeyLoaderOrNull(async (id) => mapPayment(await source.byId(id))),
    paymentHistory: perKeyLoader(async (id) => arr((await source.history(id)).rows).map(mapHistoryRow)),
    paymentVersion: perKeyLoaderOrNull(async (key) => {
      const { id, version } = parseVersionKey(key);
      return mapPayment(await source.version(id, version));
    }),
    paymentHolders: perKeyLoader(async (id) =>
      arr(await source.holders(id)).flatMap((h) => mapCardHolder(h) ?? []),
    ),
  };
}
