import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { LiveTab } from './live-tab';
import type { LiveEvent, OpenRecord, Viewer } from './protocol';

/**
 * How the screens reach the live updates without downloading them: the tab's live state (`./live-tab.ts`)
 * and the engine come in a chunk of their own after the first paint (`app/shell/live-connection.tsx`), which hands
 * the tab over here (`provideLiveTab`). Until then these hooks hear nothing and declare nothing; the screens' polling
 * goes on as before.
 */
let current: LiveTab | null = null;
const waiting = new Set<() => void>();

export function provideLiveTab(tab: LiveTab | null): void {
  current = tab;
  for (const notify of [...waiting]) notify();
}

/** The tab's live state now (null before the live updates started). */
export const liveTabNow = (): LiveTab | null => current;

/** The tab's live state, once it is there. */
export function useLiveTab(): LiveTab | null {
  const [tab, setTab] = useState(current);
  useEffect(() => {
    const notify = () => setTab(current);
    waiting.add(notify);
    notify();
    return () => void waiting.delete(notify);
  }, []);
  return tab;
}

/** 'Cerrar Sesion': every tab of the operator stops its live updates (the leader's stream closes). */
export function endLive(): void {
  current?.end?.();
}

/** Declares `entry` open while the component shows it (null: nothing). */
export function useOpenRecord(tab: LiveTab | null, entry: OpenRecord | null): void {
  const area = entry?.area;
  const id = entry?.id;
  const dialog = entry?.dialog ?? null;
  useEffect(() => {
    if (!tab || area === undefined || id === undefined) return undefined;
    return tab.declare({ area, id, dialog });
  }, [tab, area, id, dialog]);
}

/** Hears every live event while mounted; the handler may change between renders. */
export function useLiveEvents(tab: LiveTab | null, handler: (event: LiveEvent) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => tab?.listen((event) => latest.current(event)), [tab]);
}

const NOBODY: Viewer[] = [];
const nothing = () => () => undefined;

/** The other operators the gateway last said have `area`/`id` open (the operator himself left out). */
export function usePresence(tab: LiveTab | null, area: string | undefined, id: string | undefined): Viewer[] {
  const viewers = useSyncExternalStore(
    tab ? tab.onViewers : nothing,
    () => (tab && area !== undefined && id !== undefined ? tab.viewers(area, id) : undefined) ?? NOBODY,
    () => NOBODY,
  );
  return useMemo(() => {
    const others = tab ? tab.othersOf(viewers) : NOBODY;
    return others.length === 0 ? NOBODY : others;
  }, [tab, viewers]);
}

/** Changes heard within this time are read once (a bulk held for approval is one change per request). */
export const AREA_REFETCH_QUIET_MS = 300;

/**
 * What a screen shows of a whole area, read again when the live updates say something in it changed, whatever the
 * ids (a record's pending approval requests: the change names the request, not the record), and when the stream
 * starts over (`reset`); one read per burst, after `quietMs` without news. A failed read keeps what was shown.
 */
export function useAreaRefetch(
  area: string,
  refetch: () => Promise<unknown> | unknown,
  quietMs: number = AREA_REFETCH_QUIET_MS,
): void {
  const read = useRef(refetch);
  read.current = refetch;
  const waiting = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(waiting.current), []);
  useLiveEvents(useLiveTab(), (event) => {
    const news = event.type === 'reset' || (event.type === 'change' && event.area === area);
    if (!news) return;
    clearTimeout(waiting.current);
    waiting.current = setTimeout(() => {
      void Promise.resolve()
        .then(() => read.current())
        .catch(() => undefined);
    }, quietMs);
  });
}
