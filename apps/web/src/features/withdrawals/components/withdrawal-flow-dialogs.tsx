import type { ActionDialogTexts } from '@/components/actions/action-registry';
import type { BulkColumn } from '@/components/dialogs/bulk-confirm-dialog';
import type { BulkResultLike } from '@/components/dialogs/bulk-progress';
import { BulkFlowDialogs } from '@/components/dialogs/bulk-flow-dialogs';
import type { AreaFlowDialogsProps } from '@/components/dialogs/flow-inputs';
import { formatAmount, formatDateTime } from '@/lib/format';
import type {
  WithdrawalBulkResultFragment,
  WithdrawalRowFragment,
  WithdrawBulkResultFragment,
  WithdrawRowFragment,
} from '../gql/graphql';
import {
  WITHDRAW_ACTIONS,
  WITHDRAWAL_BULK_ACTIONS,
  WITHDRAWAL_NOUN,
  type WithdrawalBulkKind,
  type WithdrawBulkKind,
} from '../withdrawal-actions';
import { WithdrawalFlowInput } from './flow-input';
import { WithdrawalStatusChip } from './status-chip';

/** What the operator enters for a withdrawal action: a reason where the action asks for one. */
export type WithdrawalFlowValue = { reason?: string };

/** A row of either list: a withdraw to transfer or a withdrawal to authorize. */
type WithdrawalRow = WithdrawRowFragment | WithdrawalRowFragment;

/** How a withdrawal reads in the progress dialog, after its id. */
const progressLabel = (row: WithdrawalRow) =>
  [row.collectorName, formatAmount(row.amount)].filter(Boolean).join(' · ');
const idOf = (row: WithdrawalRow) => row.id;

/** The confirmation table's columns both lists show. */
const ID_COLUMN: BulkColumn<WithdrawalRow> = { header: 'ID', render: (row) => row.id, strong: true };
const COLLECTOR_COLUMN: BulkColumn<WithdrawalRow> = {
  header: 'ENTIDAD',
  render: (row) => row.collectorName ?? row.collectorId,
};
const AMOUNT_COLUMN: BulkColumn<WithdrawalRow> = {
  header: 'MONTO',
  render: (row) => formatAmount(row.amount),
  align: 'right',
};
const STATUS_COLUMN: BulkColumn<WithdrawalRow> = {
  header: 'ESTADO',
  render: (row) => <WithdrawalStatusChip status={row.status} />,
};

const WITHDRAW_COLUMNS: readonly BulkColumn<WithdrawRowFragment>[] = [
  ID_COLUMN,
  COLLECTOR_COLUMN,
  { header: 'FECHA DE SOLICITUD', render: (row) => formatDateTime(row.requestDate) },
  AMOUNT_COLUMN,
  STATUS_COLUMN,
];

const WITHDRAWAL_COLUMNS: readonly BulkColumn<WithdrawalRowFragment>[] = [
  ID_COLUMN,
  COLLECTOR_COLUMN,
  { header: 'CBU', render: (row) => row.destinationAccount ?? '—' },
  AMOUNT_COLUMN,
  STATUS_COLUMN,
];

/** The kit's flow with what both withdrawal lists share: noun, ids, progress label and the reason input. */
function WithdrawalFlow<K extends string, T extends WithdrawalRow, R extends BulkResultLike>(
  props: AreaFlowDialogsProps<K, T, WithdrawalFlowValue, R> & {
    texts(kind: K): ActionDialogTexts;
    columns: readonly BulkColumn<T>[];
  },
) {
  return (
    <BulkFlowDialogs
      {...props}
      noun={WITHDRAWAL_NOUN}
      getId={idOf}
      progressLabel={progressLabel}
      renderInput={(inputProps) => <WithdrawalFlowInput {...inputProps} />}
    />
  );
}

/** The withdraws to transfer (/retiros, WITHDRAW_SHOW): transfer, reject and re-export dialogs. */
export const WithdrawsFlowDialogs = (
  props: AreaFlowDialogsProps<
    WithdrawBulkKind,
    WithdrawRowFragment,
    WithdrawalFlowValue,
    WithdrawBulkResultFragment
  >,
) => (
  <WithdrawalFlow {...props} texts={(kind) => WITHDRAW_ACTIONS[kind].dialog!} columns={WITHDRAW_COLUMNS} />
);

/** The withdrawals to authorize: authorize and reject dialogs. */
export const WithdrawalsFlowDialogs = (
  props: AreaFlowDialogsProps<
    WithdrawalBulkKind,
    WithdrawalRowFragment,
    WithdrawalFlowValue,
    WithdrawalBulkResultFragment
  >,
) => (
  <WithdrawalFlow
    {...props}
    texts={(kind) => WITHDRAWAL_BULK_ACTIONS[kind].dialog!}
    columns={WITHDRAWAL_COLUMNS}
  />
);
