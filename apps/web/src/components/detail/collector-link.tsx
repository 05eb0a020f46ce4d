import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';

/** The collector of a detail's header: its name (else its id) linking to the collector page. */
export function CollectorLink({ collectorId, name }: { collectorId: string; name?: string | null }) {
  return (
    <Link
      component={RouterLink}
      to={`/comercios/${encodeURIComponent(collectorId)}`}
      data-testid="collector-link"
    >
      {name ?? collectorId}
    </Link>
  );
}
