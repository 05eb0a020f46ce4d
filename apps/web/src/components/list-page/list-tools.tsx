import { useCallback, useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import {
  NO_COLUMN_CHOICE,
  readColumnChoice,
  readSavedViews,
  type ColumnChoice,
  type ListViewBinding,
} from '@/lib/list/list-views';
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
 * Every list's 'Vistas' and 'Columnas' (issue 30), the operator's own and kept in the gateway's store per list:
 * `list.<area>.views` and `list.<area>.columns` (`usePreference`). Nothing waits for them (issue 44): the list
 * shows the browser's last copy (or every column) at once, and the gateway's copy when it arrives.
 */
export function useListTools(
  view: ListViewBinding | undefined,
  columns: readonly ChooserColumn[],
): ListTools {
  const area = view?.area ?? '';
  const [storedChoice, setChoice] = usePreference<unknown>(preferenceKeys.listColumns(area), null);
  const [storedViews, setViews] = usePreference<unknown>(preferenceKeys.listViews(area), null);
  const fieldsKey = columns.map((column) => column.field).join(',');
  const choice = useMemo(
    () => (view ? readColumnChoice(storedChoice, fieldsKey.split(',')) : NO_COLUMN_CHOICE),
    [view, storedChoice, fieldsKey],
  );
  const views = useMemo(() => readSavedViews(storedViews), [storedViews]);
  const [hidden, setHidden] = useState<readonly string[]>([]);
  const onHiddenChange = useCallback((fields: readonly string[]) => setHidden(fields), []);
  const tools = view ? (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center' }} data-testid="list-tools">
      <ViewsMenu
        views={views}
        current={view.params}
        onApply={view.apply}
        onChange={(next) => setViews(next.length ? next : null)}
      />
      <ColumnChooser
        columns={columns}
        choice={choice}
        hidden={hidden}
        onChange={(next) => setChoice(Object.keys(next).length ? next : null)}
      />
    </Box>
  ) : null;
  return { tools, columnChoice: choice, onHiddenChange };
}
