import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import HistoryIcon from '@mui/icons-material/History';

/**
 * 'Historial de exportaciones' in a list's header (/pagos, /suscripciones): opens /exportaciones. Shown by the
 * caller only with EXPORT_SHOW and EXPORT_SEARCH (the route's rule).
 */
export function ExportHistoryLink() {
  return (
    <Button component={RouterLink} to="/exportaciones" variant="text" startIcon={<HistoryIcon />}>
      Historial de exportaciones
    </Button>
  );
}
