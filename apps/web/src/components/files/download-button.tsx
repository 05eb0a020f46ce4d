import Button, { type ButtonProps } from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import DownloadIcon from '@mui/icons-material/Download';
import { DownloadProgress } from './download-progress';
import { useFileDownload } from './use-file-download';

export interface DownloadButtonProps extends Omit<ButtonProps, 'onClick' | 'href'> {
  /** The /files path, e.g. '/exportaciones/12'. */
  path: string;
  label?: string;
}

/** A button that downloads one file with the token, showing its progress while it runs. */
export function DownloadButton({ path, label = 'Descargar', disabled, ...props }: DownloadButtonProps) {
  const { download, active, progress } = useFileDownload();
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Button
        startIcon={<DownloadIcon />}
        {...props}
        disabled={disabled || active !== null}
        onClick={() => void download(path)}
      >
        {label}
      </Button>
      {progress && <DownloadProgress progress={progress} />}
    </Stack>
  );
}
