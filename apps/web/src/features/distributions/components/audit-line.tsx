import Typography from '@mui/material/Typography';
import { formatDateTime } from '@/lib/format';

/**
 * The on-screen audit line of a detail's recorded change (an edited destination, a forced payout): who and when,
 * as the service recorded them, in the same words and style for every kind.
 */
export function AuditLine({
  what,
  user,
  date,
  after,
  testId,
}: {
  /** 'Modificado', 'Forzado como pagado'. */
  what: string;
  user: string | null | undefined;
  date: string;
  /** Text after the date, e.g. the previous destination. */
  after?: string;
  testId: string;
}) {
  return (
    <Typography variant="caption" component="div" color="warning.dark" data-testid={testId}>
      {what} por {user ?? 'usuario desconocido'} el {formatDateTime(date)}
      {after ? ` ${after}` : ''}
    </Typography>
  );
}
