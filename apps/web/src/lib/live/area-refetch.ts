import { useEffect, useRef } from 'react';
import { useLiveEvents, useLiveTab } from './live-access';

/** The live area of the approval requests: the gateway names it when one is created, decided or expires. */
export const APPROVALS_AREA = 'approvals';

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
