import { useMemo } from 'react';
import { detailActionKit } from '@/components/actions/declared-dialogs';
import { useRowActions, type DetailActionTable } from '@/components/actions/detail-actions';
import { rowActionsColumn } from '@/components/actions/row-actions-column';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { statusChipOf, statusColumn } from '@/components/detail/status-chip';
import { ListPage } from '@/components/list-page/list-page';
import { downloadFile } from '@/lib/files';
import { formatDate } from '@/lib/format';
import { useListPage } from '@/lib/list/use-list-page';
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

/** What the list gives a report's actions: the list read again after a write. */
interface SoftProviderRowContext {
  reload(): void;
}

const kit = detailActionKit<SoftProviderRowFragment, SoftProviderRowContext>();

/** A report's collector and id, and the dialog's idempotency key: what every write sends. */
const itemOf = ({ record, idempotencyKey }: { record: SoftProviderRowFragment; idempotencyKey: string }) => ({
  collectorId: record.collectorId,
  id: record.id,
  idempotencyKey,
});

const whose = (row: SoftProviderRowFragment) =>
  `El reporte ${row.id} (${row.format}) de ${row.collectorName ?? row.collectorId}`;

/**
 * A report's row menu (spec 001 §2 "Software-provider report"). 'Aprobar' sends the report to the tax agency and
 * 'Rechazar' discards it: each asks first. The service's rechazar takes no body (spec 001 §7), so
 * no reason is asked: there is nowhere to record one.
 */
const SOFT_PROVIDER_ROW_TABLE: DetailActionTable<
  SoftProviderActionKind,
  SoftProviderRowFragment,
  SoftProviderRowContext
> = {
  APPROVE: kit.mutation({
    meta: SOFT_PROVIDER_ACTIONS.APPROVE,
    dialog: kit.confirm(({ record }) => ({
      title: 'Aprobar reporte',
      message: `${whose(record)} se enviará al organismo. ¿Confirma aprobarlo?`,
      confirmLabel: 'Aprobar',
      testId: 'soft-provider-confirm-dialog',
    })),
    mutation: ApproveSoftProviderItemDocument,
    variables: (_sent, run) => itemOf(run),
    payload: (data) => data.approveSoftProviderItem,
    success: (payload) => ({ text: payload.message ?? '' }),
    after: (_sent, _payload, { context }) => context.reload(),
  }),
  REJECT: kit.mutation({
    meta: SOFT_PROVIDER_ACTIONS.REJECT,
    dialog: kit.confirm(({ record }) => ({
      title: 'Rechazar reporte',
      message: `${whose(record)} quedará rechazado (en error) y no se enviará; se puede regenerar. ¿Confirma rechazarlo?`,
      confirmLabel: 'Rechazar',
      confirmColor: 'error',
      testId: 'soft-provider-confirm-dialog',
    })),
    mutation: RejectSoftProviderItemDocument,
    variables: (_sent, run) => itemOf(run),
    payload: (data) => data.rejectSoftProviderItem,
    success: (payload) => ({ text: payload.message ?? '' }),
    after: (_sent, _payload, { context }) => context.reload(),
  }),
  // Regenerar asks nothing: the press sends it (the kit's key: a press again after an unknown answer is a retry).
  REGENERATE: kit.send({
    meta: SOFT_PROVIDER_ACTIONS.REGENERATE,
    mutation: RegenerateSoftProviderItemDocument,
    variables: ({ record }) => ({ collectorId: record.collectorId, id: record.id }),
    payload: (data) => data.regenerateSoftProviderItem,
    success: (payload) => payload.message ?? '',
    after: (_payload, { context }) => context.reload(),
    onUnknown: ({ context }) => context.reload(),
  }),
  DOWNLOAD: kit.press({
    meta: SOFT_PROVIDER_ACTIONS.DOWNLOAD,
    perform: ({ record, notify }) =>
      downloadFile(
        `/soft-provider/${encodeURIComponent(record.collectorId)}/${encodeURIComponent(record.id)}`,
      ).then(
        (saved) => notify.success(`Descarga completa: ${saved.fileName}`),
        () => notify.error(DOWNLOAD_FAILED),
      ),
  }),
};

/** Reporte plano de integraciones (/soft-provider, spec 001 §2 "Software-provider report"). */
export default function SoftProviderScreen() {
  const page = useListPage(softProviderQuery);
  const { retry } = page;
  const context = useMemo(() => ({ reload: retry }), [retry]);
  const rows = useRowActions(SOFT_PROVIDER_ROW_TABLE, { context, refetch: page.refetch });

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
      onAction: rows.run,
      width: 100,
    }),
  ];
  return (
    <>
      {rows.dialog}
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
