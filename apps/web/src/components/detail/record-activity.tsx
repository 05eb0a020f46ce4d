import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { recordAreaOf } from '@/lib/activity-labels';
import { APPROVAL_PERMISSIONS, useHasAny } from '@/lib/permissions';
import { useAfterFirstPaint } from '@/lib/after-first-paint';
import { DetailCard } from './detail-card';

const RecordActivityContent = lazy(() => import('./record-activity-content'));
const PendingApprovalContent = lazy(() => import('./pending-approval-content'));

/**
 * 'Actividad en el back-office': the last actions operators took on a record, with a link to /actividad
 * filtered by it. Shown to users with ACTIVITY_SHOW only; its query and table load in their own chunk, so a detail
 * screen grows by this file only. One line per detail screen: `<RecordActivity recordId={id} />`. Only the
 * actions of the record's kind are listed: the area of the detail's route (`recordAreaOf`). Its chunk and query start
 * once the record is painted (`useAfterFirstPaint`): the record never waits for its activity.
 */
export function RecordActivity({ recordId }: { recordId: string | null | undefined }) {
  const allowed = useHasAny(['ACTIVITY_SHOW']);
  const area = recordAreaOf(useLocation().pathname);
  const painted = useAfterFirstPaint();
  if (!allowed || !recordId) return null;
  const loading = <Typography color="text.secondary">Cargando actividad…</Typography>;
  return (
    <Box sx={{ mt: 3 }}>
      <DetailCard title="Actividad en el back-office" testId="record-activity">
        {painted ? (
          <Suspense fallback={loading}>
            <RecordActivityContent recordId={recordId} area={area} />
          </Suspense>
        ) : (
          loading
        )}
      </DetailCard>
    </Box>
  );
}

/**
 * 'Pendiente de aprobación' (four eyes on money): the approval requests still waiting on the record a detail shows
 * (what, who asked, how much, until when, and 'Ver solicitud N.º 42' to open it in 'Aprobaciones'), nothing when
 * there are none. One line per detail: `<PendingApproval recordId={id} />`; only the requests of the record's kind
 * (the area of the detail's route, `recordAreaOf`, or `area`). Asked only of operators holding an approval
 * permission (the others send nothing); its query and notice load in their own chunk, once the record is painted.
 * Beside 'Actividad en el back-office', in this module, which every such detail already loads: a module of its own
 * was one more chunk each detail's route names in the app's route table (the shell's download). Read again when the
 * live updates say an approval request changed.
 */
export function PendingApproval({ recordId, area }: { recordId: string | null | undefined; area?: string }) {
  const allowed = useHasAny(APPROVAL_PERMISSIONS);
  const routeArea = recordAreaOf(useLocation().pathname);
  const painted = useAfterFirstPaint();
  if (!allowed || !recordId || !painted) return null;
  return (
    <Suspense fallback={null}>
      <PendingApprovalContent recordId={recordId} area={area ?? routeArea} />
    </Suspense>
  );
}
