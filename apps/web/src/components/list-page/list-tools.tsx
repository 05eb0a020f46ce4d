import { useCallback, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  appliedViewOf,
  NO_COLUMN_CHOICE,
  readColumnChoice,
  readSavedViews,
  savedViewEntries,
  updateView,
  type AppliedView,
  type ColumnChoice,
  type ListViewBinding,
  type SavedView,
} from '@/lib/list/list-views';
import { createSessionCache, decodeString } from '@/lib/session-cache';
import { preferenceKeys } from '@/lib/preferences';
import { usePreference } from '@/lib/use-preference';
import type { ChooserColumn } from './column-chooser';
import { ColumnChooser } from './column-chooser';
import { ViewsMenu } from './views-menu';

export interface ListTools {
  /** 'Vistas' and 'Columnas', for the list's bar (null for a list without a view binding). */
  tools: ReactNode;
  /** The grid's props: the operator's choice of columns, and where it tells what is hidden. */
  columnChoice: ColumnChoice;
  onHiddenChange: (fields: readonly string[]) => void;
}

/**
 * The view the list shows, by name, before 'Vistas'; once its filters differ from it, '(con cambios)'
 * and 'Guardar cambios', which saves them into the view.
 */
function AppliedViewName({ applied, onSave }: { applied: AppliedView; onSave(view: SavedView): void }) {
  const { view, modified } = applied;
  return (
    <Box
      data-testid="applied-view"
      sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0, mr: 0.5 }}
    >
      <Typography variant="body2" noWrap title={view.name} sx={{ maxWidth: 240 }}>
        Vista: <strong>{view.name}</strong>
      </Typography>
      {modified && (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {' '}
          (con cambios)
        </Typography>
      )}
      {modified && (
        <Button size="small" variant="outlined" onClick={() => onSave(view)}>
          Guardar cambios
        </Button>
      )}
    </Box>
  );
}

/** The view this tab last applied to a list (`<area>.view` in session storage): the one 'Guardar cambios' updates. */
const appliedViewCache = (area: string) => createSessionCache(`${area}.view`, decodeString);

/**
 * Every list's 'Vistas' and 'Columnas', the operator's own and kept in the gateway's store per list:
 * `list.<area>.views` and `list.<area>.columns` (`usePreference`). Nothing waits for them: the list
 * shows the browser's last copy (or every column) at once, and the gateway's copy when it arrives.
 */
export function useListTools(
  view: ListViewBinding | undefined,
  columns: readonly ChooserColumn[],
): ListTools {
  const area = view?.area ?? '';
  // Each column choice and each view is its own entry: a change writes only what it changed, so
  // another tab's changes to other columns or views stay.
  const [storedChoice, , columnsPreference] = usePreference<unknown>(preferenceKeys.listColumns(area), null);
  const [storedViews, , viewsPreference] = usePreference<unknown>(preferenceKeys.listViews(area), null);
  const setViews = (next: readonly SavedView[]) => viewsPreference.merge(savedViewEntries(next));
  const fieldsKey = columns.map((column) => column.field).join(',');
  const choice = useMemo(
    () => (view ? readColumnChoice(storedChoice, fieldsKey.split(',')) : NO_COLUMN_CHOICE),
    [view, storedChoice, fieldsKey],
  );
  const views = useMemo(() => readSavedViews(storedViews), [storedViews]);
  const cache = useMemo(() => appliedViewCache(area), [area]);
  const [appliedId, setAppliedId] = useState<string | null>(() => (area ? (cache.read() ?? null) : null));
  const remember = (id: string) => {
    setAppliedId(id);
    cache.write(id);
  };
  const applied = view ? appliedViewOf(views, view.params, appliedId) : null;
  const [hidden, setHidden] = useState<readonly string[]>([]);
  const onHiddenChange = useCallback((fields: readonly string[]) => setHidden(fields), []);
  const tools = view ? (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }} data-testid="list-tools">
      {applied && (
        <AppliedViewName
          applied={applied}
          onSave={(saved) => setViews(updateView(views, saved.id, view.params))}
        />
      )}
      <ViewsMenu
        views={views}
        current={view.params}
        onApply={(chosen) => {
          remember(chosen.id);
          view.apply(chosen.params);
        }}
        onChange={(next, saved) => {
          if (saved) remember(saved.id);
          setViews(next);
        }}
      />
      <ColumnChooser
        columns={columns}
        choice={choice}
        hidden={hidden}
        onChange={(next) => columnsPreference.merge(next)}
      />
    </Box>
  ) : null;
  return { tools, columnChoice: choice, onHiddenChange };
}
