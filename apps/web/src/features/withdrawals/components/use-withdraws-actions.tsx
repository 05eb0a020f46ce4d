import { useMemo } from 'react';
import { useFileDownload } from '@/components/files';
import { useRowActions } from '@/components/actions/detail-actions';
import type { WithdrawRowFragment } from '../gql/graphql';
import type { WithdrawMenuKind } from '../withdrawal-actions';
import { WithdrawsFlowDialogs, type WithdrawsBulk, type WithdrawsPage } from './flow-dialogs';
import { isWithdrawRowKind, WITHDRAW_ROW_TABLE, type WithdrawRowContext } from './withdrawal-row-actions';
import type { PanelBehaviour } from './withdrawal-list-panel';

type Row = WithdrawRowFragment;

/** Transferir and Rechazar over the selection (850 px confirmation, one result per item), the rows' downloads and
 * re-export: all declared in the row table (`WITHDRAW_ROW_TABLE`). */
export function useWithdrawsActions(
  page: WithdrawsPage,
  bulk: WithdrawsBulk,
): PanelBehaviour<Row, WithdrawMenuKind> {
  const files = useFileDownload();
  const context = useMemo<WithdrawRowContext>(() => ({ download: files.download }), [files.download]);
  const rows = useRowActions(WITHDRAW_ROW_TABLE, { context, refetch: page.refetch });

  return {
    onRowAction: (kind, row) => {
      if (isWithdrawRowKind(kind)) rows.run(kind, row);
    },
    dialogs: (
      <>
        <WithdrawsFlowDialogs {...bulk.dialogs} />
        {rows.dialog}
      </>
    ),
  };
}
