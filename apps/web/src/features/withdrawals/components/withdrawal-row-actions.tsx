import { detailActionKit } from '@/components/actions/declared-dialogs';
import type { DetailActionTable } from '@/components/actions/detail-actions';
import type { OutcomePayloadLike } from '@/lib/mutation-outcome';
import {
  AuthorizeWithdrawalDocument,
  BulkAuthorizeWithdrawalsDocument,
  BulkRejectWithdrawalsDocument,
  ReExportWithdrawDocument,
  RejectWithdrawalDocument,
  RejectWithdrawsDocument,
  TransferWithdrawsDocument,
  type WithdrawalActionKind,
  type WithdrawalRowFragment,
  type WithdrawRowFragment,
} from '../gql/graphql';
import { WITHDRAWALS_MESSAGES } from '../labels';
import {
  FILE_FORMAT_OF,
  WITHDRAW_ACTIONS,
  WITHDRAW_ROW_KINDS,
  WITHDRAWAL_ACTIONS,
  type WithdrawBulkKind,
  type WithdrawFileKind,
} from '../withdrawal-actions';
import type { ResultNotice } from './result-dialog';
import { WithdrawalDetailDialog } from './withdrawal-detail-dialog';
import type { WithdrawalFlowValue } from './withdrawal-flow-dialogs';

type Withdrawal = WithdrawalRowFragment;

/** What the authorization list and the history give their rows' actions. */
export interface WithdrawalRowContext {
  /** The withdrawal's new status in the cached lists (it leaves the lists it no longer matches). */
  applied(withdrawal: Pick<Withdrawal, 'id' | 'status'> | null | undefined): void;
  /** The spec's result dialogs (001 §8): 'Retiro Aprobado', 'Ups! Ocurrió un error'. */
  showNotice(notice: ResultNotice): void;
}

/** A refusal closes the input dialog and says the service's words in 'Ups! Ocurrió un error' (spec 001 §8). */
const refusedInNotice = (
  payload: OutcomePayloadLike,
  _sent: unknown,
  run: { context: WithdrawalRowContext; close(): void },
) => {
  run.close();
  run.context.showNotice({
    severity: 'error',
    title: WITHDRAWALS_MESSAGES.errorTitle,
    message: payload.error?.message ?? '',
  });
  return null;
};

const kit = detailActionKit<Withdrawal, WithdrawalRowContext>();
const { AUTHORIZE, REJECT, DETAIL } = WITHDRAWAL_ACTIONS;

/**
 * A withdrawal's row menu (spec 001 §2 "Withdrawal authorization list", "Withdrawal history"), and the authorization
 * list's selection: authorize and reject (`bulk`, run by the list's bulk flow).
 */
export const WITHDRAWAL_ROW_TABLE: DetailActionTable<WithdrawalActionKind, Withdrawal, WithdrawalRowContext> =
  {
    AUTHORIZE: kit.mutation({
      meta: AUTHORIZE,
      // It moves money: the dialog says which withdrawal, whose, how much and to which account, as the
      // selection's confirmation lists them.
      dialog: kit.confirmMovementOf(AUTHORIZE, ({ record }) => ({
        testId: 'authorize-withdrawal-dialog',
        summaryTitle: 'Se autorizará',
        movement: {
          record: ['Retiro', record.id],
          collector: record.collectorName ?? record.collectorId,
          amount: record.amount,
          account: ['CBU de destino', record.destinationAccount],
        },
      })),
      mutation: AuthorizeWithdrawalDocument,
      variables: (_sent, { record, idempotencyKey }) => ({ id: record.id, idempotencyKey }),
      payload: (data) => data.authorizeWithdrawal,
      // Said in 'Retiro Aprobado' with its 'Ok', not a toast.
      success: () => null,
      bulk: kit.bulk({
        mutation: BulkAuthorizeWithdrawalsDocument,
        variables: (_value: unknown, { ids }: { ids: string[] }) => ({ ids }),
        results: (data) => data.bulkAuthorizeWithdrawals,
      }),
      after: (_sent, payload, { record, context }) => {
        context.applied(payload.withdrawal);
        context.showNotice({
          severity: 'success',
          title: WITHDRAWALS_MESSAGES.approvedOne,
          message: `Retiro ${record.id} autorizado.`,
        });
      },
      refused: refusedInNotice,
    }),
    REJECT: kit.mutation({
      meta: REJECT,
      dialog: kit.reasonOf(REJECT, { submitColor: 'error', label: WITHDRAWALS_MESSAGES.rejectReason }),
      mutation: RejectWithdrawalDocument,
      variables: (reason: string, { record, idempotencyKey }) => ({ id: record.id, reason, idempotencyKey }),
      payload: (data) => data.rejectWithdrawal,
      success: (payload) => ({ text: payload.message ?? WITHDRAWALS_MESSAGES.rejected }),
      after: (_sent, payload, { context }) => context.applied(payload.withdrawal),
      refused: refusedInNotice,
      bulk: kit.bulk({
        mutation: BulkRejectWithdrawalsDocument,
        variables: (value: WithdrawalFlowValue, { ids }: { ids: string[] }) => ({
          ids,
          reason: value.reason ?? '',
        }),
        results: (data) => data.bulkRejectWithdrawals,
      }),
    }),
    DETAIL: kit.view({
      meta: DETAIL,
      view: ({ record, close }) => <WithdrawalDetailDialog id={record.id} onClose={close} />,
    }),
  };

