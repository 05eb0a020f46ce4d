import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import ViewColumnOutlinedIcon from '@mui/icons-material/ViewColumnOutlined';
import { isDataColumn, NO_COLUMN_CHOICE, withColumn, type ColumnChoice } from '@/lib/list/list-views';
import { usePopup } from '../popup/use-popup';

export interface ChooserColumn {
  field: string;
  /** The column's header, as the grid shows it ('FECHA'). */
  headerName: string;
}

export interface ColumnChooserProps {
  columns: readonly ChooserColumn[];
  /** The operator's choice. */
  choice: ColumnChoice;
  /** The fields hidden now, by the choice or for lack of width (DataTable's `onHiddenChange`). */
  hidden: readonly string[];
  onChange(choice: ColumnChoice): void;
}

/**
 * 'Columnas': a button opening a panel (a dialog: focus inside while open, back on the button when it
 * closes) with one checkbox per column, named as its header, and 'Restablecer columnas'. A column hidden because
 * the list does not fit the screen (its priority) is unticked and says so; ticking it brings it back.
 */
export function ColumnChooser({ columns, choice, hidden, onChange }: ColumnChooserProps) {
  const popup = usePopup('dialog');
  const panelId = popup.id;
  const titleId = useId();
  const named = columns.filter((column) => column.headerName.trim() !== '');
  // The data columns shown: the last of them stays (ACCIONES alone would be a list of icons).
  const shownData = named.filter((column) => isDataColumn(column.field) && !hidden.includes(column.field));
  return (
    <>
      <Button size="small" startIcon={<ViewColumnOutlinedIcon />} {...popup.buttonProps}>
        Columnas
      </Button>
      <Popover
        {...popup.popupProps}
        slotProps={{
          paper: {
            id: panelId,
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { p: 2, minWidth: 260, maxHeight: 'min(70vh, 560px)' },
          },
        }}
      >
        <Typography id={titleId} variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          Columnas
        </Typography>
        <FormGroup>
          {named.map((column) => {
            const visible = !hidden.includes(column.field);
            const byWidth = !visible && choice[column.field] === undefined;
            const last = visible && isDataColumn(column.field) && shownData.length === 1;
            const hint = byWidth
              ? 'oculta por el ancho'
              : last
                ? 'la lista muestra al menos una columna'
                : null;
            const hintId = `${panelId}-${column.field}-hint`;
            return (
              <Box key={column.field} sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
                <FormControlLabel
                  sx={{ mr: 0 }}
                  control={
                    <Checkbox
                      size="small"
                      checked={visible}
                      // The last data column shown stays: a list without data says nothing.
                      disabled={last}
                      onChange={(event) => onChange(withColumn(choice, column.field, event.target.checked))}
                      slotProps={{ input: hint ? { 'aria-describedby': hintId } : {} }}
                    />
                  }
                  label={column.headerName}
                />
                {hint && (
                  <Typography id={hintId} variant="caption" color="text.secondary">
                    {hint}
                  </Typography>
                )}
              </Box>
            );
          })}
        </FormGroup>
        <Button size="small" sx={{ mt: 1 }} onClick={() => onChange(NO_COLUMN_CHOICE)}>
          Restablecer columnas
        </Button>
      </Popover>
    </>
  );
}
