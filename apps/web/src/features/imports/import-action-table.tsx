import CancelOutlined from '@mui/icons-material/CancelOutlined';
import PlaylistAddCheckOutlined from '@mui/icons-material/PlaylistAddCheckOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { detailActionKit } from '@/components/actions/declared-dialogs';
import { registryOf, type DetailActionTable } from '@/components/actions/detail-actions';
import { formatAmount } from '@/lib/format';
import { countPhrase } from '@backoffice/validators';
import {
  CancelImportDocument,
  ConfirmImportDocument,
  type ImportActionKind,
  type ImportSummaryFragment,
} from './gql/graphql';
import { IMPORTS_MESSAGES } from './import-labels';

/** What the import's screens give its actions: where a cancelled import goes (the conversion opens its detail). */
export interface ImportActionContext {
  onCancelled?(doc: ImportSummaryFragment): void;
}

const kit = detailActionKit<ImportSummaryFragment, ImportActionContext>();

/** 'Se emitirán 3 pagos por $ 1.234,56': what confirming issues, and for how much. */
export const issuedPhrase = (doc: Pick<ImportSummaryFragment, 'pendingCount' | 'pendingAmount'>): string =>
  countPhrase(
    doc.pendingCount,
    `Se emitirá {n} pago por ${formatAmount(doc.pendingAmount)}.`,
    `Se emitirán {n} pagos por ${formatAmount(doc.pendingAmount)}.`,
  );

/**
 * The import toolbar's actions (spec 001 §2, §4): Confirmar (saying what it issues, how much and to which collector)
 * and Cancelar with a reason, as the gateway's actions allow, and Recargar.
 */
export const IMPORT_ACTION_TABLE: DetailActionTable<
  ImportActionKind,
  ImportSummaryFragment,
  ImportActionContext
> = {
  CONFIRM: kit.mutation({
    meta: { label: 'Confirmar', icon: PlaylistAddCheckOutlined, order: 1 },
    dialog: kit.confirmMovement(({ record }) => ({
      title: 'Confirmar importación',
      message: `${issuedPhrase(record)} ¿Desea confirmar la importación ${record.id}?`,
      testId: 'import-confirm-dialog',
      summaryTitle: 'Se emitirán',
      movement: {
        record: ['Importación', record.id],
        collector: record.collector?.name ?? record.collectorId,
        details: [{ label: 'Pagos', value: String(record.pendingCount) }],
        amount: record.pendingAmount,
      },
    })),
    mutation: ConfirmImportDocument,
    variables: (_sent, { record, idempotencyKey }) => ({ id: record.id, idempotencyKey }),
    payload: (data) => data.confirmImport,
    success: IMPORTS_MESSAGES.confirmed,
  }),
  CANCEL: kit.mutation({
    meta: { label: 'Cancelar', icon: CancelOutlined, order: 2, color: 'error' },
    dialog: kit.reason(({ record }) => ({
      title: 'Cancelar importación',
      description: `La importación ${record.id} no emitirá pagos.`,
      submitLabel: 'Cancelar importación',
      submitColor: 'error',
      testId: 'import-cancel-dialog',
    })),
    mutation: CancelImportDocument,
    variables: (reason, { record, idempotencyKey }) => ({ id: record.id, reason, idempotencyKey }),
    payload: (data) => data.cancelImport,
    success: IMPORTS_MESSAGES.cancelled,
    after: (_sent, payload, { context }) => {
      if (payload.paymentImport) context.onCancelled?.(payload.paymentImport);
    },
  }),
  RELOAD: kit.press({
    meta: { label: 'Recargar', icon: RefreshIcon, order: 3 },
    perform: ({ refetch }) => refetch().catch(() => undefined),
  }),
};

export const IMPORT_ACTIONS = registryOf(IMPORT_ACTION_TABLE);