/** What the transfer list gives its rows' actions. */
export interface WithdrawRowContext {
  download(path: string): Promise<unknown>;
}

export type WithdrawRowKind = WithdrawFileKind | 'RE_EXPORT';

const withdraw = detailActionKit<WithdrawRowFragment, WithdrawRowContext>();

/** A download format of the withdraw, pressed in its row menu. */
const download = (kind: WithdrawFileKind) =>
  withdraw.press({
    meta: WITHDRAW_ACTIONS[kind],
    perform: ({ record, context }) =>
      void context.download(`/retiros/${encodeURIComponent(record.id)}/${FILE_FORMAT_OF[kind]}`),
  });

/** Rechazar on the transfer list's selection: the reason its dialog asked. */
const rejectWithdraws = withdraw.bulk({
  mutation: RejectWithdrawsDocument,
  variables: (value: WithdrawalFlowValue, { ids }: { ids: string[] }) => ({
    ids,
    reason: value.reason ?? '',
  }),
  results: (data) => data.rejectWithdraws,
});

/**
 * A withdraw's row menu on the transfer list (spec 001 §2 "Withdrawals to transfer"): downloads, re-export (the
 * press sends it; pressed again after an unknown answer, the same request); and the selection's Transferir and
 * Rechazar (run by the list's bulk flow).
 */
export const WITHDRAW_ROW_TABLE: DetailActionTable<
  WithdrawRowKind | WithdrawBulkKind,
  WithdrawRowFragment,
  WithdrawRowContext
> = {
  DOWNLOAD_XLSX: download('DOWNLOAD_XLSX'),
  DOWNLOAD_TXT: download('DOWNLOAD_TXT'),
  DOWNLOAD_XML: download('DOWNLOAD_XML'),
  RE_EXPORT: withdraw.send({
    meta: WITHDRAW_ACTIONS.RE_EXPORT,
    mutation: ReExportWithdrawDocument,
    variables: ({ record }) => ({ id: record.id }),
    payload: (data) => data.reExportWithdraw,
    success: WITHDRAWALS_MESSAGES.reExported,
  }),
  TRANSFER: withdraw.selectionOnly({
    meta: WITHDRAW_ACTIONS.TRANSFER,
    bulk: withdraw.bulk({
      mutation: TransferWithdrawsDocument,
      variables: (_value: unknown, { ids }: { ids: string[] }) => ({ ids }),
      results: (data) => data.transferWithdraws,
    }),
  }),
  REJECT: withdraw.selectionOnly({ meta: WITHDRAW_ACTIONS.REJECT, bulk: rejectWithdraws }),
};

/** Whether a row menu's kind is one of the transfer list's row actions (the others act on a selection). */
export const isWithdrawRowKind = (kind: string): kind is WithdrawRowKind =>
  (WITHDRAW_ROW_KINDS as readonly string[]).includes(kind);
