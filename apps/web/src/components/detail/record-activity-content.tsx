import { Link as RouterLink } from 'react-router';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { activityList } from '@/features/activity/activity-list.definition';
import { formatDateTime } from '@/lib/format';
import { hrefOf } from '@/lib/list/list-definition';
import { ActivityOperation, ActivityResultChip, activityDetailText } from './activity-cells';
import { RecordActivityDocument } from './gql/graphql';

/** How many of the record's last actions the section shows. */
export const RECORD_ACTIVITY_SIZE = 10;

/** The section's content (its own chunk: record-activity.tsx loads it for users with ACTIVITY_SHOW only). */
export default function RecordActivityContent({
  recordId,
  area,
}: {
  recordId: string;
  /** The record's kind (its area): only actions of that area are listed; every area's when null. */
  area: string | null;
}) {
  const { data, error, loading } = useQuery(RecordActivityDocument, {
    variables: { recordId, area, pageSize: RECORD_ACTIVITY_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const rows = data?.activity?.rows ?? [];
  const link = (
    <Link
      component={RouterLink}
      to={hrefOf(activityList, { recordId, area })}
      data-testid="record-activity-link"
    >
      Ver toda la actividad del registro
    </Link>
  );
  if (error && !data) {
    return (
      <Alert severity="warning" action={link}>
        No se pudo cargar la actividad del registro.
      </Alert>
    );
  }
  if (!data && loading) return <Typography color="text.secondary">Cargando actividad…</Typography>;
  return (
    <Box>
      {rows.length === 0 ? (
        <Typography color="text.secondary">No hay acciones registradas sobre este registro.</Typography>
      ) : (
        <Table size="small" aria-label="Actividad en el back-office">
          <TableHead>
            <TableRow>
              <TableCell>Fecha</TableCell>
              <TableCell>Operador</TableCell>
              <TableCell>Acción</TableCell>
              <TableCell>Resultado</TableCell>
              <TableCell>Detalle</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell>{formatDateTime(row.at)}</TableCell>
                <TableCell>{row.user ?? '—'}</TableCell>
                <TableCell>
                  <ActivityOperation row={row} />
                </TableCell>
                <TableCell>
                  <ActivityResultChip result={row.result} />
                </TableCell>
                <TableCell>{activityDetailText(row)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Box sx={{ mt: 1.5 }}>{link}</Box>
    </Box>
  );
}
