import Typography from '@mui/material/Typography';
import { useLiveTab, usePresence } from '../../lib/live/live-access';

/** A record as the live updates name it: its area (the gateway module) and id. */
export interface LiveRecord {
  area: string;
  id: string;
}

/**
 * 'También está viendo: admin': the other operators the gateway says have the record open, the operator
 * himself left out; nothing when there are none. A polite live region: a screen reader hears who arrives.
 */
export function RecordPresence({ live }: { live: LiveRecord | null }) {
  const others = usePresence(useLiveTab(), live?.area, live?.id);
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      component="p"
      role="status"
      data-testid="record-presence"
      sx={{ m: 0 }}
    >
      {others.length > 0 ? `También está viendo: ${others.map((viewer) => viewer.username).join(', ')}` : ''}
    </Typography>
  );
}
