import { useEffect, useRef } from 'react';

/** The address's parameter that opens an action's dialog on a detail: `/pago/1000018?accion=CANCEL` (the palette). */
export const ACTION_PARAM = 'accion';

function readActionParam(): string | null {
  try {
    return new URLSearchParams(window.location.search).get(ACTION_PARAM);
  } catch {
    return null;
  }
}

/** The parameter leaves the address (a reload or 'Atrás' does not open the dialog again), the router's state kept. */
function dropActionParam(): void {
  const url = new URL(window.location.href);
  url.searchParams.delete(ACTION_PARAM);
  window.history.replaceState(window.history.state, '', url);
}

/**
 * Issue 63 (actions from the palette): a detail opened with `?accion=<KIND>` presses that action once its record is
 * read, as its toolbar would (the same dialog, checks and warnings); an action the record's `actions` no longer allow
 * is not pressed (the toolbar shows why).
 */
export function useActionParam(record: unknown, press: (kind: string) => void): void {
  const pending = useRef<string | null>(typeof window === 'undefined' ? null : readActionParam());
  const latest = useRef(press);
  latest.current = press;
  useEffect(() => {
    const kind = pending.current;
    if (!kind || record == null) return;
    pending.current = null;
    dropActionParam();
    const { actions } = record as { actions?: readonly { kind: string; enabled?: boolean }[] };
    if (actions && !actions.some((action) => action.kind === kind && action.enabled)) return;
    latest.current(kind);
  }, [record]);
}
