import { useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { TokenText } from '@/components/data-table/cell-text';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { ListPage } from '@/components/list-page/list-page';
import { formatDateTime, formatShortDate } from '@/lib/format';
import { useListPage } from '@/lib/list/use-list-page';
import { useHasAny } from '@/lib/permissions';
import { CreatePresentationDialog } from '../create-presentation-dialog';
import type { PresentationRowFragment } from '../gql/graphql';
import { PRESENTATION_NOUN, presentationPeriod, presentationsQuery } from '../presentation-labels';
import { PresentationStatusChip } from '../presentation-status-chip';
import { PresentationsFiltersForm } from '../presentations-filters-form';
import { RowZipButton } from '../presentation-zip-button';
import { PRESENTATION_FILE_NOTE } from '../presentation-actions';
import { statusColumn } from '@/components/detail/status-chip';
import { recordHref } from '@/lib/record-href';

const COLUMNS: DataTableColumn<PresentationRowFragment>[] = [
  { field: 'id', headerName: 'ID', width: 52, sortable: true },
  {
    field: 'period',
    headerName: 'PERIODO',
    width: 88,
    sortable: true,
    render: (row) => presentationPeriod(row.period),
  },
  {
    field: 'formName',
    headerName: 'FORMULARIO',
    flex: 1.2,
    minWidth: 110,
    sortable: true,
    // Whole on as many lines as it needs, the row growing: at 1280 px the ten spec columns at their narrowest leave
    // it 118 px, and 'F8126 Cobranzas por cuenta de terceros' needs 151 px for two lines (cut, it read 'F8126
    // Cobranzas por…').
    lines: 'all',
    render: (row) => row.fileStructure.formName,
  },
  {
    field: 'version',
    // The spec's name ('VER.' read as "ver"); every column of the spec fits 1280 px with the menu open.
    headerName: 'VERSIÓN',
    width: 88,
    sortable: true,
    render: (row) => row.fileStructure.version,
  },
  {
    field: 'fileName',
    headerName: 'NOMBRE',
    flex: 1.2,
    // Room for 'F8126Cobranz_' / '2026-10_3001.txt' on two lines of a 48 px row (116 px of text and the padding).
    minWidth: 130,
    sortable: true,
    // Broken only after '_' (F8126Cobranz_ / 2026-10_3001.txt), never inside a token.
    render: (row) => <TokenText text={row.fileName} />,
  },
  {
    field: 'afipTransactionId',
    // The spec's name, on two lines.
    headerName: 'TRANSACCIÓN AFIP',
    width: 118,
    sortable: true,
    // The cut id ('AFIP-1..') with the whole one in a tooltip.
    render: (row) => row.afipTransactionShort ?? '—',
    fullText: (row) => row.afipTransactionId,
  },
  {
    field: 'createdDate',
    headerName: 'CREADA',
    // dd/mm/yyyy hh:mm:ss whole, seconds included, the time on a second line: every column of
    // the spec fits 1280 px with the menu open.
    width: 92,
    lines: 2,
    sortable: true,
    render: (row) => formatDateTime(row.createdDate),
  },
  {
    field: 'deliveryDate',
    headerName: 'ENTREGADA',
    width: 104,
    sortable: true,
    render: (row) => (row.deliveryDate ? formatShortDate(row.deliveryDate) : '—'),
  },
  statusColumn((row) => <PresentationStatusChip status={row.status} />, { width: 100 }),
  {
    field: 'actions',
    headerName: 'ACCIONES',
    width: 76,
    align: 'center',
    rowLink: false,
    render: (row) => <RowZipButton row={row} />,
  },
];

/**
 * Presentaciones AFIP (/afip, spec 001 §2 "Tax-authority presentations"). At /afip/generar (`creating`) the list
 * opens with the create dialog, and closing it leaves that address for /afip.
 */
export default function PresentationsScreen({ creating: openCreating = false }: { creating?: boolean }) {
  const page = useListPage(presentationsQuery);
  const canCreate = useHasAny(['AFIP_CREATE']);
  const navigate = useNavigate();
  // The operator's permissions may arrive after the first render: /afip/generar opens the dialog once they do.
  const [creating, setCreating] = useState(openCreating);
  const closeCreate = () => {
    setCreating(false);
    if (openCreating) void navigate('/afip', { replace: true });
  };
  return (
    <ListPage
      page={page}
      title="Presentaciones AFIP"
      subtitle={PRESENTATION_FILE_NOTE}
      headerActions={
        canCreate ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            Nueva presentación
          </Button>
        ) : undefined
      }
      filters={<PresentationsFiltersForm key={page.filtersKey} {...page.filterForm} />}
      noun={PRESENTATION_NOUN}
      totalTestId="presentations-total"
      table={{ columns: COLUMNS, getRowHref: (row) => recordHref('presentation', { id: row.id }) }}
    >
      {creating && canCreate && <CreatePresentationDialog onClose={closeCreate} />}
    </ListPage>
  );
}
