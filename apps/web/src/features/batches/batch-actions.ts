import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import GridOnOutlined from '@mui/icons-material/GridOnOutlined';
import CodeOutlined from '@mui/icons-material/CodeOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import type { ActionMeta, ActionRegistry } from '@/components/actions/action-registry';
import type { ItemNoun } from '@/components/dialogs/item-noun';
import type { WithdrawalBatchActionKind } from './gql/graphql';
import { countPhrase } from '@backoffice/validators';

export const BATCH_NOUN: ItemNoun = { one: 'lote', many: 'lotes', gender: 'masculine' };

export const BATCH_SUCCESS = {
  reprocess: '¡Lote reprocesado con éxito!',
  reExport: '¡Re-exportación exitosa!',
} as const;

/** The multi-select actions of Lotes (spec 001 §2: 'Reprocesar' for rows in error). */
export const BULK_KINDS = ['REPROCESS'] as const;

/** The actions that go through the dialog flow (confirmation, then the mutation). */
export type BatchFlowKind = 'REPROCESS' | 'RE_EXPORT';

/** The row menu (ACCIONES), in order. */
export const ROW_KINDS: readonly WithdrawalBatchActionKind[] = [
  'DETAIL',
  'DOWNLOAD_XLSX',
  'DOWNLOAD_TXT',
  'DOWNLOAD_XML',
  'RE_EXPORT',
  'REPROCESS',
];

/** The downloads of a batch, in menu order: each one's file format (GET /files/lotes/{id}/{format}) and icon. */
const DOWNLOADS = {
  DOWNLOAD_XLSX: { format: 'xlsx', icon: GridOnOutlined },
  DOWNLOAD_TXT: { format: 'txt', icon: DescriptionOutlined },
  DOWNLOAD_XML: { format: 'xml', icon: CodeOutlined },
} as const;

type DownloadKind = keyof typeof DOWNLOADS;
const DOWNLOAD_KINDS = Object.keys(DOWNLOADS) as DownloadKind[];

/** The file format of each download action. */
export const DOWNLOAD_FORMATS: Partial<Record<WithdrawalBatchActionKind, 'xlsx' | 'txt' | 'xml'>> =
  Object.fromEntries(DOWNLOAD_KINDS.map((kind) => [kind, DOWNLOADS[kind].format]));

/** The download actions from `order` on, each named by its format ('Descargar XLSX'). */
function downloadActions(order: number): Record<DownloadKind, ActionMeta> {
  const entries = DOWNLOAD_KINDS.map((kind, index) => {
    const { format, icon } = DOWNLOADS[kind];
    const meta: ActionMeta = {
      label: `Descargar ${format.toUpperCase()}`,
      icon,
      placement: 'download',
      order: order + index,
    };
    return [kind, meta];
  });
  return Object.fromEntries(entries) as Record<DownloadKind, ActionMeta>;
}

export const batchFilePath = (id: string, format: string) => `/lotes/${encodeURIComponent(id)}/${format}`;

/** The batches area's one table of action labels, icons and dialog texts. Whether one is offered: the gateway. */
export const BATCH_ACTIONS: ActionRegistry<WithdrawalBatchActionKind> = {
  DETAIL: { label: 'Ver detalle', icon: VisibilityOutlined, placement: 'header', order: 1 },
  ...downloadActions(2),
  RE_EXPORT: {
    label: 'Re-exportar',
    icon: CloudUploadOutlined,
    placement: 'operation',
    order: 5,
    dialog: {
      title: 'Re-exportar lote',
      description: (id) => `Se enviará otra vez al banco el archivo del lote ${id}.`,
      submit: 'Re-exportar',
      bulkTitle: 'Re-exportar lotes',
      bulkConfirm: 'Confirme los lotes a re-exportar',
      bulkDescription: (count) =>
        countPhrase(count, 'Se re-exportará {n} lote.', 'Se re-exportarán {n} lotes.'),
      bulkSubmit: 'Re-exportar',
      success: BATCH_SUCCESS.reExport,
    },
  },
  REPROCESS: {
    label: 'Reprocesar',
    icon: ReplayOutlined,
    placement: 'operation',
    order: 6,
    color: 'warning',
    dialog: {
      title: 'Reprocesar lote',
      description: (id) => `El lote ${id} está en error: se volverá a procesar para su retiro.`,
      submit: 'Reprocesar',
      bulkTitle: 'Reprocesar lotes',
      bulkConfirm: 'Confirme los lotes en error a reprocesar',
      bulkDescription: (count) =>
        countPhrase(count, 'Se reprocesará {n} lote.', 'Se reprocesarán {n} lotes.'),
      bulkSubmit: 'Reprocesar',
      success: BATCH_SUCCESS.reprocess,
    },
  },
};
