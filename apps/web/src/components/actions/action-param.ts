import { useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_LocationContext } from 'react-router';

/** The address's parameter that opens an action's dialog on a detail: `/pago/1000018?accion=CANCEL` (the palette). */
export const ACTION_PARAM = 'accion';

function readActionParam(search: string): string | null {
  try {
    return new URLSearchParams(search).get(ACTION_PARAM);
  } catch {
    return null;
  }
}

/** The parameter leaves the address (a reload or 'Atrás' does not open the dialog again), the router's state kept. */
function dropActionParam(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(ACTION_PARAM)) return;
  url.searchParams.delete(ACTION_PARAM);
  window.history.replaceState(window.history.state, '', url);
}

interface ActionLike {
  kind: string;
  enabled?: boolean;
}

/**
 * The address the screen is shown at: the router's location (each navigation a new `key`, also to the screen already
 * shown), or, outside a router, the document's address when the screen mounted.
 */
function useShownAddress(): { search: string; key: string } {
  const routed = useContext(UNSAFE_LocationContext) as { location?: { search: string; key: string } } | null;
  const [mounted] = useState(() => ({
    search: typeof window === 'undefined' ? '' : window.location.search,
    key: 'mounted',
  }));
  return routed?.location ?? mounted;
}

/**
 * Actions from the palette: a detail opened with `?accion=<KIND>` presses that action once its record is
 * read, as its toolbar would (the same dialog, checks and warnings); an action the record's `actions` no longer allow
 * is not pressed (the toolbar shows why). The palette may name an action of the record already shown: the router then
 * keeps the screen and only its address changes, so every navigation that names one presses it, once.
 */
export function useActionParam(record: unknown, press: (kind: string) => void): void {
  const { search, key } = useShownAddress();
  const kind = readActionParam(search);
  const pressedAt = useRef<string | null>(null);
  const latest = useRef(press);
  latest.current = press;
  useEffect(() => {
    if (!kind || record == null || pressedAt.current === key) return;
    pressedAt.current = key;
    dropActionParam();
    // A detail may read its whole toolbar under another name beside its row's `actions` (a subscription's `toolbar`).
    const { actions, toolbar } = record as Partial<Record<'actions' | 'toolbar', readonly ActionLike[]>>;
    const listed = actions || toolbar ? [...(actions ?? []), ...(toolbar ?? [])] : null;
    if (listed && !listed.some((action) => action.kind === kind && action.enabled)) return;
    latest.current(kind);
  }, [kind, key, record]);
}
