/** Distributions service JSON -> the schema's types (Decimal strings, ISO dates, enums). */
import { decimalFromUpstream } from '@backoffice/validators';
import type {
  DestinationChange,
  DistributionDestination,
  DistributionStatus,
  DistributionType,
} from '../../generated/resolvers-types.js';
import { toIsoDate } from '../../shared/dates.js';
import { arr, obj, str } from '../../shared/values.js';
import { UpstreamContractError } from '../../upstream/errors.js';
import type { RawDistribution, RawDistributionDetail } from './distributions.datasource.js';

const STATUSES: readonly DistributionStatus[] = [
  'ERROR',
  'AUTHORIZATION_PENDING',
  'REJECTED',
  'PENDING',
  'IN_PROCESS',
  'SUCCESS',
  'MANUAL',
  'DEFERRED',
  'SCHEDULED',
];

/** @mapper Distribution */
export interface DistributionModel {
  id: string;
  type: DistributionType;
  status: DistributionStatus;
  statusDetail: string | null;
  paymentId: string | null;
  requestDate: string | null;
  totalAmount: string;
  collector: { id: string; name: string | null };
}

/** @mapper DistributionDetail */
export interface DistributionDetailModel {
  id: string;
  distributionId: string;
  status: DistributionStatus;
  statusDetail: string | null;
  type: DistributionType;
  amount: string;
  destination: DistributionDestination;
  observations: string | null;
  lastUpdateDate: string | null;
  destinationChanges: DestinationChange[];
  forcedSuccess: { date: string; user: string | null } | null;
}

function status(value: unknown): DistributionStatus {
  const upper = typeof value === 'string' ? value.toUpperCase() : '';
  const found = STATUSES.find((s) => s === upper);
  if (!found) throw new UpstreamContractError(`unknown distribution status: ${JSON.stringify(value)}`);
  return found;
}

/** no_scheduled by default (spec 001 §4). */
const type = (value: unknown): DistributionType => (value === 'scheduled' ? 'SCHEDULED' : 'NO_SCHEDULED');

function need<T>(value: T | null, what: string): T {
  if (value === null) throw new UpstreamContractError(`distribution: missing ${what}`);
  return value;
}

export function mapDistribution(raw: RawDistribution): DistributionModel {
  const collector = obj(raw.collector) ?? {};
  return {
    id: need(str(raw.id), 'id'),
    type: type(raw.type),
    status: status(raw.status),
    statusDetail: str(raw.status_detail),
    paymentId: str(raw.payment_id),
    requestDate: toIsoDate(raw.request_date),
    totalAmount: need(decimalFromUpstream(raw.total_amount), 'total_amount'),
    collector: { id: need(str(collector.id), 'collector.id'), name: str(collector.name) },
  };
}

function destination(value: unknown): DistributionDestination {
  const raw = obj(value) ?? {};
  const kind = str(raw.type)?.toUpperCase();
  if (kind !== 'CBU' && kind !== 'ALIAS') {
    throw new UpstreamContractError(`unknown destination type: ${JSON.stringify(raw.type)}`);
  }
  return { type: kind, value: str(raw.value) ?? '', cuit: str(raw.cuit), name: str(raw.name) };
}

/** `forced_success` {user, date}: who forced a detail to success; null when never forced. */
function forcedSuccess(value: unknown): { date: string; user: string | null } | null {
  const raw = obj(value);
  if (!raw) return null;
  return { date: need(toIsoDate(raw.date), 'forced date'), user: str(raw.user) };
}

export function mapDistributionDetail(
  raw: RawDistributionDetail,
  distributionId: string,
): DistributionDetailModel {
  return {
    id: need(str(raw.id), 'detail id'),
    distributionId: str(raw.distribution_id) ?? distributionId,
    status: status(raw.status),
    statusDetail: str(raw.status_detail),
    type: type(raw.type),
    amount: need(decimalFromUpstream(raw.amount), 'amount'),
    destination: destination(raw.destination),
    observations: str(raw.observations),
    lastUpdateDate: toIsoDate(raw.last_update_date),
    destinationChanges: arr(raw.destination_changes).map((change) => {
      const c = obj(change) ?? {};
      return {
        date: need(toIsoDate(c.date), 'change date'),
        user: str(c.user),
        previous: destination(c.previous),
        current: destination(c.current),
      };
    }),
    forcedSuccess: forcedSuccess(raw.forced_success),
  };
}
