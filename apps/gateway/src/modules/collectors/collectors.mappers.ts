import type { Collector } from '../../generated/resolvers-types.js';
import { obj, str } from '../../shared/values.js';
import { UpstreamContractError } from '../../upstream/errors.js';

/** A collector as the collector service sends it; the id is also called signature. */
export type RawCollector = Record<string, unknown>;

export type CollectorModel = Collector;

export function mapCollector(raw: RawCollector): CollectorModel {
  const c = obj(raw) ?? {};
  const id = str(c.id) ?? str(c.signature);
  if (id === null) throw new UpstreamContractError('collector without id');
  return { id, name: str(c.name) ?? '', checkoutVersion: str(c.checkout_version) };
}
