import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { recordAreaOf } from '@/lib/activity-labels';
import { useHasAny } from '@/lib/permissions';
import { DetailCard } from './detail-card';

const RecordActivityContent = lazy(() => import('./record-activity-content'));

/**
 * 'Actividad en el back-office' (issue 31): the last actions operators took on a record, with a link to /actividad
 * filtered by it. Shown to users with ACTIVITY_SHOW only; its query and table load in their own chunk, so a detail
 * screen grows by this file only. One line per detail screen: `<RecordActivity recordId={id} />`. Only the
 * actions of the record's kind are listed: the area of the detail's route (`recordAreaOf`, issue 61).
 */
export function RecordActivity({ recordId }: { recordId: string | null | undefined }) {
  const allowed = useHasAny(['ACTIVITY_SHOW']);
  const area = recordAreaOf(useLocation().pathname);
  if (!allowed || !recordId) return null;
  return (
    <Box sx={{ mt: 3 }}>
      <DetailCard title="Actividad en el back-office" testId="record-activity">
        <Suspense fallback={<Typography color="text.secondary">Cargando actividad…</Typography>}>
          <RecordActivityContent recordId={recordId} area={area} />
        </Suspense>
      </DetailCard>
    </Box>
  );
}
