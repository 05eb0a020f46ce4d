import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import CheckIcon from '@mui/icons-material/Check';
import FilterListIcon from '@mui/icons-material/FilterList';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import { ExportHistoryLink, ExportMenu, type ExportFormat } from '@/components/exports';
import { usePopup } from '@/components/popup/use-popup';
import type { PaymentStatus } from '../gql/graphql';
import { PAYMENT_STATUSES, PAYMENT_STATUS_LABELS } from '../payment-status';
import { PaymentStatusDot } from './payment-status-chip';

export type { ExportFormat };

export interface PaymentsHeaderActionsProps {
  status: PaymentStatus | null;
  /** With the refund date the status filter does not apply (spec 000 §9). */
  statusDisabled: boolean;
  onStatusChange: (status: PaymentStatus | null) => void;
  /** EXPORT_CREATE */
  canExport: boolean;
  onExport: (format: ExportFormat) => void;
  /** EXPORT_SEARCH and EXPORT_SHOW */
  canSeeExportHistory: boolean;
}

/** The header of Buscar Pagos: status filter menu, export menu and the export-history link. */
export function PaymentsHeaderActions(props: PaymentsHeaderActionsProps) {
  const statusMenu = usePopup('menu');

  const statusButton = (
    <Button
      variant={props.status ? 'contained' : 'outlined'}
      color="primary"
      disableElevation
      startIcon={<FilterListIcon />}
      endIcon={<KeyboardArrowDownIcon />}
      {...statusMenu.buttonProps}
      disabled={props.statusDisabled}
    >
      Estado: {props.status ? PAYMENT_STATUS_LABELS[props.status] : 'Todos'}
    </Button>
  );

  const choose = (status: PaymentStatus | null) => {
    statusMenu.close();
    props.onStatusChange(status);
  };

  return (
    <>
      {props.statusDisabled ? (
        <Tooltip title="El filtro de estado no se aplica con la fecha de devolución">
          <span>{statusButton}</span>
        </Tooltip>
      ) : (
        statusButton
      )}
      <Menu
        id={statusMenu.id}
        {...statusMenu.popupProps}
        slotProps={{ list: { dense: true, 'aria-label': 'Filtrar por estado' } }}
      >
        <MenuItem selected={props.status === null} onClick={() => choose(null)}>
          <ListItemIcon>{props.status === null ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
          <ListItemText>Todos</ListItemText>
        </MenuItem>
        {PAYMENT_STATUSES.map((status) => (
          <MenuItem key={status} selected={props.status === status} onClick={() => choose(status)}>
            <ListItemIcon>
              {props.status === status ? (
                <CheckIcon fontSize="small" />
              ) : (
                <PaymentStatusDot status={status} />
              )}
            </ListItemIcon>
            <ListItemText>{PAYMENT_STATUS_LABELS[status]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>

      {props.canExport && <ExportMenu onSelect={props.onExport} />}

      {props.canSeeExportHistory && <ExportHistoryLink />}
    </>
  );
}
