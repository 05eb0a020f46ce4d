import { useCallback, useMemo, useState } from 'react';
import { collectorIdColumn, collectorNameColumn } from '@/components/data-table/collector-columns';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { DownloadMenu } from '@/components/files';
import { ListPage } from '@/components/list-page/list-page';
import { formatAmount, formatDate, formatDateTime } from '@/lib/format';
import { useListPage } from '@/lib/list/use-list-page';
import { DistributionDetailDialog } from '../components/distribution-detail-dialog';
import { DistributionFiltersBar } from '../components/distribution-filters';
import {
  distributionsQuery,
  statisticsFilterOf,
  toDistributionFilter,
  type DistributionFilters,
} from '../distributions-list';
import {
  DistributionStatisticsDocument,
  type DistributionRowFragment,
  type DistributionStatus,
} from '../gql/graphql';
import { DISTRIBUTION_NOUN, HEADER_STATUS_LABELS, STATE_TABS, STATUS_COLORS } from '../labels';
import { StatCard } from '../components/stat-card';
import { statusChipOf, statusColumn } from '@/components/detail/status-chip';

const DistributionStatusChip = statusChipOf(HEADER_STATUS_LABELS, STATUS_COLORS);

/** The Report export: the same range, type and state as the list (spec 001 §7 "Exports"). */
function reportPath(format: string, f: DistributionFilters): string {
  const filter = toDistributionFilter(f);
  const query = new URLSearchParams({ desde: filter.from ?? '', hasta: filter.to ?? '' });
  query.set('tipo', f.type.toLowerCase());
  if (f.status) query.set('estado', f.status.toLowerCase());
  return `/distribuciones/reporte/${format}?${query.toString()}`;
}

/** Distribuciones (/distribucion, spec 001 §2): cards, type toggle, range, search, state tabs and the list. */
export default function DistributionsScreen() {
  const page = useListPage(distributionsQuery);
  const { list, filters, refetch } = page;
  const [open, setOpen] = useState<string | null>(null);
  // The cards count the list's type and range (not every date): a card's count is what its tab then lists
  // (docs/decisions.md, "Service-payment batches and distributions").
  const listFilter = toDistributionFilter(filters);
  const stats = useQuery(DistributionStatisticsDocument, {
    variables: { filter: statisticsFilterOf(listFilter) },
    fetchPolicy: 'cache-and-network',
  });
  const counted = `Del ${formatDate(listFilter.from)} al ${formatDate(listFilter.to)}`;
  const changed = useCallback(() => {
    void refetch();
    void stats.refetch();
  }, [refetch, stats]);
  const showStatus = (status: DistributionStatus) => list.setFilters({ status, search: '' });

  const columns = useMemo<DataTableColumn<DistributionRowFragment>[]>(
    () => [
      // At 1440 px with the menu open every column fits, the ID ENTIDAD searched by included (1110 of 1127 px).
      { field: 'id', headerName: 'ID', width: 100 },
      {
        field: 'paymentId',
        priority: 2,
        headerName: 'ID DE PAGO',
        width: 120,
        render: (r) => r.paymentId ?? '',
      },
      { field: 'requestDate', headerName: 'FECHA', width: 180, render: (r) => formatDateTime(r.requestDate) },
      // The collector's id is what 'Buscar por ID o Signature' searches: named as every list names it.
      collectorIdColumn((r) => r.collector.id, { field: 'signature', priority: 3, width: 110 }),
      collectorNameColumn((r) => r.collector.name, { field: 'entity', minWidth: 200 }),
      {
        field: 'totalAmount',
        headerName: 'IMPORTE',
        width: 140,
        align: 'right',
        render: (r) => formatAmount(r.totalAmount),
      },
      statusColumn((r) => <DistributionStatusChip status={r.status} />, { width: 130, sortable: false }),
      {
        field: 'actions',
        headerName: 'ACCIONES',
        width: 130,
        rowLink: false,
        // 'Modificar' only where something can be changed (the gateway's `modifiable`); else the detail opens
        // read-only and the button says so: 'Ver'.
        render: (r) => {
          const label = r.modifiable ? 'Modificar' : 'Ver';
          return (
            <Button
              size="small"
              variant="outlined"
              onClick={() => setOpen(r.id)}
              aria-label={`${label} ${r.id}`}
            >
              {label}
            </Button>
          );
        },
      },
    ],
    [],
  );
  const tab = Math.max(
    0,
    STATE_TABS.findIndex((t) => t.status === filters.status),
  );
  return (
    <ListPage
      page={page}
      title="Distribuciones"
      headerActions={
        <DownloadMenu
          label="Reporte"
          variant="outlined"
          choices={['CSV', 'JSON', 'XLSX'].map((label) => ({
            label,
            path: reportPath(label.toLowerCase(), filters),
          }))}
        />
      }
      filters={
        <>
          <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }}>
            <StatCard
              title="Pendientes de autorización"
              count={stats.data?.distributionStatistics?.authorizationPendingCount}
              onClick={() => showStatus('AUTHORIZATION_PENDING')}
              testId="card-pending"
              caption={counted}
            />
            <StatCard
              title="Distribuciones con error"
              count={stats.data?.distributionStatistics?.errorCount}
              onClick={() => showStatus('ERROR')}
              testId="card-error"
              caption={counted}
            />
          </Box>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              value={filters.type}
              // Each type opens on its own list, 'Todo': a state tab chosen on the other would carry over.
              onChange={(_event, type) => type && list.setFilters({ type, status: null })}
              aria-label="Tipo de distribución"
              sx={{ '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
            >
              <ToggleButton value="NO_SCHEDULED">Distribuciones</ToggleButton>
              <ToggleButton value="SCHEDULED">Distribuciones programadas</ToggleButton>
            </ToggleButtonGroup>
            <DistributionFiltersBar value={filters} onChange={list.setFilters} />
            <Button color="inherit" onClick={list.clear}>
              Limpiar filtros
            </Button>
          </Box>
          <Tabs
            value={tab}
            onChange={(_event, index: number) =>
              list.setFilters({ status: STATE_TABS[index]?.status ?? null })
            }
            aria-label="Estado"
            variant="scrollable"
            sx={{ mb: 1 }}
          >
            {STATE_TABS.map((t) => (
              <Tab key={t.label} label={t.label} />
            ))}
          </Tabs>
        </>
      }
      noun={DISTRIBUTION_NOUN}
      totalTestId="distributions-total"
      errorTitle="No se pudieron cargar las distribuciones"
      table={{ ariaLabel: 'Distribuciones', columns, emptyMessage: 'Nada por acá', unsorted: true }}
    >
      {open && <DistributionDetailDialog id={open} onClose={() => setOpen(null)} onChanged={changed} />}
    </ListPage>
  );
}
