import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { dataTableClasses } from '@/components/data-table/data-table';
import { statusColumn } from '@/components/detail/status-chip';
import { FilterSelect } from '@/components/layout/filter-select';
import { FiltersBar } from '@/components/layout/filters-form';
import { ListPage } from '@/components/list-page/list-page';
import { formatAmount, formatDateTime } from '@/lib/format';
import { useListPage } from '@/lib/list/use-list-page';
import {
  actionLabel,
  ageText,
  APPROVAL_NOUN,
  APPROVAL_STATUS_LABELS,
  approvalsQuery,
} from '../approvals-list';
import { ApprovalDetailDialog, ApprovalStatusChip } from '../components/approval-detail-dialog';
import { RequestNumberSearch } from '../components/request-number-search';
import type { ApprovalRequestRowFragment } from '../gql/graphql';

/**
 * The queue's columns: what, on which records, how much, who asked, how long ago, until when, where it stands; all
 * shown at 1280×800 with the menu open (e2e/approvals.test.ts measures it).
 */
function approvalColumns(
  open: (row: ApprovalRequestRowFragment) => void,
): DataTableColumn<ApprovalRequestRowFragment>[] {
  return [
    { field: 'id', headerName: 'N.º', width: 80 },
    {
      field: 'action',
      headerName: 'ACCIÓN',
      flex: 1,
      minWidth: 120,
      render: (row) => actionLabel(row.action),
    },
    {
      field: 'targetIds',
      headerName: 'REGISTRO',
      width: 110,
      fullText: (row) => row.targetIds.join(', '),
      render: (row) => row.targetIds.join(', ') || '—',
    },
    {
      field: 'amount',
      headerName: 'IMPORTE',
      width: 120,
      align: 'right',
      render: (row) =>
        row.amount ? <span className={dataTableClasses.figures}>{formatAmount(row.amount)}</span> : '—',
    },
    { field: 'maker', headerName: 'PIDIÓ', width: 100 },
    { field: 'createdAt', headerName: 'ANTIGÜEDAD', width: 110, render: (row) => ageText(row.createdAt) },
    {
      field: 'expiresAt',
      headerName: 'VENCE',
      width: 100,
      lines: 2,
      render: (row) => formatDateTime(row.expiresAt),
    },
    statusColumn((row) => <ApprovalStatusChip status={row.status} />, { width: 110, sortable: false }),
    {
      field: 'actions',
      headerName: 'ACCIONES',
      width: 90,
      render: (row) => (
        <Button
          size="small"
          variant="outlined"
          onClick={() => open(row)}
          aria-label={`Ver solicitud ${row.id}`}
        >
          Ver
        </Button>
      ),
    },
  ];
}

/**
 * Aprobaciones (/aprobaciones, four eyes on money): the money moves an approval policy held, 'Pendiente' first; a
 * request opens its detail, where an operator who may decide it approves or rejects it.
 */
export default function ApprovalsScreen() {
  const page = useListPage(approvalsQuery);
  const { list, filters, retry } = page;
  const [opened, setOpened] = useState<ApprovalRequestRowFragment | null>(null);
  const columns = useMemo(() => approvalColumns(setOpened), []);
  // The request as the list now reads it (a decision reads the list again), or as it was opened once it left the
  // list (decided meanwhile: the dialog keeps the gateway's answer in view).
  const open = opened ? (page.rows.find((row) => row.id === opened.id) ?? opened) : null;
  return (
    <ListPage
      page={page}
      title="Aprobaciones"
      subtitle="Operaciones con dinero retenidas hasta que otro operador con el mismo permiso las apruebe."
      filters={
        <FiltersBar ariaLabel="Filtrar solicitudes" onClear={list.clear}>
          <FilterSelect
            label="Estado"
            value={filters.status}
            choices={APPROVAL_STATUS_LABELS}
            minWidth={160}
            testId="approval-status-filter"
            onChange={(status) => list.setFilters({ status })}
          />
          <RequestNumberSearch onFound={setOpened} />
        </FiltersBar>
      }
      errorTitle="No se pudieron cargar las solicitudes"
      noun={APPROVAL_NOUN}
      totalTestId="approvals-total"
      table={{
        ariaLabel: 'Solicitudes de aprobación',
        columns,
        emptyMessage: 'No hay solicitudes',
        unsorted: true,
      }}
    >
      {open ? (
        <ApprovalDetailDialog request={open} onClose={() => setOpened(null)} onDecided={retry} />
      ) : null}
    </ListPage>
  );
}
