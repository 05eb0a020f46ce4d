import { useMemo, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { dataTableClasses } from '@/components/data-table/data-table';
import { statusColumn } from '@/components/detail/status-chip';
import { FilterSelect } from '@/components/layout/filter-select';
import { FiltersBar } from '@/components/layout/filters-form';
import { ListPage } from '@/components/list-page/list-page';
import { formatAmount, formatDateTime } from '@/lib/format';
import { useListPage } from '@/lib/list/use-list-page';
import { hasAny, usePermissions } from '@/lib/permissions';
import {
  actionLabel,
  ageText,
  APPROVAL_NOUN,
  APPROVAL_STATUS_LABELS,
  approvalsQuery,
} from '../approvals-list';
import { ApprovalDetailDialog, ApprovalStatusChip } from '../components/approval-detail-dialog';
import { RequestNumberSearch } from '../components/request-number-search';
import { ApprovalRequestDocument, type ApprovalRequestRowFragment } from '../gql/graphql';
import { useRequestAddress } from '../request-address';
import { ApprovalPoliciesSection } from '../policies/approval-policies-section';

/**
 * The queue's columns: what, on which records, how much, who asked, how long ago, until when, where it stands; all
 * shown at 1280×800 with the menu open (e2e/approvals.test.ts measures it).
 */
function approvalColumns(open: (id: string) => void): DataTableColumn<ApprovalRequestRowFragment>[] {
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
          onClick={() => open(row.id)}
          aria-label={`Ver solicitud ${row.id}`}
        >
          Ver
        </Button>
      ),
    },
  ];
}

/**
 * The request open over the list: as the list now reads it, else as the gateway answers it by its number (an address
 * pasted or reloaded, a request of another status), else as it was last shown (decided meanwhile: the dialog keeps
 * the gateway's answer in view while the list reads again). `missing`: no such request, or not the operator's.
 */
function useOpenedRequest(id: string | null, rows: readonly ApprovalRequestRowFragment[]) {
  const listed = id ? rows.find((row) => row.id === id) : undefined;
  const { data } = useQuery(ApprovalRequestDocument, {
    variables: { id: id ?? '' },
    skip: !id || listed !== undefined,
  });
  const found = listed ?? data?.approvalRequest ?? null;
  const [last, setLast] = useState(found);
  if (found && found !== last) setLast(found);
  const request = found ?? (last && last.id === id ? last : null);
  const missing = Boolean(id) && !listed && data !== undefined && data.approvalRequest === null;
  return { request, missing };
}

/**
 * Aprobaciones (/aprobaciones, four eyes on money): the money moves an approval policy held, 'Pendiente' first; a
 * request opens its detail at its own address (`?solicitud=N`), where an operator who may decide it approves or
 * rejects it.
 */
export default function ApprovalsScreen() {
  const page = useListPage(approvalsQuery);
  const { list, filters, retry } = page;
  const address = useRequestAddress();
  const { open, close } = address;
  const columns = useMemo(() => approvalColumns(open), [open]);
  const { request, missing } = useOpenedRequest(address.id, page.rows);
  // Those who change the approval rules (admins): 'Políticas' below the queue, where their proposals then wait.
  const admin = hasAny(usePermissions(), ['APPROVAL_POLICY_UPDATE']);
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
          <RequestNumberSearch onFound={(found) => open(found.id)} />
        </FiltersBar>
      }
      beforeList={
        missing ? (
          <Alert
            severity="warning"
            sx={{ mb: 2 }}
            data-testid="approval-missing"
            action={
              <Button color="inherit" size="small" onClick={close}>
                Cerrar
              </Button>
            }
          >
            No se encontró la solicitud N.º {address.id}, o no puede verla.
          </Alert>
        ) : null
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
      {request ? (
        <ApprovalDetailDialog
          key={address.openingKey}
          request={request}
          decision={address.decision}
          returnFocusTo={address.returnFocusTo()}
          onClose={close}
          onDecided={retry}
        />
      ) : null}
      {admin ? <ApprovalPoliciesSection onProposed={retry} /> : null}
    </ListPage>
  );
}
