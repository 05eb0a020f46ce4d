import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import FolderZipOutlined from '@mui/icons-material/FolderZipOutlined';
import { useFileDownload } from '@/components/files';
import type { PresentationRowFragment } from './gql/graphql';
import { presentationZipPath } from './presentation-actions';

/** The row's ZIP download (shown to who may download it). */
export function RowZipButton({ row }: { row: PresentationRowFragment }) {
  const zip = useFileDownload();
  if (!row.actions.some((action) => action.kind === 'DOWNLOAD' && action.permitted)) return null;
  return (
    <Tooltip title="Descargar ZIP">
      <span>
        <IconButton
          size="small"
          aria-label={`Descargar ZIP de la presentación ${row.id}`}
          disabled={zip.active !== null}
          onClick={() => void zip.download(presentationZipPath(row.id))}
        >
          <FolderZipOutlined fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}
