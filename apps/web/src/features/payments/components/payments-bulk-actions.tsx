import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import BlockIcon from '@mui/icons-material/Block';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import GavelIcon from '@mui/icons-material/Gavel';
import type { BulkActionState, ListActionKind } from '../payments-bulk-rules';

const ICONS: Record<ListActionKind, typeof BlockIcon> = {
  CANCEL: BlockIcon,
  CHANGE_PAYMENT_METHOD: CreditCardIcon,
  CANCEL_OBJECTION: GavelIcon,
};

export interface PaymentsBulkActionsProps {
  /** The three actions for the current selection (bulkActionStates). */
  actions: readonly BulkActionState[];
  onAction: (kind: ListActionKind) => void;
}

/**
 * The multi-selection actions of Buscar Pagos: Cancelar, Cambiar medio de pago, Cancelar objeción. A disabled
 * one explains why in its tooltip (the first selected payment that does not allow it, or the missing
 * permission).
 */
export function PaymentsBulkActions({ actions, onAction }: PaymentsBulkActionsProps) {
  return (
    <Box
      role="group"
      aria-label="Acciones sobre los pagos seleccionados"
      data-testid="bulk-actions"
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', ml: 'auto' }}
    >
      {actions.map((action) => {
        const Icon = ICONS[action.kind];
        const button = (
          <Button
            size="small"
            variant="outlined"
            color={action.kind === 'CHANGE_PAYMENT_METHOD' ? 'primary' : 'error'}
            startIcon={<Icon fontSize="small" />}
            disabled={!action.enabled}
            onClick={() => onAction(action.kind)}
            data-kind={action.kind}
            sx={{ bgcolor: 'background.paper', whiteSpace: 'nowrap' }}
          >
            {action.label}
          </Button>
        );
        return (
          <Tooltip key={action.kind} title={action.enabled ? '' : (action.reason ?? '')} arrow>
            {/* A disabled button fires no events: the wrapper carries the tooltip and is focusable. */}
            <Box
              component="span"
              tabIndex={action.enabled ? undefined : 0}
              aria-label={action.enabled ? undefined : `${action.label}: ${action.reason ?? ''}`}
              data-testid={`bulk-action-${action.kind}`}
              sx={{ display: 'inline-flex', borderRadius: 1 }}
            >
              {button}
            </Box>
          </Tooltip>
        );
      })}
    </Box>
  );
}
