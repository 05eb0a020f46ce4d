import type { SoftProviderItem, SoftProviderStatus } from '../../generated/resolvers-types.js';
import { toIsoDate } from '../../shared/dates.js';
import { obj, str } from '../../shared/values.js';
import { UpstreamContractError } from '../../upstream/errors.js';
import type { RawSoftProviderItem } from './softprovider.datasource.js';

/** @mapper SoftProviderItem */
export type SoftProviderModel = Omit<SoftProviderItem, 'actions'>;

const STATUSES: Readonly<Record<string, SoftProviderStatus>> = {
  in_process: 'IN_PROCESS',
  error: 'ERROR',
  pending_approval: 'PENDING_APPROVAL',
  sent: 'SENT',
};

export function mapSoftProviderItem(raw: RawSoftProviderItem): SoftProviderModel {
  const status = STATUSES[str(raw.status)?.toLowerCase() ?? ''];
  const id = str(raw.id);
  const collectorId = str(raw.collector_id);
  const startDate = toIsoDate(raw.start_date);
  const endDate = toIsoDate(raw.end_date);
  if (!status || !id || !collectorId || !startDate || !endDate) {
    throw new UpstreamContractError(`softprovider: unreadable report ${String(raw.id)}`);
  }
  const metadata = obj(raw.metadata) ?? {};
  return {
    id,
    format: str(raw.soft_provider) ?? '',
    collectorId,
    collectorName: str(raw.collector_name),
    status,
    startDate,
    endDate,
    fileName: str(metadata.file_name),
    filePath: str(metadata.file_path),
    resultSend: str(metadata.result_send),
  };
}
