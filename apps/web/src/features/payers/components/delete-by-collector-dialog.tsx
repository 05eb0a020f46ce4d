import { useState } from 'react';
import Box from '@mui/material/Box';
import type { SubmitOutcome } from '@/components/dialogs/action-dialog';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { CollectorPicker, type CollectorRef } from '@/components/pickers/collector-picker';
import { PAYERS_MESSAGES } from '../messages';

export function DeleteByCollectorDialog({
  initial,
  onDelete,
  onClose,
}: {
  initial: CollectorRef | null;
  onDelete(collector: CollectorRef): Promise<SubmitOutcome>;
  onClose(): void;
}) {
  const [collector, setCollector] = useState<CollectorRef | null>(initial);
  return (
    <ConfirmDialog
      title={PAYERS_MESSAGES.deleteByCollector}
      message={PAYERS_MESSAGES.deleteByCollectorHint}
      confirmLabel="Eliminar"
      confirmColor="error"
      testId="delete-by-collector-dialog"
      onClose={onClose}
      onConfirm={async () =>
        collector ? onDelete(collector) : { severity: 'error', message: 'La entidad es requerida' }
      }
    >
      <Box sx={{ mt: 2 }}>
        <CollectorPicker value={collector} onChange={setCollector} />
      </Box>
    </ConfirmDialog>
  );
}
