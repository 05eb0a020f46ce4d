import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** Full-page card shown before the shell exists: signing in, loading the user, or a start-up failure. */
export function BootScreen({
  message,
  children,
  busy = true,
}: {
  message: string;
  children?: ReactNode;
  busy?: boolean;
}) {
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}
    >
      <Paper
        variant="outlined"
        sx={{ p: 5, width: 420, maxWidth: '100%', textAlign: 'center', borderRadius: 3 }}
      >
        <Box component="img" src="/favicon.svg" alt="" sx={{ width: 48, height: 48, mb: 2 }} />
        <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
          Back-office
        </Typography>
        {busy && <CircularProgress size={28} sx={{ my: 2 }} aria-label={message} />}
        <Typography color="text.secondary" role="status">
          {message}
        </Typography>
        {children && <Box sx={{ mt: 3, display: 'flex', gap: 1, justifyContent: 'center' }}>{children}</Box>}
      </Paper>
    </Box>
  );
}
