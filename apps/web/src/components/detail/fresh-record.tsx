import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DocumentNode } from 'graphql';
import type { TypedDocumentNode } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLiveEvents, useLiveTab, useOpenRecord } from '../../lib/live/live-access';
import type { DialogFeedback } from '../../lib/mutation-outcome';
import { recordContent } from '../../lib/record-content';
import { RecordPresence } from './record-presence';

/** The words an operator reads when another operator changed the record shown (and when an action is refused so). */
export const RECORD_CHANGED = 'Otro operador modificó este registro';
export const RECORD_CHANGED_HINT = 'Recargá para ver su estado actual antes de hacer otra acción.';

/** Default time between two checks while the tab is visible. */
export const FRESHNESS_CHECK_MS = 30_000;

/** A record's version as the check compares it: its `version`, else its `lastUpdateDate`, else the whole record. */
export function defaultVersionOf(record: unknown): string {
  if (record && typeof record === 'object') {
    const { version, lastUpdateDate } = record as { version?: unknown; lastUpdateDate?: unknown };
    if (version !== undefined && version !== null) return `v${String(version)}`;
    if (typeof lastUpdateDate === 'string') return `d${lastUpdateDate}`;
  }
  return recordContent(record);
}

/**
 * The version of a record that has no version of its own, or whose `version` means something else (a batch's file
 * layout): everything the record says, but the fields named (what moves without the record changing, such as a
 * collector's balance).
 */
export function contentVersion(...ignored: readonly string[]): (record: unknown) => string {
  return (record) => {
    if (!record || typeof record !== 'object') return recordContent(record);
    const own = Object.entries(record as Record<string, unknown>).filter(([key]) => !ignored.includes(key));
    return recordContent(Object.fromEntries(own));
  };
}

export interface FreshRecordOptions {
  versionOf?: (record: unknown) => string;
  /** Time between two checks while the tab is visible (default 30 s). */
  intervalMs?: number;
  /** No checks (e.g. an older version is shown). */
  skip?: boolean;
}

/** The screen's query result as the check reads it: the answer shown and its refetch ('Recargar'). */
export interface FreshQueryResult<TData> {
  data?: TData | undefined;
  refetch: () => unknown;
}

export interface FreshRecord {
  /** When the shown version was read (ms since epoch). */
  readAt: number;
  /** True when a check found another version than the one shown. */
  changed: boolean;
  /** When the last check was answered (ms since epoch; 0 before the first): shown as `data-checked-at`. */
  checkedAt: number;
  /** Reads the record again now (without showing it): true when it changed. */
  check: () => Promise<boolean>;
  reload: () => void;
  /**
   * An action's refusal, explained: when the record's version moved since it was shown, the refusal says
   * 'Otro operador modificó este registro' (and the notice shows) instead of the service's generic error.
   */
  explainRefusal: (feedback: DialogFeedback | null) => Promise<DialogFeedback | null>;
  /**
   * An action's dialog opening: the record read again; when its version moved since it was shown, the
   * notice the dialog shows ('Otro operador modificó este registro', with 'Recargar' in place of the action).
   */
  noticeOnOpen: () => Promise<DialogFeedback | null>;
  /**
   * True while an action's dialog shows the same news: the page's notice and its 'Recargar' step aside,
   * so the page has one notice and one 'Recargar' at a time.
   */
  inDialog: boolean;
  /** What a detail's action table takes from the record's freshness (`useDetailActions`, `useRowActions`). */
  forActions: FreshActionOptions;
  /** The record as the live updates name it, null for one they do not know. */
  live: { area: string; id: string } | null;
}

/** The freshness options of an action table: a refusal explained, the check as a dialog opens, and its notice. */
export interface FreshActionOptions {
  explainRefusal: FreshRecord['explainRefusal'];
  checkOnOpen: FreshRecord['noticeOnOpen'];
  /**
   * While another operator's change is not read yet ('Otro operador modificó este registro', with 'Recargar'): what an
   * open dialog says in place of its action, whenever the change is heard; null otherwise.
   */
  changedNotice: DialogFeedback | null;
  /** Told when a dialog starts (true) or stops (false) showing the record's notice. */
  onOpeningNotice: (shown: boolean) => void;
}

