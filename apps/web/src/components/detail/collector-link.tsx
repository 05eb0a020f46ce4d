import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { recordHref } from '@/lib/record-href';

/** The collector of a detail's header: its name (else its id) linking to the collector page. */
export function CollectorLink({ collectorId, name }: { collectorId: string; name?: string | null }) {
  return (
    <Link component={RouterLink} to={recordHref('collector', { collectorId })} data-testid="collector-link">
      {name ?? collectorId}
    </Link>
  );
}
