import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import HighlightOffOutlined from '@mui/icons-material/HighlightOffOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import type { ActionRegistry } from '@/components/actions/action-registry';
import type { ItemNoun } from '@/components/dialogs/item-noun';
import type { WithdrawActionKind, WithdrawalActionKind } from './gql/graphql';
import { WITHDRAWALS_MESSAGES } from './labels';
import { countPhrase } from '@backoffice/validators';

export const WITHDRAWAL_NOUN: ItemNoun = { one: 'retiro', many: 'retiros', gender: 'masculine' };

/** The download formats of a withdraw (spec 001 §2), each its own row-menu entry. */
export const WITHDRAW_FILE_KINDS = ['DOWNLOAD_XLSX', 'DOWNLOAD_TXT', 'DOWNLOAD_XML'] as const;
export type WithdrawFileKind = (typeof WITHDRAW_FILE_KINDS)[number];
export const FILE_FORMAT_OF: Readonly<Record<WithdrawFileKind, 'xlsx' | 'txt' | 'xml'>> = {
  DOWNLOAD_XLSX: 'xlsx',
  DOWNLOAD_TXT: 'txt',
  DOWNLOAD_XML: 'xml',
};

export type WithdrawMenuKind = WithdrawActionKind | WithdrawFileKind;
export const WITHDRAW_BULK_KINDS = ['TRANSFER', 'REJECT'] as const;
export type WithdrawBulkKind = (typeof WITHDRAW_BULK_KINDS)[number];
export const WITHDRAW_ROW_KINDS: readonly WithdrawMenuKind[] = [...WITHDRAW_FILE_KINDS, 'RE_EXPORT'];

/** Rejecting, the same on both lists but for its place, the bulk dialog's title and the answer's text. */
function rejectAction(order: number, bulkTitle: string, success: string): ActionRegistry<'REJECT'>['REJECT'] {
  return {
    label: 'Rechazar',
    icon: HighlightOffOutlined,
    order,
    color: 'error',
    dialog: {
      title: 'Rechazar retiro',
      description: (id) => `Se rechazará el retiro ${id}.`,
      submit: 'Rechazar',
      bulkTitle,
      bulkConfirm: 'Confirme los retiros a rechazar',
      bulkDescription: (n) =>
        countPhrase(
          n,
          'Se rechazará {n} retiro con este motivo.',
          'Se rechazarán {n} retiros con este motivo.',
        ),
      bulkSubmit: 'Rechazar',
      success,
    },
  };
}

/** The transfer list's actions (spec 001 §2 "Withdrawals to transfer"). */
export const WITHDRAW_ACTIONS: ActionRegistry<WithdrawMenuKind> = {
  TRANSFER: {
    label: 'Transferir',
    icon: SendOutlined,
    order: 1,
    dialog: {
      title: 'Transferir retiro',
      description: (id) => `Se transferirá el retiro ${id} a la cuenta de destino.`,
      submit: 'Transferir',
      bulkTitle: 'Transferir retiros',
      bulkConfirm: 'Confirme los retiros a transferir',
      bulkDescription: (n) => countPhrase(n, 'Se transferirá {n} retiro.', 'Se transferirán {n} retiros.'),
      bulkSubmit: 'Transferir',
      success: WITHDRAWALS_MESSAGES.transferred,
    },
  },
  REJECT: rejectAction(2, 'Rechazar retiros', WITHDRAWALS_MESSAGES.rejected),
  DOWNLOAD: { label: 'Descargar', icon: FileDownloadOutlined, order: 3 },
  DOWNLOAD_XLSX: { label: 'Descargar XLSX', icon: FileDownloadOutlined, order: 3 },
  DOWNLOAD_TXT: { label: 'Descargar TXT', icon: FileDownloadOutlined, order: 4 },
  DOWNLOAD_XML: { label: 'Descargar XML', icon: FileDownloadOutlined, order: 5 },
  RE_EXPORT: { label: 'Re-exportar', icon: CloudUploadOutlined, order: 6 },
};

export const WITHDRAWAL_BULK_KINDS = ['REJECT', 'AUTHORIZE'] as const;
export type WithdrawalBulkKind = (typeof WITHDRAWAL_BULK_KINDS)[number];
export const WITHDRAWAL_ROW_KINDS: readonly WithdrawalActionKind[] = ['AUTHORIZE', 'REJECT', 'DETAIL'];

/** The authorization list's and the history's actions (spec 001 §2). */
export const WITHDRAWAL_ACTIONS: ActionRegistry<WithdrawalActionKind> = {
  AUTHORIZE: {
    label: 'Autorizar',
    icon: CheckCircleOutlined,
    order: 2,
    dialog: {
      title: 'Autorizar retiro',
      description: () => 'Estas autorizando 1 retiro',
      submit: 'Autorizar',
      bulkTitle: 'Autorizar selección',
      bulkConfirm: 'Confirme los retiros a autorizar',
      bulkDescription: (n) => countPhrase(n, 'Estas autorizando {n} retiro', 'Estas autorizando {n} retiros'),
      bulkSubmit: 'Autorizar',
      success: WITHDRAWALS_MESSAGES.approvedMany,
    },
  },
  REJECT: rejectAction(1, 'Rechazar selección', WITHDRAWALS_MESSAGES.rejectedMany),
  DETAIL: { label: 'Ver detalle', icon: VisibilityOutlined, order: 3 },
};

/** The bulk bar's labels of the authorization list ('Rechazar selección', 'Autorizar selección'). */
export const WITHDRAWAL_BULK_ACTIONS: ActionRegistry<WithdrawalActionKind> = {
  ...WITHDRAWAL_ACTIONS,
  AUTHORIZE: { ...WITHDRAWAL_ACTIONS.AUTHORIZE, label: 'Autorizar selección' },
  REJECT: { ...WITHDRAWAL_ACTIONS.REJECT, label: 'Rechazar selección' },
};
