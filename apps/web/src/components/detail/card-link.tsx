import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import ArrowForward from '@mui/icons-material/ArrowForward';

/**
 * A detail section's way to another screen ('Ver pagador →'): a small button-looking link with an arrow, in the
 * card's header (`DetailCard`'s `action`) or, outlined, beside the section's fields.
 */
export function CardLink({
  to,
  outlined,
  children,
}: {
  to: string;
  outlined?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      size="small"
      variant={outlined ? 'outlined' : 'text'}
      endIcon={<ArrowForward />}
      component={RouterLink}
      to={to}
    >
      {children}
    </Button>
  );
}
