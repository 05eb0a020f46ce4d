import { Link as RouterLink } from 'react-router';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import {
  ACTIVITY_RESULT_COLORS,
  ACTIVITY_RESULT_TEXTS,
  activityErrorText,
  operationLabel,
  recordRoute,
  type ActivityResultCode,
} from '@/lib/activity-labels';

/**
 * What the 'Actividad' screen and a detail's 'Actividad en el back-office' section show of one action:
 * its Spanish name (the mutation in a tooltip), its records linked to their detail, its result.
 */
export interface ActivityCellRow {
  area?: string | null;
  operation: string;
  recordIds: readonly string[];
  /** How many distinct ids the action named; `recordIds` holds the first 10 (the rest are counted). */
  recordCount?: number;
  result: ActivityResultCode;
  /** Why it was not a success (the gateway's `ActivityErrorCode`); null for a success. */
  code?: string | null;
  /** The upstream service's own code when it refused (e.g. invalid_status); null otherwise. */
  serviceCode?: string | null;
  reason?: string | null;
  items?: ReadonlyArray<{ id: string; result: ActivityResultCode }> | null;
}

export function ActivityOperation({ row }: { row: ActivityCellRow }) {
  return (
    <Tooltip title={row.operation}>
      <span>{operationLabel(row.operation)}</span>
    </Tooltip>
  );
}

/** At most this many ids are shown of a bulk action; the rest are counted. */
const SHOWN_RECORDS = 3;

export function ActivityRecords({ row }: { row: ActivityCellRow }) {
  if (row.recordIds.length === 0) return <>—</>;
  const shown = row.recordIds.slice(0, SHOWN_RECORDS);
  const more = Math.max(row.recordCount ?? 0, row.recordIds.length) - shown.length;
  return (
    <span>
      {shown.map((id, index) => {
        const route = recordRoute(row.area, id);
        return (
          <span key={id}>
            {index > 0 ? ', ' : null}
            {route ? (
              <Link component={RouterLink} to={route}>
                {id}
              </Link>
            ) : (
              id
            )}
          </span>
        );
      })}
      {more > 0 ? ` y ${more} más` : null}
    </span>
  );
}

export function ActivityResultChip({ result }: { result: ActivityResultCode }) {
  return <Chip size="small" color={ACTIVITY_RESULT_COLORS[result]} label={ACTIVITY_RESULT_TEXTS[result]} />;
}

/**
 * The detail column: why it was not a success, the reason the operator gave, a bulk action's failed items. An error
 * code operators read in words ('Versión desactualizada') comes first; any other as 'Código: …' after the reason,
 * the service's own code (invalid_status) when it refused, the gateway's code otherwise.
 */
export function activityDetailText(row: ActivityCellRow): string {
  const parts: string[] = [];
  const errorWords = row.code ? activityErrorText(row.code) : null;
  const shownCode = row.serviceCode ?? row.code;
  if (errorWords) parts.push(errorWords);
  if (row.reason) parts.push(`Motivo: ${row.reason}`);
  if (shownCode && !errorWords) parts.push(`Código: ${shownCode}`);
  if (row.items && row.items.length > 0) {
    const ok = row.items.filter((item) => item.result === 'SUCCESS').length;
    parts.push(`${ok} de ${row.items.length} correctos`);
  }
  return parts.length > 0 ? parts.join(' · ') : '—';
}
