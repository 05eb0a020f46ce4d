import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/**
 * The banner of a detail screen showing an older version (spec 000 §2: payment and subscription detail), with
 * the link back to the current one (`data-testid="old-version-banner"`).
 */
export function OldVersionBanner({ currentHref, children }: { currentHref: string; children: ReactNode }) {
  const link = (
    <Button color="inherit" size="small" component={RouterLink} to={currentHref}>
      Ver versión actual
    </Button>
  );
  return (
    <Alert
      severity="warning"
      variant="outlined"
      action={link}
      data-testid="old-version-banner"
      sx={{ mb: 2, bgcolor: 'background.paper' }}
    >
      {children}
    </Alert>
  );
}
