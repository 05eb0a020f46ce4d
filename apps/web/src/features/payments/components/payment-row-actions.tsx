import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { RowActionsMenu } from '@/components/actions/row-actions-menu';
import { PAYMENT_ACTIONS } from '../detail/payment-actions';
import type { ListActionKind, RowMenuAction } from '../payments-bulk-rules';

export interface PaymentRowActionsProps {
  paymentId: string;
  detailHref: string;
  /** rowMenuActions(row.actions): empty -> no menu button. */
  actions: readonly RowMenuAction[];
  onAction: (kind: ListActionKind) => void;
}

/** The ACCIONES cell: "Ver detalle" and the shared menu with the row's list actions (disabled ones say why). */
export function PaymentRowActions({ paymentId, detailHref, actions, onAction }: PaymentRowActionsProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25 }}>
      <Tooltip title="Ver detalle">
        <IconButton
          component={RouterLink}
          to={detailHref}
          size="small"
          aria-label={`Ver detalle del pago ${paymentId}`}
        >
          <VisibilityOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <RowActionsMenu
        actions={actions}
        registry={PAYMENT_ACTIONS}
        label={`Acciones del pago ${paymentId}`}
        onAction={onAction}
      />
    </Box>
  );
}
