import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import GridOnOutlined from '@mui/icons-material/GridOnOutlined';
import CodeOutlined from '@mui/icons-material/CodeOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import type { ActionRegistry } from '../../components/actions/action-registry';
import type { ItemNoun } from '../../components/dialogs/item-noun';
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

/** The file format of each download action (GET /files/lotes/{id}/{format}). */
export const DOWNLOAD_FORMATS: Partial<Record<WithdrawalBatchActionKind, 'xlsx' | 'txt' | 'xml'>> = {
  DOWNLOAD_XLSX: 'xlsx',
  DOWNLOAD_TXT: 'txt',
  DOWNLOAD_XML: 'xml',
};

export const batchFilePath = (id: string, format: string) => `/lotes/${encodeURIComponent(id)}/${format}`;

/** The batches area's one table of action labels, icons and dialog texts. Whether one is offered: the gateway. */
export const BATCH_ACTIONS: ActionRegistry<WithdrawalBatchActionKind> = {
  DETAIL: { label: 'Ver detalle', icon: VisibilityOutlined, placement: 'header', order: 1 },
  DOWNLOAD_XLSX: { label: 'Descargar XLSX', icon: GridOnOutlined, placement: 'download', order: 2 },
  DOWNLOAD_TXT: { label: 'Descargar TXT', icon: DescriptionOutlined, placement: 'download', order: 3 },
  DOWNLOAD_XML: { label: 'Descargar XML', icon: CodeOutlined, placement: 'download', order: 4 },
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
