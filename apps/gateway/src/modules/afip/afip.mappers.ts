import type { FileStructure, Presentation, PresentationStatus } from '../../generated/resolvers-types.js';
import { toIsoDate } from '../../shared/dates.js';
import { obj, str } from '../../shared/values.js';
import { UpstreamContractError } from '../../upstream/errors.js';
import type { RawPresentation } from './afip.datasource.js';

/** @mapper Presentation */
export type PresentationModel = Omit<Presentation, 'actions'>;

const STATUSES: Readonly<Record<string, PresentationStatus>> = {
  created: 'CREATED',
  delivered: 'DELIVERED',
  reprocess: 'REPROCESS',
};

/** 6 characters plus '..' when longer than 10 (spec 001 §9); shorter ids as they are. */
export function shortTransactionId(id: string | null): string | null {
  if (id === null) return null;
  return id.length > 10 ? `${id.slice(0, 6)}..` : id;
}

const required = (value: string | null, field: string): string => {
  if (value === null) throw new UpstreamContractError(`afip: presentation without ${field}`);
  return value;
};

export function mapPresentation(raw: RawPresentation): PresentationModel {
  const status = STATUSES[str(raw.status)?.toLowerCase() ?? ''];
  if (!status) throw new UpstreamContractError(`afip: unknown presentation status ${String(raw.status)}`);
  const structure = obj(raw.file_structure) ?? {};
  const transaction = str(raw.afip_transaction_id);
  return {
    id: required(str(raw.id), 'id'),
    afipTransactionId: transaction,
    afipTransactionShort: shortTransactionId(transaction),
    period: required(str(raw.period), 'period'),
    status,
    statusDetail: str(raw.status_detail),
    createdBy: str(raw.created_by),
    createdDate: required(toIsoDate(raw.created_date), 'created_date'),
    fileStructure: {
      id: str(structure.id),
      formName: str(structure.form_name) ?? '',
      version: str(structure.version) ?? '',
    },
    fileName: str(raw.file_name) ?? '',
    deliveryDate: toIsoDate(raw.delivery_date),
    reprocessDate: toIsoDate(raw.reprocess_date),
    reprocessBy: str(raw.reprocess_by),
    reprocessDetail: str(raw.reprocess_detail),
  };
}

export function mapFileStructure(raw: unknown): FileStructure | null {
  const item = obj(raw);
  const id = str(item?.id);
  const formName = str(item?.form_name);
  if (!item || !id || !formName) return null;
  const version = str(item.version) ?? '';
  return {
    id,
    formName,
    version,
    label: `${formName} (${version})`,
    createdDate: toIsoDate(item.created_date),
    createdBy: str(item.created_by),
  };
}
