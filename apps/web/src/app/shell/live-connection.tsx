import { useContext, useEffect } from 'react';
import { AuthContext } from '../../lib/auth-context';
import { readConfig } from '../../lib/config';
import { CurrentUserContext } from '../../lib/permissions';

/** How long the shell lets the first screen settle before it downloads and starts the live updates. */
const AFTER_FIRST_PAINT_MS = 1500;

/**
 * Starts this tab's live updates (changes pushed, presence, one stream per browser) once the first screen
 * is painted and the browser is idle: the code comes in a chunk of its own (`lib/live/start-live.ts`), never in the
 * first visit's download. Renders nothing; the operator's screens read it through `lib/live/live-tab.ts`.
 */
export function LiveConnection() {
  // Outside a session (a shell rendered on its own, in tests) there is nobody to connect for.
  const getToken = useContext(AuthContext)?.getToken;
  const username = useContext(CurrentUserContext)?.username;
  useEffect(() => {
    if (!getToken || !username) return undefined;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const start = () => {
      void import('../../lib/live/start-live').then(
        ({ startLive }) => {
          if (cancelled) return;
          stop = startLive({ gatewayUrl: readConfig().gatewayUrl, getToken, username });
        },
        () => undefined, // without the chunk the screens poll as before
      );
    };
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(start, { timeout: AFTER_FIRST_PAINT_MS })
      : window.setTimeout(start, AFTER_FIRST_PAINT_MS);
    return () => {
      cancelled = true;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      stop?.();
    };
  }, [getToken, username]);
  return null;
}
