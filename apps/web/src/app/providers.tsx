import type { ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { createKeptStyleCache, keepStylesWhenLeaving, type KeptStyleCache } from '../lib/kept-styles';
import { NotificationsProvider } from '../lib/notifications';
import { browserLocalStorage } from '../lib/web-storage';
import { REDUCED_MOTION_QUERY, reducedMotionTheme, theme } from './theme';

/**
 * Emotion's cache with the styles kept from earlier documents (lib/kept-styles), the theme (es-ES locale of MUI;
 * without motion when the operator's system asks for reduced motion), CssBaseline and the notices. The date pickers
 * bring their own adapter and Spanish texts (components/pickers `PickersLocalization`) and the DataGrid its own
 * (components/data-table): the shell loads neither.
 */
export function UiProviders({ children }: { children: ReactNode }) {
  // Read in the first render (`noSsr`: the app renders only in the browser): a second one would make every style again.
  const reduceMotion = useMediaQuery(REDUCED_MOTION_QUERY, { noSsr: true });
  return (
    <CacheProvider value={documentStyles().cache}>
      <ThemeProvider theme={reduceMotion ? reducedMotionTheme() : theme}>
        <CssBaseline />
        <NotificationsProvider>{children}</NotificationsProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}

let keptStyles: KeptStyleCache | undefined;

/** The document's one emotion cache, with the CSS this browser kept from earlier documents (lib/kept-styles). */
function documentStyles(): KeptStyleCache {
  if (!keptStyles) {
    keptStyles = createKeptStyleCache(browserLocalStorage());
    keepStylesWhenLeaving(keptStyles);
  }
  return keptStyles;
}
