/**
 * The web bench's peer page: Buscar Pagos' first page and a payment's detail as a team would write them by hand, with
 * the product's libraries (React, react-router, Apollo Client, MUI and its DataGrid, keycloak-js) and no tuning: one
 * bundle, keycloak-js signs in before anything renders, Apollo's HttpLink sends each document's text. It asks the
 * same gateway the same questions as the product (the product's own operation texts, in its own client's name) and
 * shows what the bench waits for on the product's screens: the "Pagos" grid's rows, each with its link to the
 * payment, and the payment's summary card.
 */
import { StrictMode, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link as RouterLink, Navigate, Route, Routes, useParams } from 'react-router';
import Keycloak from 'keycloak-js';
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, gql } from '@apollo/client';
import { ApolloProvider, useQuery } from '@apollo/client/react';
import { SetContextLink } from '@apollo/client/link/context';
import {
  AppBar,
  Box,
  Card,
  CardContent,
  Chip,
  Container,
  CssBaseline,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ThemeProvider,
  Toolbar,
  Typography,
  createTheme,
} from '@mui/material';
// eslint-disable-next-line no-restricted-imports -- a page of its own, outside the web app and its data-table kit
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
// eslint-disable-next-line no-restricted-imports -- the same
import { esES } from '@mui/x-data-grid/locales';
import {
  PaymentDetailText,
  PaymentsSearchText,
} from '../../../apps/web/src/features/payments/gql/operation-texts';
import possibleTypes from '../../../apps/web/src/lib/gql/possible-types';
import { readConfig } from '../../../apps/web/src/lib/config';

const config = readConfig();
/** The tab's tokens, so that a reload resumes the session with keycloak-js's one refresh (session storage). */
const KEPT_TOKENS = 'peer.tokens';

/** keycloak-js signed in: the tab's tokens if Keycloak still renews them, else the SSO session, else the login page. */
async function signIn(): Promise<Keycloak> {
  const options = { url: config.keycloakUrl, realm: config.realm, clientId: config.clientId };
  const kept = JSON.parse(sessionStorage.getItem(KEPT_TOKENS) ?? 'null');
  let keycloak = new Keycloak(options);
  let signedIn = kept
    ? await keycloak.init({ ...kept, pkceMethod: 'S256', checkLoginIframe: false }).catch(() => false)
    : false;
  if (!signedIn) {
    keycloak = new Keycloak(options); // an instance is initialised once
    signedIn = await keycloak.init({
      onLoad: 'check-sso',
      silentCheckSsoRedirectUri: `${window.location.origin}/silent-check-sso.html`,
      pkceMethod: 'S256',
      checkLoginIframe: false,
    });
  }
  if (!signedIn) {
    await keycloak.login();
    return new Promise(() => {}); // the browser is leaving for the login page
  }
  const keep = () =>
    sessionStorage.setItem(
      KEPT_TOKENS,
      JSON.stringify({
        token: keycloak.token,
        refreshToken: keycloak.refreshToken,
        idToken: keycloak.idToken,
      }),
    );
  keep();
  keycloak.onAuthRefreshSuccess = keep;
  return keycloak;
}

function apolloClient(keycloak: Keycloak) {
  const auth = new SetContextLink(async ({ headers }) => {
    await keycloak.updateToken(30);
    return { headers: { ...headers, authorization: `Bearer ${keycloak.token}` } };
  });
  return new ApolloClient({
    link: ApolloLink.from([auth, new HttpLink({ uri: config.gatewayUrl })]),
    cache: new InMemoryCache({ possibleTypes: possibleTypes.possibleTypes }),
    clientAwareness: { name: 'bench-web-peer' },
  });
}

const PAYMENTS_SEARCH = gql(PaymentsSearchText);
const PAYMENT_DETAIL = gql(PaymentDetailText);
const ME = gql`
  query PeerMe {
    me {
      username
      permissions
    }
  }
`;

interface Me {
  me: { username: string; permissions: string[] };
}
interface PaymentMethod {
  mediaPaymentName?: string | null;
  lastFourDigits?: string | null;
}
interface PaymentRow {
  id: string;
  requestDate?: string | null;
  conceptId?: string | null;
  conceptDescription?: string | null;
  finalAmount?: string | null;
  status: string;
  payer?: { name?: string | null } | null;
  paymentMethods: PaymentMethod[];
}
interface PaymentsSearch {
  payments: { total: number; page: number; pageSize: number; rows: PaymentRow[] };
}

