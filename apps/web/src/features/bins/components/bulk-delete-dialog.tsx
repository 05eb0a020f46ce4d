import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SimpleTable, type SimpleColumn } from '@/components/data-table/simple-table';
import {
  MULTI_DIALOG_WIDTH,
  ActionDialog,
  useDialogSubmit,
  type SubmitOutcome,
} from '@/components/dialogs/action-dialog';
import type { CardBinRowFragment } from '../gql/graphql';

const COLUMNS: readonly SimpleColumn<CardBinRowFragment>[] = [
  { header: 'BIN', cell: (bin) => bin.id },
  { header: 'Marca', cell: (bin) => bin.brand.description },
  { header: 'Tipo', cell: (bin) => bin.type.description },
  { header: 'Organización', cell: (bin) => bin.issuer?.description },
];

/** Bulk 'Eliminar' (850 px, spec 001 §9): the selected BINs, then one delete of all of them. */
export function BulkDeleteDialog({
  bins,
  onClose,
  onConfirm,
}: {
  bins: CardBinRowFragment[];
  onClose(): void;
  onConfirm(): Promise<SubmitOutcome>;
}) {
  const { submit, submitting, feedback } = useDialogSubmit(onConfirm);
  return (
    <ActionDialog
      title="Eliminar BINs"
      width={MULTI_DIALOG_WIDTH}
      onClose={onClose}
      submitLabel="Eliminar"
      submitColor="error"
      submitting={submitting}
      onSubmit={() => void submit(undefined)}
      feedback={feedback}
      testId="bulk-delete-dialog"
    >
      <Typography sx={{ mb: 2 }}>¿Eliminar los {bins.length} BINs seleccionados?</Typography>
      <Box
        tabIndex={0}
        role="region"
        aria-label="BINs seleccionados"
        sx={{ maxHeight: 320, overflow: 'auto' }}
      >
        <SimpleTable plain columns={COLUMNS} rows={bins} rowKey={(bin) => bin.id} />
      </Box>
    </ActionDialog>
  );
}
