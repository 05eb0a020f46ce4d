import type { ReactNode } from 'react';
import { ApolloProvider } from '@apollo/client/react';
import type { ApolloClient } from '@apollo/client';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { NotificationsProvider } from '../lib/notifications';
import { theme } from './theme';

dayjs.locale('es');

/** Theme (es-ES locales of MUI, DataGrid and pickers), CssBaseline, dayjs in Spanish and the notices. */
export function UiProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="es">
        <NotificationsProvider>{children}</NotificationsProvider>
      </LocalizationProvider>
    </ThemeProvider>
  );
}

/** Everything a signed-in screen needs on top of the UI providers. */
export function DataProviders({ client, children }: { client: ApolloClient; children: ReactNode }) {
  return <ApolloProvider client={client}>{children}</ApolloProvider>;
}
