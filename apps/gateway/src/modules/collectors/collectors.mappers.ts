import { decimalFromUpstream } from '@backoffice/validators';
import type { Collector, CollectorBalance, CollectorDetail } from '../../generated/resolvers-types.js';
import { toIsoDate } from '../../shared/dates.js';
import { obj, str } from '../../shared/values.js';
import { UpstreamContractError } from '../../upstream/errors.js';
import { CURRENCIES, enumOf } from '../../shared/codes.js';

/** A collector as the collector service sends it; the id is also called signature. */
export type RawCollector = Record<string, unknown>;

export type CollectorModel = Collector;

export function mapCollector(raw: RawCollector): CollectorModel {
  const c = obj(raw) ?? {};
  const id = str(c.id) ?? str(c.signature);
  if (id === null) throw new UpstreamContractError('collector without id');
  return {
    id,
    name: str(c.name) ?? '',
    checkoutVersion: str(c.checkout_version),
    signature: str(c.signature) ?? id,
  };
}

export interface CollectorSettings {
  matchImport: string | null;
  withdrawalStrategy: string | null;
  batchVersion: string | null;
}

/** The by-signature answer's settings, as the upstream spells them (the validators read these values). */
export function mapCollectorSettings(raw: RawCollector): CollectorSettings {
  const c = obj(raw) ?? {};
  return {
    matchImport: str(c.match_import),
    withdrawalStrategy: str(c.withdrawal_strategy),
    batchVersion: str(c.batch_version),
  };
}

const amount = (value: unknown, field: string): string => {
  const decimal = decimalFromUpstream(value);
  if (decimal === null) throw new UpstreamContractError(`collector balance without ${field}`);
  return decimal;
};

export function mapCollectorBalance(raw: Record<string, unknown>): CollectorBalance {
  const b = obj(raw) ?? {};
  return {
    available: amount(b.available_amount, 'available_amount'),
    pending: amount(b.pending_amount, 'pending_amount'),
    withdrawn: amount(b.withdrawn_amount, 'withdrawn_amount'),
    total: amount(b.total_amount, 'total_amount'),
    currencyId: enumOf(CURRENCIES, b.currency_id, 'currency') ?? 'ARS',
    lastUpdateDate: toIsoDate(b.last_update_date),
  };
}

export function mapCollectorDetail(raw: Record<string, unknown>): CollectorDetail {
  const d = obj(raw) ?? {};
  const account = obj(d.bank_account);
  return {
    cuit: str(d.cuit),
    activity: str(d.activity),
    email: str(d.email),
    status: str(d.status),
    bankAccount: account ? { cbu: str(account.cbu), holder: str(account.holder) } : null,
    notificationUrl: str(d.notification_url),
    createdDate: toIsoDate(d.created_date),
  };
}
