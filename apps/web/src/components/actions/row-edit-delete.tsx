import { Link as RouterLink } from 'react-router';
import IconButton from '@mui/material/IconButton';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { dataTableClasses } from '../data-table/data-table';
import { HintTooltip } from '../data-table/cut-text';

/** The cell's buttons 4 px apart (the grid's `buttons` class lays them out). */
const GAP = { gap: 4 };

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

/**
 * A row's ACCIONES cell of icon buttons: 'Editar' (a link to its page) and 'Eliminar', each where allowed. Their
 * hints are mounted only while shown and the cell has no `sx`: one cell per row of a list.
 */
export function RowEditDelete({ editTo, editLabel, onDelete, deleteLabel }: RowEditDeleteProps) {
  return (
    <span className={dataTableClasses.buttons} style={GAP}>
      {editTo !== undefined && (
        <HintTooltip title="Editar">
          {(hint) => (
            <IconButton size="small" component={RouterLink} to={editTo} aria-label={editLabel} {...hint}>
              <EditOutlined fontSize="small" />
            </IconButton>
          )}
        </HintTooltip>
      )}
      {onDelete && (
        <HintTooltip title="Eliminar">
          {(hint) => (
            <IconButton size="small" aria-label={deleteLabel} onClick={onDelete} {...hint}>
              <DeleteOutline fontSize="small" />
            </IconButton>
          )}
        </HintTooltip>
      )}
    </span>
  );
}
