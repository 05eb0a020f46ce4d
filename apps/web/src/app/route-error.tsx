import { Link as RouterLink, useRouteError } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { StatusPage } from '../components/layout/status-page';

/** A stale tab after a deploy asks for chunks that no longer exist. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
      error.message,
    )
  );
}

/** What a screen shows when it crashes: Spanish, no stack trace, a way out. */
export function RouteError({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError();
  const stale = isChunkLoadError(error);
  const content = (
    <StatusPage
      icon={<ErrorOutline />}
      title={stale ? 'Hay una nueva versión del back-office' : 'Ocurrió un error inesperado'}
      testId="route-error"
      actions={
        <>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Recargar
          </Button>
          {!fullPage && (
            <Button component={RouterLink} to="/home" variant="outlined">
              Volver al inicio
            </Button>
          )}
        </>
      }
    >
      {stale
        ? 'Recargue la página para usar la versión actual.'
        : 'No se pudo mostrar esta pantalla. Recargue la página; si el problema continúa, avise a Soporte.'}
    </StatusPage>
  );
  return fullPage ? <Box sx={{ p: 3 }}>{content}</Box> : content;
}
