import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import { usePopup } from '../popup/use-popup';
import type { ExportFormat } from './gql/graphql';

export type { ExportFormat };
/** The export formats, in the menu's order (spec 001 §9). */
export const EXPORT_FORMATS: readonly ExportFormat[] = ['XLSX', 'CSV', 'JSON'];

/** The Exportar menu of a list's header: XLSX, CSV, JSON. */
export function ExportMenu({ onSelect }: { onSelect(format: ExportFormat): void }) {
  const popup = usePopup('menu');
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlinedIcon />}
        endIcon={<KeyboardArrowDownIcon />}
        {...popup.buttonProps}
      >
        Exportar
      </Button>
      <Menu
        id={popup.id}
        {...popup.popupProps}
        slotProps={{ list: { dense: true, 'aria-label': 'Exportar' } }}
      >
        {EXPORT_FORMATS.map((format) => (
          <MenuItem
            key={format}
            onClick={() => {
              popup.close();
              onSelect(format);
            }}
          >
            Exportar {format}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
