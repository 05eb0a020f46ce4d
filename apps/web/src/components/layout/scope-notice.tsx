import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

export interface ScopeNoticeProps {
  /** What the list searched, or what it leaves out ('Se buscó «x» solo en marzo de 2025.'). */
  children: ReactNode;
  /** The one click that widens (or narrows back) the search ('Ver todos'). */
  actionLabel: string;
  onAction: () => void;
  testId?: string;
}

/**
 * A notice between a list's filters and the list saying where the search looked or what it left out, with the
 * one action that changes it (Buscar Pagos' period, Buscar Suscripciones' payment type).
 */
export function ScopeNotice({ children, actionLabel, onAction, testId }: ScopeNoticeProps) {
  return (
    <Alert
      severity="info"
      variant="outlined"
      data-testid={testId}
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" onClick={onAction}>
          {actionLabel}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
