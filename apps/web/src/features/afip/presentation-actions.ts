import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import EditNoteOutlined from '@mui/icons-material/EditNoteOutlined';
import FolderZipOutlined from '@mui/icons-material/FolderZipOutlined';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import type { ActionRegistry } from '../../components/actions/action-registry';
import type { PresentationActionKind } from './gql/graphql';

/** The toolbar of /afip/{id}: labels and icons (the gateway decides what is enabled and why). */
export const PRESENTATION_ACTIONS: ActionRegistry<PresentationActionKind> = {
  DOWNLOAD: { label: 'Descargar ZIP', icon: FolderZipOutlined, order: 1 },
  PRESENT: { label: 'Presentar', icon: CloudUploadOutlined, order: 2 },
  PRESENT_MANUAL: { label: 'Presentar manualmente', icon: EditNoteOutlined, order: 3 },
  REPROCESS: { label: 'Re-procesar', icon: ReplayOutlined, order: 4 },
  RELOAD: { label: 'Recargar', icon: RefreshOutlined, order: 5 },
};

/** The /files path of a presentation's ZIP. */
/**
 * Next to 'Descargar ZIP': the file is AFIP's format byte for byte (docs/decisions.md, "AFIP, software provider and
 * BINs").
 */
export const PRESENTATION_FILE_NOTE =
  'El ZIP se descarga tal como lo genera el servicio, en el formato de AFIP: sus fechas y códigos son los del formato, sin traducir.';

export const presentationZipPath = (id: string): string => `/afip/${encodeURIComponent(id)}/archivo`;
