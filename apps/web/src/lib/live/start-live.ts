import { requestHeaders } from '../request-headers';
import { provideLiveTab } from './live-access';
import { startLiveEngine } from './live-engine';
import { liveTab } from './live-tab';

/**
 * The live updates of this tab, started by the shell after its first paint (`app/shell/live-connection.tsx`
 * imports this module lazily: the first visit downloads none of it). Answers its stop.
 */
export function startLive({
  gatewayUrl,
  getToken,
  username,
}: {
  gatewayUrl: string;
  getToken(): Promise<string>;
  username: string;
}): () => void {
  const language = typeof navigator === 'undefined' ? undefined : navigator.language;
  const engine = startLiveEngine({
    gatewayUrl,
    getToken,
    username,
    // The platform's headers (source, locale) as on every gateway request; the token is the engine's own.
    headers: () => requestHeaders(undefined, { token: undefined, language }),
  });
  liveTab.end = () => engine.signOut();
  provideLiveTab(liveTab);
  return () => {
    provideLiveTab(null);
    liveTab.end = null;
    engine.stop();
  };
}
