import { Link as RouterLink } from 'react-router';
import IconButton from '@mui/material/IconButton';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { RowActionsMenu } from '@/components/actions/row-actions-menu';
import { dataTableClasses } from '@/components/data-table/data-table';
import { HintTooltip } from '@/components/data-table/cut-text';
import { PAYMENT_ACTIONS } from '../detail/payment-actions';
import type { ListActionKind, RowMenuAction } from '../payments-bulk-rules';

export interface PaymentRowActionsProps {
  paymentId: string;
  detailHref: string;
  /** rowMenuActions(row.actions): empty -> no menu button. */
  actions: readonly RowMenuAction[];
  onAction: (kind: ListActionKind) => void;
}

/**
 * The ACCIONES cell: "Ver detalle" and the shared menu with the row's list actions (disabled ones say why). Laid
 * out by the grid's class and hinted by `HintTooltip`: nothing emotion-styled per row beyond the buttons.
 */
export function PaymentRowActions({ paymentId, detailHref, actions, onAction }: PaymentRowActionsProps) {
  return (
    <span className={dataTableClasses.buttons}>
      <HintTooltip title="Ver detalle">
        {(hint) => (
          <IconButton
            component={RouterLink}
            to={detailHref}
            size="small"
            aria-label={`Ver detalle del pago ${paymentId}`}
            {...hint}
          >
            <VisibilityOutlinedIcon fontSize="small" />
          </IconButton>
        )}
      </HintTooltip>
      <RowActionsMenu
        actions={actions}
        registry={PAYMENT_ACTIONS}
        label={`Acciones del pago ${paymentId}`}
        onAction={onAction}
      />
    </span>
  );
}
