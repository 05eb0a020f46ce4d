import { useId, useState } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import DownloadIcon from '@mui/icons-material/Download';
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
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { download, active, progress } = useFileDownload();
  const menuId = useId();
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Button
        startIcon={<DownloadIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        {...props}
        disabled={disabled || active !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {label}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {choices.map((choice) => (
          <MenuItem
            key={choice.path}
            onClick={() => {
              setAnchor(null);
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
