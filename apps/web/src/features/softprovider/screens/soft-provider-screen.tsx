import { useCallback, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { rowActionsColumn } from '@/components/actions/row-actions-column';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { statusChipOf, statusColumn } from '@/components/detail/status-chip';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { ListPage } from '@/components/list-page/list-page';
import { downloadFile } from '@/lib/files';
import { formatDate } from '@/lib/format';
import { useListPage } from '@/lib/list/use-list-page';
import { useNotify } from '@/lib/notifications';
import { newIdempotencyKey } from '@/lib/use-idempotency-key';
import { useMutationOutcome } from '@/lib/use-mutation-outcome';
import {
  ApproveSoftProviderItemDocument,
  RegenerateSoftProviderItemDocument,
  RejectSoftProviderItemDocument,
  type SoftProviderActionKind,
  type SoftProviderRowFragment,
} from '../gql/graphql';
import {
  ROW_KINDS,
  SOFT_PROVIDER_ACTIONS,
  SOFT_PROVIDER_NOUN,
  SOFT_PROVIDER_STATUS_COLORS,
  SOFT_PROVIDER_STATUS_LABELS,
  softProviderQuery,
  SOFT_PROVIDER_FILE_NOTE,
} from '../soft-provider-labels';
import { SoftProviderFiltersForm } from '../soft-provider-filters-form';

const SoftProviderStatusChip = statusChipOf(SOFT_PROVIDER_STATUS_LABELS, SOFT_PROVIDER_STATUS_COLORS);

/** Spec 001 §8: a failed download says only this. */
const DOWNLOAD_FAILED = 'No se pudo completar la acción';

/**
 * 'Aprobar' sends the report to the tax agency and 'Rechazar' discards it: each asks first (issue 28 item 11). The
 * service's rechazar takes no body (spec 001 §7), so no reason is asked: there is nowhere to record one.
 */
const CONFIRM: Record<
  'APPROVE' | 'REJECT',
  { title: string; label: string; message: (row: SoftProviderRowFragment) => string }
> = {
  APPROVE: {
    title: 'Aprobar reporte',
    label: 'Aprobar',
    message: (row) =>
      `El reporte ${row.id} (${row.format}) de ${row.collectorName ?? row.collectorId} se enviará al organismo. ¿Confirma aprobarlo?`,
  },
  REJECT: {
    title: 'Rechazar reporte',
    label: 'Rechazar',
    message: (row) =>
      `El reporte ${row.id} (${row.format}) de ${row.collectorName ?? row.collectorId} quedará rechazado (en error) y no se enviará; se puede regenerar. ¿Confirma rechazarlo?`,
  },
};

/** Reporte plano de integraciones (/soft-provider, spec 001 §2 "Software-provider report"). */
export default function SoftProviderScreen() {
  const page = useListPage(softProviderQuery);
  const { retry } = page;
  const feedback = useMutationOutcome();
  const notify = useNotify();
  const [approve] = useMutation(ApproveSoftProviderItemDocument);
  const [reject] = useMutation(RejectSoftProviderItemDocument);
  const [regenerate] = useMutation(RegenerateSoftProviderItemDocument);
  const [confirming, setConfirming] = useState<{
    kind: 'APPROVE' | 'REJECT';
    row: SoftProviderRowFragment;
    key: string;
  } | null>(null);

  const run = useCallback(
    async (kind: SoftProviderActionKind, row: SoftProviderRowFragment) => {
      if (kind === 'DOWNLOAD') {
        try {
          const saved = await downloadFile(
            `/soft-provider/${encodeURIComponent(row.collectorId)}/${encodeURIComponent(row.id)}`,
          );
          notify.success(`Descarga completa: ${saved.fileName}`);
        } catch {
          notify.error(DOWNLOAD_FAILED);
        }
        return;
      }
      if (kind === 'APPROVE' || kind === 'REJECT') {
        setConfirming({ kind, row, key: newIdempotencyKey() });
        return;
      }
      const variables = { collectorId: row.collectorId, id: row.id, idempotencyKey: newIdempotencyKey() };
      try {
        const payload = (await regenerate({ variables })).data?.regenerateSoftProviderItem;
        feedback.announce(payload, {
          success: payload?.message ?? '',
          onSuccess: retry,
          onUnknown: retry,
        });
      } catch (failure) {
        feedback.announceError(failure);
      }
    },
    [regenerate, feedback, notify, retry],
  );
  const confirm = async () => {
    if (!confirming) return;
    const { kind, row, key } = confirming;
    const variables = { collectorId: row.collectorId, id: row.id, idempotencyKey: key };
    const payload =
      kind === 'APPROVE'
        ? (await approve({ variables })).data?.approveSoftProviderItem
        : (await reject({ variables })).data?.rejectSoftProviderItem;
    return feedback.settle(payload, {
      success: payload?.message ?? '',
      onSuccess: () => {
        setConfirming(null);
        retry();
      },
      onUnknown: retry,
    });
  };

  const columns: DataTableColumn<SoftProviderRowFragment>[] = [
    { field: 'id', headerName: 'ID', width: 90 },
    { field: 'format', headerName: 'FORMATO', width: 110 },
    {
      field: 'entity',
      headerName: 'ENTIDAD',
      flex: 1,
      minWidth: 200,
      render: (row) => (row.collectorName ? `${row.collectorName} (${row.collectorId})` : row.collectorId),
    },
    statusColumn((row) => <SoftProviderStatusChip status={row.status} />, { width: 130, sortable: false }),
    { field: 'startDate', headerName: 'DESDE', width: 120, render: (row) => formatDate(row.startDate) },
    { field: 'endDate', headerName: 'HASTA', width: 120, render: (row) => formatDate(row.endDate) },
    rowActionsColumn({
      kinds: ROW_KINDS,
      registry: SOFT_PROVIDER_ACTIONS,
      label: (row) => `Acciones del reporte ${row.id}`,
      onAction: (kind, row) => void run(kind, row),
      width: 100,
    }),
  ];
  return (
    <>
      {confirming && (
        <ConfirmDialog
          title={CONFIRM[confirming.kind].title}
          message={CONFIRM[confirming.kind].message(confirming.row)}
          confirmLabel={CONFIRM[confirming.kind].label}
          confirmColor={confirming.kind === 'REJECT' ? 'error' : 'primary'}
          onConfirm={confirm}
          onClose={() => setConfirming(null)}
          testId="soft-provider-confirm-dialog"
        />
      )}
      <ListPage
        page={page}
        title="Reporte plano de integraciones"
        subtitle={SOFT_PROVIDER_FILE_NOTE}
        filters={<SoftProviderFiltersForm key={page.filtersKey} {...page.filterForm} />}
        noun={SOFT_PROVIDER_NOUN}
        totalTestId="soft-provider-total"
        table={{ ariaLabel: 'Reportes de integraciones', columns, unsorted: true }}
      />
    </>
  );
}
