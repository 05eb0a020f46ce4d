import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import EventRepeatOutlined from '@mui/icons-material/EventRepeatOutlined';
import { ActionButton } from '@/components/actions/action-button';
import { PageLoader } from '@/components/feedback/page-loader';
import { PageHeader } from '@/components/layout/page-header';
import { usePermissions } from '@/lib/permissions';
import { useStoredState } from '@/lib/use-stored-state';
import { authorizationPanel, historyPanel } from '../components/withdrawals-panel';
import { WithdrawalListPanel } from '../components/withdrawal-list-panel';
import { withdrawsPanel } from '../components/withdraws-panel';
import { WITHDRAWALS_MESSAGES } from '../labels';
import { UNIFIED_VIEW_KEY, unifiedViewOf, unifiedViewsOf, type UnifiedView } from '../unified-views';

/** 'Programar' as spec 001 §2 shows it: present and disabled, saying why in its tooltip (the kit's disabled action). */
const SCHEDULE = {
  action: {
    kind: 'SCHEDULE',
    enabled: false,
    permitted: true,
    reason: WITHDRAWALS_MESSAGES.scheduleDisabled,
  },
  meta: { label: WITHDRAWALS_MESSAGES.schedule, icon: EventRepeatOutlined },
} as const;
const noRun = () => undefined;

type View = UnifiedView;

/**
 * /retirosUnificados 'Retiros' (spec 001 §2): the toggles 'Retiros pendientes', 'Retiros por lote', 'Lotes' and
 * 'Historial', each only with its permission; 'Programar' present and disabled, as the spec shows it
 * (docs/decisions.md, "Withdrawals"). `Batches` is the screen of /lotes, lent by the route manifest (app/screens.ts): a
 * feature imports neither another feature nor the app.
 */
export default function UnifiedWithdrawalsScreen({
  Batches,
}: {
  Batches: ComponentType<{ embedded?: boolean }>;
}) {
  const permissions = usePermissions();
  const navigate = useNavigate();
  const views = unifiedViewsOf(permissions);
  const [stored, setStored] = useStoredState<View>(UNIFIED_VIEW_KEY, views[0]?.view ?? 'pending');
  const view = unifiedViewOf(permissions, stored);
  const { search } = useLocation();
  // A view chosen while the address still holds the previous view's list: the router commits
  // addresses later, in a transition, and a list mounted before the emptied one is committed would take the
  // previous view's filters as its own (and save them). The location the screen sees may also lag the browser's:
  // a filter just applied in the previous view can still be on its way. So every switch empties the address and
  // no list is shown until the committed address is empty; then the new view's list restores its own state.
  const [switching, setSwitching] = useState<View | null>(null);
  useEffect(() => {
    if (!switching || search !== '') return;
    setStored(switching);
    setSwitching(null);
  }, [search, switching, setStored]);
  const shown = switching ? null : view;

  return (
    <Box component="section" aria-label={WITHDRAWALS_MESSAGES.title}>
      <PageHeader
        title={WITHDRAWALS_MESSAGES.title}
        actions={
          <ActionButton action={SCHEDULE.action} meta={SCHEDULE.meta} variant="contained" onRun={noRun} />
        }
      />
      <ToggleButtonGroup
        exclusive
        value={switching ?? view}
        aria-label="Vista de retiros"
        onChange={(_event, next: View | null) => {
          if (!next || next === (switching ?? view)) return;
          // Each view keeps its own list in the address: empty it, then the new view's list restores its own.
          setSwitching(next);
          void navigate({ search: '' }, { replace: true });
        }}
        // The unselected toggles' default grey is under 4.5:1 on white.
        sx={{ mb: 2, '& .MuiToggleButton-root': { color: 'text.primary' } }}
      >
        {views.map((v) => (
          <ToggleButton key={v.view} value={v.view}>
            {v.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {switching && <PageLoader />}
      {shown === 'pending' && <WithdrawalListPanel key="pending" definition={authorizationPanel} />}
      {shown === 'transfer' && <WithdrawalListPanel key="transfer" definition={withdrawsPanel} />}
      {shown === 'batches' && (
        <Suspense fallback={<PageLoader />}>
          <Batches embedded />
        </Suspense>
      )}
      {shown === 'history' && <WithdrawalListPanel key="history" definition={historyPanel} />}
    </Box>
  );
}
