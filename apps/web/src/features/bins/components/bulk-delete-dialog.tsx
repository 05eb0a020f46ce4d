import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MULTI_DIALOG_WIDTH, ActionDialog, useDialogSubmit } from '@/components/dialogs/action-dialog';
import { useMutationOutcome } from '@/lib/use-mutation-outcome';
import type { CardBinRowFragment } from '../gql/graphql';

/** Bulk 'Eliminar' (850 px, spec 001 §9): the selected BINs, then one delete of all of them. */
export function BulkDeleteDialog({
  bins,
  onClose,
  onConfirm,
}: {
  bins: CardBinRowFragment[];
  onClose(): void;
  onConfirm(): Promise<ReturnType<ReturnType<typeof useMutationOutcome>['settle']>>;
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
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>BIN</TableCell>
              <TableCell>Marca</TableCell>
              <TableCell>Tipo</TableCell>
              <TableCell>Organización</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {bins.map((bin) => (
              <TableRow key={bin.id}>
                <TableCell>{bin.id}</TableCell>
                <TableCell>{bin.brand.description}</TableCell>
                <TableCell>{bin.type.description}</TableCell>
                <TableCell>{bin.issuer?.description ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </ActionDialog>
  );
}
