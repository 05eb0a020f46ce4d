import { Link as RouterLink } from 'react-router';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { APPROVALS_AREA, requestHref } from '@/features/approvals/approvals-list.definition';
import { operationLabel } from '@/lib/activity-labels';
import { formatDateTime } from '@/lib/format';
import { useAreaRefetch } from '@/lib/live/live-access';
import { MoneyText } from './money-text';
import { RecordPendingApprovalsDocument, type RecordPendingApprovalsQuery } from './gql/graphql';

/** How many of a record's pending requests the notice names (one is the rule: a second is another amount). */
export const PENDING_APPROVALS_SHOWN = 5;

type PendingRequest = NonNullable<RecordPendingApprovalsQuery['approvalRequests']>['rows'][number];

/** One request: 'Cancelar pago · pidió operador · $ 1.500,00 · vence 02/12/2026 10:00:00 · Ver solicitud N.º 42'. */
function PendingRequestLine({ request }: { request: PendingRequest }) {
  const given = request.approvals.length;
  return (
    <Box
      component="li"
      data-testid="pending-approval-request"
      data-request-id={request.id}
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.25, alignItems: 'baseline' }}
    >
      <strong>{operationLabel(request.action)}</strong>
      <span>Pidió: {request.maker}</span>
      {request.amount ? (
        <span>
          Importe: <MoneyText value={request.amount} />
        </span>
      ) : null}
      <span>Vence: {formatDateTime(request.expiresAt)}</span>
      {request.approvalsNeeded > 1 ? (
        <span>
          Aprobaciones: {given} de {request.approvalsNeeded}
        </span>
      ) : null}
      <Link component={RouterLink} to={requestHref(request.id)} data-testid="pending-approval-link">
        Ver solicitud N.º {request.id}
      </Link>
    </Box>
  );
}

/** The notice (its own chunk: pending-approval.tsx loads it for operators holding an approval permission only). */
export default function PendingApprovalContent({
  recordId,
  area,
}: {
  recordId: string;
  area: string | null;
}) {
  const { data, refetch } = useQuery(RecordPendingApprovalsDocument, {
    variables: { recordId, area, pageSize: PENDING_APPROVALS_SHOWN },
    fetchPolicy: 'cache-and-network',
  });
  useAreaRefetch(APPROVALS_AREA, refetch);
  const page = data?.approvalRequests;
  // Nothing pending, not read yet or not readable: the detail says nothing (the request's own dialog said it).
  if (!page || page.rows.length === 0) return null;
  const more = page.total - page.rows.length;
  return (
    <Alert
      severity="info"
      variant="outlined"
      role="status"
      data-testid="pending-approval"
      sx={{ mb: 2, bgcolor: 'background.paper', '& ul': { m: 0, p: 0, listStyle: 'none' } }}
    >
      <AlertTitle>Pendiente de aprobación</AlertTitle>
      <Box component="p" sx={{ m: 0, mb: 0.5 }}>
        Otro operador con el mismo permiso debe aprobar{' '}
        {page.rows.length === 1 ? 'esta acción' : 'estas acciones'} antes de que se envíe
        {page.rows.length === 1 ? '' : 'n'}.
      </Box>
      <ul aria-label="Solicitudes pendientes">
        {page.rows.map((request) => (
          <PendingRequestLine key={request.id} request={request} />
        ))}
      </ul>
      {more > 0 ? (
        <Box component="p" sx={{ m: 0, mt: 0.5 }}>
          Y {more} más en Aprobaciones.
        </Box>
      ) : null}
    </Alert>
  );
}