const TIME_ZONE = 'America/Argentina/Buenos_Aires';
const money = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' });
const dateTime = new Intl.DateTimeFormat('es-AR', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: TIME_ZONE,
});
const amount = (value: string | null | undefined) => (value == null ? '' : money.format(Number(value)));
const when = (value: string | null | undefined) => (value ? dateTime.format(new Date(value)) : '');
const methods = (list: PaymentMethod[]) =>
  list.map((m) =>
    [m.mediaPaymentName, m.lastFourDigits && `•••• ${m.lastFourDigits}`].filter(Boolean).join(' '),
  );

/** The current month in Argentine time (UTC−3 all year), as the list's default period: its first and last instant. */
function currentMonth(now = new Date()) {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
  })
    .format(now)
    .split('-')
    .map(Number);
  const from = new Date(Date.UTC(year!, month! - 1, 1, 3));
  const to = new Date(Date.UTC(year!, month!, 1, 3) - 1);
  return { from: from.toISOString(), to: to.toISOString() };
}

const COLUMNS: GridColDef<PaymentRow>[] = [
  { field: 'requestDate', headerName: 'FECHA', width: 160, valueFormatter: (value) => when(value) },
  {
    field: 'id',
    headerName: 'ID TRANSACCIÓN',
    width: 130,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={`/pago/${encodeURIComponent(row.id)}`}>
        {row.id}
      </Link>
    ),
  },
  { field: 'conceptId', headerName: 'CONCEPTO', width: 120 },
  { field: 'conceptDescription', headerName: 'DESCRIPCIÓN', flex: 1, minWidth: 120 },
  {
    field: 'payer',
    headerName: 'NOMBRE',
    flex: 1,
    minWidth: 120,
    valueGetter: (_, row) => row.payer?.name ?? '',
  },
  {
    field: 'finalAmount',
    headerName: 'IMPORTE',
    width: 130,
    align: 'right',
    headerAlign: 'right',
    valueFormatter: (value) => amount(value),
  },
  {
    field: 'paymentMethods',
    headerName: 'MEDIO DE PAGO',
    width: 170,
    valueGetter: (_, row) => methods(row.paymentMethods).join(' + '),
  },
  {
    field: 'status',
    headerName: 'ESTADO',
    width: 120,
    renderCell: ({ value }) => <Chip size="small" label={value} />,
  },
];

function PaymentsPage() {
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [period] = useState(currentMonth);
  const { data, loading, error } = useQuery<PaymentsSearch>(PAYMENTS_SEARCH, {
    variables: {
      filter: { dateField: 'REQUEST_DATE', ...period },
      page: paging.page + 1,
      pageSize: paging.pageSize,
      sort: { field: 'REQUEST_DATE', direction: 'DESC' },
    },
  });
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        Buscar Pagos
      </Typography>
      {error && <Typography color="error">{error.message}</Typography>}
      <Box sx={{ height: 'calc(100vh - 150px)' }}>
        <DataGrid
          aria-label="Pagos"
          rows={data?.payments.rows ?? []}
          columns={COLUMNS}
          rowCount={data?.payments.total ?? 0}
          loading={loading}
          paginationMode="server"
          paginationModel={paging}
          onPaginationModelChange={setPaging}
          pageSizeOptions={[10, 25, 50, 100]}
          disableColumnSorting
          disableRowSelectionOnClick
          localeText={esES.components.MuiDataGrid.defaultProps.localeText}
          // A bar while the page loads: the default skeleton draws placeholder rows, which are no payments.
          slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'linear-progress' } }}
        />
      </Box>
    </>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2">{children ?? '—'}</Typography>
    </Box>
  );
}

type Fields = Record<string, unknown>;

