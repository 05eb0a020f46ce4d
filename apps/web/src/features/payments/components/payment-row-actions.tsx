import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import BlockIcon from '@mui/icons-material/Block';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import GavelIcon from '@mui/icons-material/Gavel';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import type { ListActionKind, RowMenuAction } from '../payments-bulk-rules';

const ICONS: Record<ListActionKind, typeof BlockIcon> = {
  CANCEL: BlockIcon,
  CHANGE_PAYMENT_METHOD: CreditCardIcon,
  CANCEL_OBJECTION: GavelIcon,
};

export interface PaymentRowActionsProps {
  paymentId: string;
  detailHref: string;
  /** rowMenuActions(row.actions): empty -> no menu button. */
  actions: readonly RowMenuAction[];
  onAction: (kind: ListActionKind) => void;
}

/** The ACCIONES cell: "Ver detalle" and a menu with the row's list actions (disabled ones say why). */
export function PaymentRowActions({ paymentId, detailHref, actions, onAction }: PaymentRowActionsProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
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
      {actions.length > 0 && (
        <>
          <Tooltip title="Acciones">
            <IconButton
              size="small"
              aria-label={`Acciones del pago ${paymentId}`}
              aria-haspopup="menu"
              aria-controls={anchor ? menuId : undefined}
              aria-expanded={anchor ? 'true' : undefined}
              onClick={(event) => {
                event.stopPropagation();
                setAnchor(event.currentTarget);
              }}
              onKeyDown={(event) => event.stopPropagation()}
            >
              <MoreVertIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Menu
            id={menuId}
            anchorEl={anchor}
            open={Boolean(anchor)}
            onClose={() => setAnchor(null)}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            transformOrigin={{ vertical: 'top', horizontal: 'right' }}
            slotProps={{ list: { 'aria-label': `Acciones del pago ${paymentId}`, dense: true } }}
          >
            {actions.map((action) => {
              const Icon = ICONS[action.kind];
              return (
                <MenuItem
                  key={action.kind}
                  disabled={!action.enabled}
                  onClick={() => {
                    setAnchor(null);
                    onAction(action.kind);
                  }}
                  sx={{ alignItems: 'flex-start', maxWidth: 360, '&.Mui-disabled': { opacity: 0.75 } }}
                >
                  <ListItemIcon sx={{ mt: 0.25 }}>
                    <Icon fontSize="small" color={action.enabled ? 'action' : 'disabled'} />
                  </ListItemIcon>
                  <ListItemText
                    primary={action.label}
                    secondary={action.reason ?? undefined}
                    slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }}
                  />
                </MenuItem>
              );
            })}
          </Menu>
        </>
      )}
    </Box>
  );
}
