import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { NotificationsProvider } from '../lib/notifications';
import { theme } from './theme';

/**
 * Theme (es-ES locale of MUI), CssBaseline and the notices. The date pickers bring their own adapter and Spanish
 * texts (components/pickers `PickersLocalization`) and the DataGrid its own (components/data-table): the shell
 * loads neither.
 */
export function UiProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <NotificationsProvider>{children}</NotificationsProvider>
    </ThemeProvider>
  );
}
