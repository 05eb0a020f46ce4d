import DataLoader from 'dataloader';
import type { PaymentCardHolder, PaymentHistoryRow } from '../../generated/resolvers-types.js';
import { UpstreamError } from '../../upstream/errors.js';
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

const isNotFound = (error: unknown) => error instanceof UpstreamError && error.status === 404;

/** A loader that caches one call per key (the service has no batch detail endpoint). */
function perKey<V>(load: (key: string) => Promise<V>): DataLoader<string, V> {
  return new DataLoader<string, V>(
    (keys) => Promise.all(keys.map((key) => load(key).catch((error: unknown) => error as Error))),
    { batch: false },
  );
}

export const versionKey = (id: string, version: number): string => `${id}@${version}`;

export function createPaymentLoaders(source: PaymentsDataSource): PaymentLoaders {
  return {
    payment: perKey(async (id) => {
      try {
        return mapPayment(await source.byId(id));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    }),
    paymentHistory: perKey(async (id) => arr((await source.history(id)).rows).map(mapHistoryRow)),
    paymentVersion: perKey(async (key) => {
      const at = key.lastIndexOf('@');
      try {
        return mapPayment(await source.version(key.slice(0, at), Number(key.slice(at + 1))));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    }),
    paymentHolders: perKey(async (id) =>
      arr(await source.holders(id)).flatMap((h) => mapCardHolder(h) ?? []),
    ),
  };
}
