/**
 * Withdraw, withdrawal and collector configuration JSON -> the schema's types (camelCase, enums, Decimal
 * strings, ISO dates). Only mapping: actions and the collector are added per request (withdrawals.present.ts).
 */
import { decimalFromUpstream } from '@backoffice/validators';
import type {
  CollectorConfigurationEntry,
  CollectorConfigurationVariable,
  Withdraw,
  Withdrawal,
  WithdrawalStatus,
  WithdrawStatus,
} from '../../generated/resolvers-types.js';
import { toIsoDate } from '../../shared/dates.js';
import { obj, str } from '../../shared/values.js';
import { UpstreamContractError } from '../../upstream/errors.js';
import { CURRENCIES, enumOf } from '../../shared/codes.js';

/** @mapper Withdraw */
export type WithdrawModel = Omit<Withdraw, 'actions'>;
/** @mapper Withdrawal */
export type WithdrawalModel = Omit<Withdrawal, 'actions' | 'collector'>;

const WITHDRAW_STATUSES: Readonly<Record<string, WithdrawStatus>> = {
  pending: 'PENDING',
  transferred: 'TRANSFERRED',
  rejected: 'REJECTED',
};
const WITHDRAWAL_STATUSES: Readonly<Record<string, WithdrawalStatus>> = {
  pending_authorization: 'PENDING_AUTHORIZATION',
  authorized: 'AUTHORIZED',
  refused: 'REFUSED',
};

function required<T>(value: T | null, what: string, id: unknown): T {
  if (value === null) throw new UpstreamContractError(`${what} of ${String(id)} missing or invalid`);
  return value;
}

function status<T>(table: Readonly<Record<string, T>>, value: unknown, id: unknown): T {
  return required(typeof value === 'string' ? (table[value.toLowerCase()] ?? null) : null, 'status', id);
}

/** The common part: id, collector and its name, request date, amount (Decimal). */
function common(raw: unknown) {
  const r = obj(raw) ?? {};
  const id = required(str(r.id), 'id', r.id);
  return {
    r,
    id,
    collectorId: required(str(r.collector_id), 'collector_id', id),
    collectorName: str(obj(r.collector_detail)?.name),
    requestDate: required(toIsoDate(r.request_date), 'request_date', id),
    amount: required(decimalFromUpstream(r.amount), 'amount', id),
    currencyId: enumOf(CURRENCIES, r.currency_id, 'currency') ?? 'ARS',
    requestUser: str(r.request_user),
    statusDetail: str(r.status_detail),
  };
}

export function mapWithdraw(raw: unknown): WithdrawModel {
  const { r, ...base } = common(raw);
  return {
    ...base,
    status: status(WITHDRAW_STATUSES, r.status, base.id),
    transferDate: toIsoDate(r.transfer_date),
    destinationAccount: str(obj(r.destination)?.value),
    exportDate: toIsoDate(r.export_date),
  };
}

export function mapWithdrawal(raw: unknown): WithdrawalModel {
  const { r, ...base } = common(raw);
  return {
    ...base,
    status: status(WITHDRAWAL_STATUSES, r.status, base.id),
    destinationAccount: str(obj(r.destination)?.value),
    approvedDate: toIsoDate(r.approved_date),
    authorizedBy: str(r.authorized_by),
  };
}

export function mapConfigurationVariable(raw: unknown): CollectorConfigurationVariable {
  const v = obj(raw) ?? {};
  return {
    id: required(str(v.id), 'id', 'variable'),
    name: required(str(v.name), 'name', v.id),
    description: str(v.description),
  };
}

export function mapConfigurationEntry(raw: unknown): CollectorConfigurationEntry {
  const e = obj(raw) ?? {};
  const id = required(str(e.id), 'id', 'configuration');
  const deleteDate = toIsoDate(e.delete_date);
  return {
    id,
    variable: required(str(obj(e.commerce_config_vars)?.name), 'commerce_config_vars.name', id),
    value: str(e.value) ?? '',
    createdDate: toIsoDate(e.created_date),
    deleteDate,
    active: deleteDate === null,
  };
}
