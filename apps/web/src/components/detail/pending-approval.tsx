import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { recordAreaOf } from '@/lib/activity-labels';
import { APPROVAL_PERMISSIONS, useHasAny } from '@/lib/permissions';

const PendingApprovalContent = lazy(() => import('./pending-approval-content'));

/**
 * 'Pendiente de aprobación' (four eyes on money): the approval requests still waiting on the record a detail shows
 * (what, who asked, how much, until when, and 'Ver solicitud N.º 42' to open it in 'Aprobaciones'), nothing when
 * there are none. One line per detail: `<PendingApproval recordId={id} />`; only the requests of the record's kind
 * (the area of the detail's route, `recordAreaOf`, or `area`). Asked only of operators holding an approval
 * permission (the others send nothing); its query and notice load in their own chunk, so a detail grows by this
 * file only. Read again when the live updates say an approval request changed.
 */
export function PendingApproval({ recordId, area }: { recordId: string | null | undefined; area?: string }) {
  const allowed = useHasAny(APPROVAL_PERMISSIONS);
  const routeArea = recordAreaOf(useLocation().pathname);
  if (!allowed || !recordId) return null;
  return (
    <Suspense fallback={null}>
      <PendingApprovalContent recordId={recordId} area={area ?? routeArea} />
    </Suspense>
  );
}
