import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';

export interface RowEditDeleteProps {
  /** The row's edit page; omitted, no 'Editar' (the operator may not edit it). */
  editTo?: string;
  /** 'Editar BIN 450799'. */
  editLabel: string;
  /** Asks to delete the row; omitted, no 'Eliminar'. */
  onDelete?: () => void;
  /** 'Eliminar BIN 450799'. */
  deleteLabel: string;
}

/** A row's ACCIONES cell of icon buttons: 'Editar' (a link to its page) and 'Eliminar', each where allowed. */
export function RowEditDelete({ editTo, editLabel, onDelete, deleteLabel }: RowEditDeleteProps) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }}>
      {editTo !== undefined && (
        <Tooltip title="Editar">
          <IconButton size="small" component={RouterLink} to={editTo} aria-label={editLabel}>
            <EditOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {onDelete && (
        <Tooltip title="Eliminar">
          <IconButton size="small" aria-label={deleteLabel} onClick={onDelete}>
            <DeleteOutline fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}