/** A value as text: a date-time field's in Argentine time, nothing for null, an object as its JSON. */
function text(key: string, value: unknown): string {
  if (value == null) return '';
  if (typeof value === 'string' && /Date$|^date$|^lastRetry$/.test(key)) return when(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A titled table of `rows`, a column for each field the gateway answered (nothing when there are no rows). */
function Section({ title, rows }: { title: string; rows: Fields[] }) {
  if (rows.length === 0) return null;
  const columns = Object.keys(rows[0]!).filter((key) => key !== '__typename');
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Table size="small">
          <TableHead>
            <TableRow>
              {columns.map((key) => (
                <TableCell key={key}>{key}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, index) => (
              <TableRow key={index}>
                {columns.map((key) => (
                  <TableCell key={key}>{text(key, row[key])}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

interface PaymentDetail extends Fields {
  id: string;
  status: string;
  statusDetail?: string | null;
  finalAmount?: string | null;
  conceptId?: string | null;
  conceptDescription?: string | null;
  paymentMethods: PaymentMethod[];
  payer?: { name?: string | null; email?: string | null } | null;
  collector?: { name?: string | null } | null;
  collectorId: string;
}

/** The payment's summary, then its other fields and each of its lists as a table. */
function PaymentView({ payment }: { payment: PaymentDetail }) {
  const entries = Object.entries(payment).filter(([key]) => key !== '__typename');
  const lists = entries.filter(
    (entry): entry is [string, Fields[]] => Array.isArray(entry[1]) && typeof entry[1][0] === 'object',
  );
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        Pago {payment.id}
      </Typography>
      <Card data-testid="payment-summary" sx={{ mb: 2 }}>
        <CardContent sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 2 }}>
          <Field label="Estado">
            <Chip size="small" label={payment.status} /> {payment.statusDetail}
          </Field>
          <Field label="Importe final">{amount(payment.finalAmount)}</Field>
          <Field label="Concepto">{payment.conceptDescription ?? payment.conceptId}</Field>
          <Field label="Medio de pago">{methods(payment.paymentMethods).join(' + ')}</Field>
          <Field label="Pagador">
            {payment.payer?.name} {payment.payer?.email}
          </Field>
          <Field label="Entidad">{payment.collector?.name ?? payment.collectorId}</Field>
        </CardContent>
      </Card>
      <Card sx={{ mb: 2 }}>
        <CardContent sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 2 }}>
          {entries
            .filter(([, value]) => !Array.isArray(value))
            .map(([key, value]) => (
              <Field key={key} label={key}>
                {text(key, value)}
              </Field>
            ))}
        </CardContent>
      </Card>
      {lists.map(([key, rows]) => (
        <Section key={key} title={key} rows={rows} />
      ))}
    </>
  );
}

function PaymentPage() {
  const { id = '' } = useParams();
  const me = useQuery<Me>(ME);
  const permissions = me.data?.me.permissions ?? [];
  const { data, error } = useQuery<{ payment: PaymentDetail | null }>(PAYMENT_DETAIL, {
    variables: {
      id,
      withFees: permissions.includes('PAYMENT_SHOW_FEES'),
      withBatch: permissions.includes('PAYMENT_SHOW_BATCHES') || permissions.includes('BATCH_WITHDRAW_SHOW'),
    },
    skip: !me.data,
  });
  if (error) return <Typography color="error">{error.message}</Typography>;
  if (!data) return <LinearProgress />;
  return data.payment ? (
    <PaymentView payment={data.payment} />
  ) : (
    <Typography>No existe el pago {id}.</Typography>
  );
}

function Shell() {
  const me = useQuery<Me>(ME);
  return (
    <>
      <AppBar position="static">
        <Toolbar sx={{ gap: 2 }}>
          <Typography variant="h6" component={RouterLink} to="/pagos" color="inherit" sx={{ flexGrow: 1 }}>
            Back-office
          </Typography>
          <Typography variant="body2">{me.data?.me.username}</Typography>
        </Toolbar>
      </AppBar>
      <Container maxWidth={false} component="main" sx={{ py: 2 }}>
        <Routes>
          <Route path="/pagos" element={<PaymentsPage />} />
          <Route path="/pago/:id" element={<PaymentPage />} />
          <Route path="*" element={<Navigate to="/pagos" replace />} />
        </Routes>
      </Container>
    </>
  );
}

const keycloak = await signIn();
const client = apolloClient(keycloak);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={createTheme()}>
      <CssBaseline />
      <ApolloProvider client={client}>
        <BrowserRouter>
          <Shell />
        </BrowserRouter>
      </ApolloProvider>
    </ThemeProvider>
  </StrictMode>,
);