/**
 * A detail's freshness: when the shown record was read (the record `recordOf` finds in the screen's query
 * `result`), and whether another operator changed it since.
 * The record is read again, without touching the screen's cache (`no-cache`), when the tab becomes visible and every
 * `intervalMs` while it is visible; a different version sets `changed`. 'Recargar' (`reload`) reads the screen's query
 * again; the new version clears `changed`.
 */
export function useFreshRecord<TData, TVariables extends Record<string, unknown>>(
  document: TypedDocumentNode<TData, TVariables> | DocumentNode,
  variables: TVariables,
  result: FreshQueryResult<TData>,
  recordOf: (data: TData) => unknown,
  options: FreshRecordOptions = {},
): FreshRecord {
  const { intervalMs = FRESHNESS_CHECK_MS, skip = false } = options;
  const versionOf = options.versionOf ?? defaultVersionOf;
  const shown = result.data ? recordOf(result.data) : null;
  const { refetch } = result;
  const client = useApolloClient();
  const shownVersion = shown ? versionOf(shown) : null;
  const [reading, setReading] = useState(() => ({ version: shownVersion, at: Date.now() }));
  const [changedFrom, setChangedFrom] = useState<string | null>(null);
  // A new version shown (first load, 'Recargar', an action's answer): read now, nothing pending. Adjusted while
  // rendering, as React does for state that follows a value: in an effect it was a second render of the whole
  // detail, with its commit and effects, run before the record's first paint.
  if (reading.version !== shownVersion) {
    setReading({ version: shownVersion, at: Date.now() });
    setChangedFrom(null);
  }
  const readAt = reading.at;
  const [inDialog, setInDialog] = useState(false);
  const [checkedAt, setCheckedAt] = useState(0);
  const latest = useRef({ document, variables, recordOf, versionOf, shownVersion });
  latest.current = { document, variables, recordOf, versionOf, shownVersion };
  const tab = useLiveTab();
  const liveRecord = tab ? tab.recordOf(shown) : null;
  const liveArea = liveRecord?.area;
  const liveId = liveRecord?.id;
  const live = useMemo(
    () => (liveArea !== undefined && liveId !== undefined ? { area: liveArea, id: liveId } : null),
    [liveArea, liveId],
  );

  const check = useCallback(async (): Promise<boolean> => {
    const { shownVersion: before } = latest.current;
    if (before === null) return false;
    try {
      const { document: query, variables: vars, recordOf: pick, versionOf: version } = latest.current;
      const answer = await client.query({ query, variables: vars, fetchPolicy: 'no-cache' });
      const record = answer.data ? pick(answer.data as TData) : null;
      if (!record) return false;
      const moved = version(record) !== latest.current.shownVersion;
      if (moved) setChangedFrom(before);
      setCheckedAt(Date.now());
      return moved;
    } catch {
      return false; // A failed check says nothing: the next one will tell.
    }
  }, [client]);

  useEffect(() => {
    if (skip || shownVersion === null) return undefined;
    const onVisibility = () => {
      if (window.document.visibilityState === 'visible') void check();
    };
    const timer = window.setInterval(() => {
      if (window.document.visibilityState === 'visible') void check();
    }, intervalMs);
    window.document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      window.document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [skip, shownVersion, intervalMs, check]);

  // The record is declared open (the other operators' details say so), and a change pushed for it (or a
  // reset of the stream) runs the check at once instead of at the next poll. The notice, not the fields refreshed,
  // says it even where nothing is being edited: what the operator reads never moves under his eyes, and 'Recargar'
  // stays his (docs/decisions.md). His own change finds the version he already shows and says nothing.
  useOpenRecord(tab, live && !skip ? { ...live, dialog: null } : null);
  useLiveEvents(tab, (event) => {
    if (skip || !live) return;
    if (
      event.type === 'reset' ||
      (event.type === 'change' && event.area === live.area && event.ids.includes(live.id))
    ) {
      void check();
    }
  });

  const reload = useCallback(() => {
    void Promise.resolve(refetch()).then(() => {
      setReading((read) => ({ version: read.version, at: Date.now() }));
      setChangedFrom(null);
    });
  }, [refetch]);

  // The version shown when this render's handlers were made: an action's refusal is explained against the version
  // the operator acted on, even when the refusal's answer has already put the new version in the cache.
  const explainRefusal = useCallback(
    async (feedback: DialogFeedback | null): Promise<DialogFeedback | null> => {
      if (!feedback || feedback.severity !== 'error') return feedback;
      const moved = (await check()) || latest.current.shownVersion !== shownVersion;
      return moved
        ? { severity: 'error', title: RECORD_CHANGED, message: RECORD_CHANGED_HINT, reload }
        : feedback;
    },
    [check, reload, shownVersion],
  );

  const changedNotice = useMemo(
    (): DialogFeedback => ({
      severity: 'warning',
      title: RECORD_CHANGED,
      message: RECORD_CHANGED_HINT,
      reload,
    }),
    [reload],
  );
  const noticeOnOpen = useCallback(
    async (): Promise<DialogFeedback | null> => ((await check()) ? changedNotice : null),
    [check, changedNotice],
  );
  const changed = changedFrom !== null && changedFrom === shownVersion;

  const forActions = useMemo(
    () => ({
      explainRefusal,
      checkOnOpen: noticeOnOpen,
      changedNotice: changed ? changedNotice : null,
      onOpeningNotice: setInDialog,
    }),
    [explainRefusal, noticeOnOpen, changed, changedNotice],
  );

  return {
    readAt,
    checkedAt,
    changed,
    check,
    reload,
    explainRefusal,
    noticeOnOpen,
    inDialog,
    forActions,
    live,
  };
}

/**
 * Seconds since `since`, advancing every second. A `since` later than the last tick reads 0 until the next one: no
 * render of its own when it changes (the notice renders with the record).
 */
function useSecondsSince(since: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, Math.floor((now - since) / 1000));
}

