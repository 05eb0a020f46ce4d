import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { TransferProgress } from '../../lib/files';
import { progressPercent } from './use-file-download';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toLocaleString('es-AR', { maximumFractionDigits: 1 })} MB`
    : `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('es-AR')} KB`;

/** The progress of a transfer: a bar (indeterminate while the size is unknown) and the bytes so far. */
export function DownloadProgress({
  progress,
  label = 'Descargando archivo',
}: {
  progress: TransferProgress;
  label?: string;
}) {
  const percent = progressPercent(progress);
  return (
    <Box sx={{ minWidth: 160 }} role="status">
      <LinearProgress
        aria-label={label}
        variant={percent === null ? 'indeterminate' : 'determinate'}
        {...(percent === null ? {} : { value: percent })}
      />
      <Typography variant="caption" color="text.secondary">
        {percent === null
          ? `${label}… ${progress.loaded > 0 ? sizeText(progress.loaded) : ''}`.trim()
          : `${label}… ${percent}%`}
      </Typography>
    </Box>
  );
}
