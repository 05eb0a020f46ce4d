import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Suspense fallback while a lazily loaded screen arrives. */
export function PageLoader({ label = 'Cargando…' }: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress size={32} aria-label={label} />
    </Box>
  );
}
