import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { ActionButton } from '@/components/actions/action-button';
import { useDetailActions } from '@/components/actions/detail-actions';
import { withoutToolbarReload, type FreshRecord } from '@/components/detail/fresh-record';
import type { ImportActionKind, ImportSummaryFragment } from '../gql/graphql';
import { IMPORT_ACTION_TABLE, IMPORT_ACTIONS } from '../import-action-table';

/**
 * The import toolbar (spec 001 §2, §4): its action table (`IMPORT_ACTION_TABLE`) as the gateway's actions say, a
 * disabled one with its reason as tooltip (Confirmar and Cancelar outside pending_approved), Recargar always; each
 * write's answer replaces the import.
 */
export function ImportToolbar({
  doc,
  refetch,
  onCancelled,
  showConfirm = true,
  fresh,
}: {
  doc: ImportSummaryFragment;
  refetch(): Promise<unknown>;
  onCancelled?(doc: ImportSummaryFragment): void;
  /** The conversion screen offers only Cancelar and Recargar (spec 001 §2). */
  showConfirm?: boolean;
  /** The detail's freshness: a refusal explained, the check as a dialog opens, one 'Recargar' at a time. */
  fresh?: FreshRecord;
}) {
  const context = useMemo(() => ({ onCancelled }), [onCancelled]);
  const actions = useDetailActions(IMPORT_ACTION_TABLE, {
    record: doc,
    context,
    refetch,
    ...fresh?.forActions,
  });
  const shown = (fresh ? withoutToolbarReload(fresh, doc.actions) : doc.actions).filter(
    (action) => action.permitted && (showConfirm || action.kind !== 'CONFIRM'),
  );
  return (
    <Box
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
      role="toolbar"
      aria-label="Acciones de la importación"
    >
      {shown.map((action) => (
        <ActionButton<ImportActionKind>
          key={action.kind}
          action={action}
          meta={IMPORT_ACTIONS[action.kind]}
          variant={action.kind === 'CONFIRM' ? 'contained' : 'outlined'}
          busy={actions.busyKind === action.kind}
          onRun={actions.run}
        />
      ))}
      {actions.dialog}
    </Box>
  );
}
