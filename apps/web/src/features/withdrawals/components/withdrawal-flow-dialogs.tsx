import type { ActionDialogTexts } from '../../../components/actions/action-registry';
import type { BulkColumn } from '../../../components/dialogs/bulk-confirm-dialog';
import type { BulkResultLike } from '../../../components/dialogs/bulk-progress';
import { BulkFlowDialogs } from '../../../components/dialogs/bulk-flow-dialogs';
import type { AreaFlowDialogsProps } from '../../../components/dialogs/flow-inputs';
import { formatAmount, formatDateTime } from '../../../lib/format';
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

/** How a withdrawal reads in the progress dialog, after its id. */
const progressLabel = (row: WithdrawRowFragment | WithdrawalRowFragment) =>
  [row.collectorName, formatAmount(row.amount)].filter(Boolean).join(' · ');
const idOf = (row: WithdrawRowFragment | WithdrawalRowFragment) => row.id;

const WITHDRAW_COLUMNS: readonly BulkColumn<WithdrawRowFragment>[] = [
  { header: 'ID', render: (row) => row.id, strong: true },
  { header: 'ENTIDAD', render: (row) => row.collectorName ?? row.collectorId },
  { header: 'FECHA DE SOLICITUD', render: (row) => formatDateTime(row.requestDate) },
  { header: 'MONTO', render: (row) => formatAmount(row.amount), align: 'right' },
  { header: 'ESTADO', render: (row) => <WithdrawalStatusChip status={row.status} /> },
];

const WITHDRAWAL_COLUMNS: readonly BulkColumn<WithdrawalRowFragment>[] = [
  { header: 'ID', render: (row) => row.id, strong: true },
  { header: 'ENTIDAD', render: (row) => row.collectorName ?? row.collectorId },
  { header: 'CBU', render: (row) => row.destinationAccount ?? '—' },
  { header: 'MONTO', render: (row) => formatAmount(row.amount), align: 'right' },
  { header: 'ESTADO', render: (row) => <WithdrawalStatusChip status={row.status} /> },
];

type WithdrawalRow = WithdrawRowFragment | WithdrawalRowFragment;

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
