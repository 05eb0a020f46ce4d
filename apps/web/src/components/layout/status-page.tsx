import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A centered card with an icon, a title, a sentence and actions: empty, not available, forbidden... */
export function StatusPage({
  icon,
  title,
  children,
  actions,
  testId,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: { xs: 4, md: 8 } }} data-testid={testId}>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, md: 5 }, maxWidth: 560, width: '100%', textAlign: 'center', borderRadius: 3 }}
      >
        <Box
          sx={{
            width: 64,
            height: 64,
            mx: 'auto',
            mb: 2,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            color: 'primary.main',
            '& svg': { fontSize: 32 },
          }}
          aria-hidden
        >
          {icon}
        </Box>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {title}
        </Typography>
        {children && (
          <Typography variant="body2" color="text.secondary" component="div">
            {children}
          </Typography>
        )}
        {actions && <Box sx={{ mt: 3, display: 'flex', gap: 1, justifyContent: 'center' }}>{actions}</Box>}
      </Paper>
    </Box>
  );
}
