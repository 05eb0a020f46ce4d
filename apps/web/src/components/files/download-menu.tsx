import Button, { type ButtonProps } from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import DownloadIcon from '@mui/icons-material/Download';
import { usePopup } from '../popup/use-popup';
import { DownloadProgress } from './download-progress';
import { useFileDownload } from './use-file-download';

export interface DownloadChoice {
  /** What the operator reads: 'XLSX', 'CSV', 'TXT'… */
  label: string;
  /** The /files path of this choice. */
  path: string;
}

export interface DownloadMenuProps extends Omit<ButtonProps, 'onClick'> {
  label?: string;
  choices: readonly DownloadChoice[];
}

/** A button opening the formats of one file; the chosen one downloads with its progress. */
export function DownloadMenu({ label = 'Descargar', choices, disabled, ...props }: DownloadMenuProps) {
  const popup = usePopup('menu');
  const { download, active, progress } = useFileDownload();
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Button
        startIcon={<DownloadIcon />}
        {...props}
        {...popup.buttonProps}
        disabled={disabled || active !== null}
      >
        {label}
      </Button>
      <Menu id={popup.id} {...popup.popupProps}>
        {choices.map((choice) => (
          <MenuItem
            key={choice.path}
            onClick={() => {
              popup.close();
              void download(choice.path);
            }}
          >
            {choice.label}
          </MenuItem>
        ))}
      </Menu>
      {progress && <DownloadProgress progress={progress} />}
    </Stack>
  );
}
