import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { describeError } from '../../lib/errors';
import { ErrorAlert } from '../feedback/error-alert';
import { PageLoader } from '../feedback/page-loader';
import { StatusPage } from '../layout/status-page';

/** What a detail screen says while it cannot show its entity (Spanish, per area). */
export interface DetailGateTexts {
  /** 'Cargando pago' */
  loading: string;
  /** 'No se pudo cargar el pago' */
  loadError: string;
  /** 'Pago no encontrado' */
  notFoundTitle: string;
  /** 'No existe un pago con el ID 123.' */
  notFound: string;
  notFoundTestId: string;
  /** Where the not-found page sends: '/pagos', 'Ir a Buscar Pagos'. */
  listHref: string;
  listLabel: string;
  /** 'No existe la versión 7 del pago.' (a record kept in versions only) */
  versionMissing?: string;
}

export type DetailGateProps = {
  header: ReactNode;
  texts: DetailGateTexts;
  /** The current version's query. */
  current: { found: boolean; loading: boolean; answered: boolean; error?: unknown; refetch(): unknown };
} & (
  | {
      /** An older version asked for in the URL (`?version=N`) and its query. */
      old: { wanted: boolean; found: boolean; loading: boolean; error?: unknown };
      /** The current version's address ('Ver versión actual'). */
      currentHref: string;
    }
  /** A record without versions (a BIN, a batch): only the current one is waited for. */
  | { old?: undefined; currentHref?: undefined }
);

/** The current version's query as the gate reads it: `found` from the screen, the rest from Apollo's result. */
export function gateQuery(
  result: { loading: boolean; data?: unknown; error?: unknown; refetch(): unknown },
  found: boolean,
): DetailGateProps['current'] {
  return {
    found,
    loading: result.loading,
    answered: Boolean(result.data),
    error: result.error,
    refetch: result.refetch,
  };
}

/**
 * The states of a detail screen before its entity can be shown: loading, load error (with retry), not found,
 * and an older version that is loading or missing. Null when the entity can be shown.
 */
export function detailGate({ header, texts, current, old, currentHref }: DetailGateProps): ReactNode | null {
  let body: ReactNode = null;
  if (!current.found && (current.loading || (!current.answered && !current.error))) {
    body = <PageLoader label={texts.loading} />;
  } else if (current.error && !current.found) {
    body = (
      <ErrorAlert title={texts.loadError} error={current.error} onRetry={() => void current.refetch()} />
    );
  } else if (!current.found) {
    body = (
      <StatusPage
        icon={<SearchOffOutlined />}
        title={texts.notFoundTitle}
        testId={texts.notFoundTestId}
        actions={
          <Button component={RouterLink} to={texts.listHref} variant="contained">
            {texts.listLabel}
          </Button>
        }
      >
        {texts.notFound}
      </StatusPage>
    );
  } else if (old?.wanted && !old.found) {
    body = old.loading ? (
      <PageLoader label="Cargando versión" />
    ) : (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" component={RouterLink} to={currentHref ?? ''}>
            Ver versión actual
          </Button>
        }
      >
        {old.error ? describeError(old.error) : texts.versionMissing}
      </Alert>
    );
  }
  if (body === null) return null;
  return (
    <>
      {header}
      {body}
    </>
  );
}
