import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDateTime } from '../../lib/format';
import { CodeText } from './code-text';
import { EmptyText, sectionTableSx } from './detail-card';
import { notificationChannelLabel } from './notification-labels';
import { recordHref } from '@/lib/record-href';

/** A notification sent to a payer (payment or subscription: spec 000 §3 notifications[]). */
export interface PayerNotification {
  id: string;
  date?: string | null;
  type?: string | null;
  action?: string | null;
}

/** Newest first; undated ones last. */
export function newestNotificationsFirst<N extends PayerNotification>(items: readonly N[]): N[] {
  return [...items].sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
}

/**
 * FECHA, ID, TIPO, ACCIÓN of the notifications sent to a payer, newest first; the id links to
 * /notificacion/{id} for users who may see notifications. Each row is `data-testid={rowTestId}`; none: a
 * sentence saying so.
 */
export function PayerNotificationsTable({
  notifications,
  actionLabel,
  canShowNotifications,
  rowTestId,
}: {
  notifications: readonly PayerNotification[];
  actionLabel(action: string | null | undefined): string;
  canShowNotifications: boolean;
  rowTestId: string;
}) {
  if (notifications.length === 0) {
    return (
      <Box sx={{ px: 2.5, pb: 2 }}>
        <EmptyText>No se enviaron notificaciones al pagador.</EmptyText>
      </Box>
    );
  }
  return (
    <Table size="small" sx={sectionTableSx} aria-label="Notificaciones al pagador">
      <TableHead>
        <TableRow>
          <TableCell>FECHA</TableCell>
          <TableCell>ID</TableCell>
          <TableCell>TIPO</TableCell>
          <TableCell>ACCIÓN</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {newestNotificationsFirst(notifications).map((n) => (
          <TableRow key={n.id} data-testid={rowTestId}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(n.date)}</TableCell>
            <TableCell>
              {canShowNotifications ? (
                <Link component={RouterLink} to={recordHref('notification', { id: n.id })}>
                  {n.id}
                </Link>
              ) : (
                n.id
              )}
            </TableCell>
            <TableCell>
              <CodeText code={n.type} label={notificationChannelLabel} />
            </TableCell>
            <TableCell>
              <CodeText code={n.action} label={actionLabel} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