/** 'hace 12 s', 'hace 3 min', 'hace 2 h'. */
export function agoText(seconds: number): string {
  if (seconds < 60) return `hace ${seconds} s`;
  if (seconds < 3600) return `hace ${Math.floor(seconds / 60)} min`;
  return `hace ${Math.floor(seconds / 3600)} h`;
}

/**
 * A detail's actions while its stale notice is up: without the toolbar's 'Recargar' (RELOAD), the notice's own reading
 * the record again, so the page offers one 'Recargar' at a time.
 */
export function withoutToolbarReload<A extends { kind: string }>(
  fresh: FreshRecord,
  actions: readonly A[],
): A[] {
  return fresh.changed ? actions.filter((action) => action.kind !== 'RELOAD') : [...actions];
}

/**
 * 'Actualizado hace N s' (advancing), and when another operator changed the record, a warning with 'Recargar' and,
 * where the record has a version history, 'Ver cambios' (the side-by-side comparison). While the record shown is
 * stale the line says so ('Leído hace N s: hay una versión más nueva'), and while an action's dialog shows the same
 * news the warning steps aside (one notice and one 'Recargar' at a time).
 */
export function FreshnessNotice({
  fresh,
  onShowChanges,
}: {
  fresh: FreshRecord;
  onShowChanges?: () => void;
}) {
  const seconds = useSecondsSince(fresh.readAt);
  return (
    <Box sx={{ mb: 2 }}>
      <RecordPresence live={fresh.live} />
      <Typography
        variant="caption"
        color="text.secondary"
        data-testid="record-freshness"
        data-checked-at={fresh.checkedAt}
      >
        {fresh.changed
          ? `Leído ${agoText(seconds)}: hay una versión más nueva`
          : `Actualizado ${agoText(seconds)}`}
      </Typography>
      {fresh.changed && !fresh.inDialog ? (
        <Alert
          severity="warning"
          role="alert"
          sx={{ mt: 1 }}
          action={
            <Stack direction="row" spacing={1}>
              {onShowChanges ? (
                <Button color="inherit" size="small" onClick={onShowChanges}>
                  Ver cambios
                </Button>
              ) : null}
              <Button color="inherit" size="small" variant="outlined" onClick={fresh.reload}>
                Recargar
              </Button>
            </Stack>
          }
        >
          {RECORD_CHANGED}
        </Alert>
      ) : null}
    </Box>
  );
}
