import { useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { visuallyHidden } from '../feedback/visually-hidden';
import { useLiveEvents, useLiveTab } from '../../lib/live/live-access';
import { newsAmong } from '../../lib/live/own-changes';

/** Changes pushed within this time make one request (a bulk's events, several operators at once). */
export const LIVE_REFETCH_DEBOUNCE_MS = 300;
/** How long an updated row stays highlighted. */
export const LIVE_HIGHLIGHT_MS = 2500;

export interface LiveRows {
  /** The ids highlighted now (also the list's `data-updated-ids`, for tests). */
  updated: readonly string[];
  /**
   * The list's box style: the updated rows' background and edge, the background fading out unless the operator asked
   * for less motion. A function of the theme, so the kit's first visit does not bring MUI's theme hooks for it.
   */
  sx: SxProps<Theme>;
  /** Said to screen readers: which rows changed. */
  status: string;
}

/** The list's box as `<ListPage>` draws it. */
const LIST_BOX = { overflow: 'hidden' } as const;

/** An id inside a quoted attribute selector: only its quotes and backslashes are escaped. */
const quote = (id: string) => id.replace(/["\\]/g, '\\$&');

/**
 * A list and the live updates: a change pushed for a record the page shows (its area the list's) reads the
 * page again, one request for a burst, and its rows are highlighted for a moment once the answer is in; a reset of
 * the stream reads it again without a highlight. The polling a list may have goes on.
 */
export function useLiveRows(
  listArea: string | undefined,
  rows: readonly { id: string }[],
  refetch: () => Promise<unknown> | void,
  debounceMs = LIVE_REFETCH_DEBOUNCE_MS,
): LiveRows {
  const [updated, setUpdated] = useState<readonly string[]>([]);
  const pending = useRef<{ ids: Set<string>; timer?: ReturnType<typeof setTimeout> }>({ ids: new Set() });
  const latest = useRef({ rows, refetch });
  latest.current = { rows, refetch };
  const tab = useLiveTab();
  const area = listArea === undefined || !tab ? undefined : tab.listArea(listArea);

  useEffect(() => {
    const own = pending.current;
    return () => clearTimeout(own.timer);
  }, []);
  useEffect(() => {
    if (updated.length === 0) return undefined;
    const timer = setTimeout(() => setUpdated([]), LIVE_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [updated]);

  useLiveEvents(tab, (event) => {
    if (area === undefined) return;
    if (event.type === 'change') {
      if (event.area !== area) return;
      const shown = new Set(latest.current.rows.map((row) => row.id));
      const ids = newsAmong(event.ids.filter((id) => shown.has(id)));
      if (ids.length === 0) return;
      ids.forEach((id) => pending.current.ids.add(id));
    } else if (event.type !== 'reset') return;
    const own = pending.current;
    clearTimeout(own.timer);
    own.timer = setTimeout(() => {
      const ids = [...own.ids];
      own.ids.clear();
      void Promise.resolve(latest.current.refetch())
        .catch(() => undefined) // a failed read shows as the list's failure
        .then(() => {
          if (ids.length > 0) setUpdated(ids);
        });
    }, debounceMs);
  });

  const key = updated.join('\n');
  const sx = useMemo<SxProps<Theme>>(() => {
    if (!key) return LIST_BOX;
    const selector = key
      .split('\n')
      .map((id) => `& .MuiDataGrid-row[data-id="${quote(id)}"]`)
      .join(', ');
    const tint = (theme: Theme, percent: number) =>
      `color-mix(in srgb, ${theme.palette.warning.light} ${percent}%, transparent)`;
    return (theme: Theme) => ({
      ...LIST_BOX,
      [selector]: {
        backgroundColor: tint(theme, 20),
        boxShadow: `inset 3px 0 0 ${theme.palette.warning.main}`,
        '@media (prefers-reduced-motion: no-preference)': {
          animation: `backoffice-live-row ${LIVE_HIGHLIGHT_MS}ms ease-out forwards`,
        },
      },
      '@keyframes backoffice-live-row': {
        from: { backgroundColor: tint(theme, 45) },
        to: { backgroundColor: 'transparent' },
      },
    });
  }, [key]);
  const status =
    updated.length === 0
      ? ''
      : updated.length === 1
        ? `Se actualizó la fila ${updated[0]}`
        : `Se actualizaron las filas ${updated.join(', ')}`;
  return { updated, sx, status };
}

/** The updated rows said to screen readers (a polite live region, not shown). */
export function LiveRowsStatus({ status }: { status: string }) {
  return (
    <Box role="status" sx={visuallyHidden}>
      {status}
    </Box>
  );
}
