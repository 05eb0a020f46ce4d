import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PaymentStatus } from '../gql/graphql';
import { formatAmount } from '../../../lib/format';
import { PaymentStatusChip } from '../components/payment-status-chip';
import { ActionDialog, useDialogSubmit, type SubmitOutcome } from './action-dialog';
import { MULTI_DIALOG_WIDTH } from './bulk-progress-dialog';

export interface BulkSelectionItem {
  id: string;
  name?: string | null;
  concept?: string | null;
  amount?: string | null;
  status?: PaymentStatus | null;
}

export interface BulkConfirmDialogProps {
  /** 'Cancelar pagos', 'Cambiar medio de pago'... */
  title: string;
  /** 'Se cancelarán los siguientes pagos:' */
  message: ReactNode;
  items: readonly BulkSelectionItem[];
  confirmLabel?: string;
  onConfirm(): Promise<SubmitOutcome>;
  onClose(): void;
}

/** Multi-selection confirmation (850 px): the selected payments, then Confirmar. */
export function BulkConfirmDialog({
  title,
  message,
  items,
  confirmLabel = 'Continuar',
  onConfirm,
  onClose,
}: BulkConfirmDialogProps) {
  const { submit, submitting, feedback } = useDialogSubmit(onConfirm);
  return (
    <ActionDialog
      title={title}
      width={MULTI_DIALOG_WIDTH}
      onClose={onClose}
      submitLabel={confirmLabel}
      onSubmit={() => void submit(undefined)}
      submitting={submitting}
      feedback={feedback}
      testId="bulk-confirm-dialog"
    >
      <Typography sx={{ mb: 1.5 }}>{message}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {items.length === 1 ? '1 pago seleccionado' : `${items.length} pagos seleccionados`}
      </Typography>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2, maxHeight: '50vh' }}>
        <Table
          size="small"
          stickyHeader
          aria-label="Pagos seleccionados"
          sx={{
            '& th': { whiteSpace: 'nowrap', fontSize: '0.75rem', fontWeight: 700, color: 'text.secondary' },
          }}
        >
          <TableHead>
            <TableRow>
              <TableCell>ID TRANSACCIÓN</TableCell>
              <TableCell>NOMBRE</TableCell>
              <TableCell>CONCEPTO</TableCell>
              <TableCell align="right">IMPORTE</TableCell>
              <TableCell>ESTADO</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item) => (
              <TableRow key={item.id}>
                <TableCell sx={{ fontWeight: 600 }}>{item.id}</TableCell>
                <TableCell>{item.name ?? '—'}</TableCell>
                <TableCell>{item.concept ?? '—'}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatAmount(item.amount)}
                </TableCell>
                <TableCell>{item.status ? <PaymentStatusChip status={item.status} /> : '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </ActionDialog>
  );
}
