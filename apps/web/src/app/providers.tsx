import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { NotificationsProvider } from '../lib/notifications';
import { REDUCED_MOTION_QUERY, reducedMotionTheme, theme } from './theme';

/**
 * Theme (es-ES locale of MUI; without motion when the operator's system asks for reduced motion), CssBaseline and
 * the notices. The date pickers bring their own adapter and Spanish
 * texts (components/pickers `PickersLocalization`) and the DataGrid its own (components/data-table): the shell
 * loads neither.
 */
export function UiProviders({ children }: { children: ReactNode }) {
  // Read in the first render (`noSsr`: the app renders only in the browser): a second one would make every style again.
  const reduceMotion = useMediaQuery(REDUCED_MOTION_QUERY, { noSsr: true });
  return (
    <ThemeProvider theme={reduceMotion ? reducedMotionTheme() : theme}>
      <CssBaseline />
      <NotificationsProvider>{children}</NotificationsProvider>
    </ThemeProvider>
  );
}
