import { electLeader, type ChannelLike, type Election, type LocksLike } from './leader';
import { liveTab as defaultTab, type LiveTab } from './live-tab';
import { openLiveStream, type LiveStream } from './live-stream';
import { PresenceGathering } from './presence';
import { liveUrl, PRESENCE_REFRESH_MS, recordKey, type LiveEvent, type OpenRecord } from './protocol';

/**
 * One `/live` connection per browser: every tab of the operator joins a BroadcastChannel; one of them, the
 * leader (`./leader.ts`), opens the stream and relays its events to the others; each tab says there what its screens
 * have open (on every change and every 10 s), and the leader sends the union to `/live/presence` on every change and
 * every 10 s. When the leader's tab closes another is elected and connects again from the last event id it heard
 * relayed, so no change is lost. 'Cerrar Sesion' in any tab ends it in all of them (`signOut`).
 */
export interface LiveEngineOptions {
  gatewayUrl: string;
  getToken(): Promise<string>;
  username: string;
  /** Headers every gateway request carries (source, locale). */
  headers?: () => Record<string, string>;
  tab?: LiveTab;
  locks?: LocksLike | null;
  channel?: (name: string) => ChannelLike;
  fetch?: typeof fetch;
  tabId?: string;
  /** The stream's reconnection delays (tests shorten them). */
  minDelayMs?: number;
  beatMs?: number;
  /** The clock of the presence's refresh (tests). */
  now?: () => number;
}

export interface LiveEngine {
  readonly leader: boolean;
  /** Ends the live updates in every tab of the operator (sign-out). */
  signOut(): void;
  /** Ends this tab's part (the tab goes): another tab takes over. */
  stop(): void;
}

type RelayMessage =
  | { t: 'event'; event: LiveEvent }
  | { t: 'open'; tab: string; open: OpenRecord[] }
  | { t: 'bye'; tab: string }
  | { t: 'leader'; tab: string }
  | { t: 'signout' };

/** How long the leader gathers declarations before it POSTs them (a detail and its dialog open together). */
const PRESENCE_GATHER_MS = 50;

/** What the leader's part uses of the engine: the tab, the relay, the last change heard, whether it stopped. */
interface EngineParts {
  options: LiveEngineOptions;
  tab: LiveTab;
  tabId: string;
  doFetch: typeof fetch;
  post(message: RelayMessage): void;
  /** An event for this tab's screens (a change's id is where a new leader resumes). */
  heard(event: LiveEvent): void;
  /** What this tab's screens have open. */
  own(): OpenRecord[];
  lastEventId(): string;
  stopped(): boolean;
}

/**
 * The leader's part, idle until this tab is elected (`lead`) and again once another is (`follow`): the stream, its
 * events relayed to the other tabs, and every tab's open records gathered and sent to `/live/presence` as one.
 */
function leaderPart(engine: EngineParts) {
  const { options, tab, tabId, doFetch, post } = engine;
  const now = options.now ?? Date.now;
  let stream: LiveStream | null = null;
  let streamId: string | null = null;
  let gathering: PresenceGathering | null = null;
  let presenceTimer: ReturnType<typeof setTimeout> | undefined;
  const presenceSaid = new Map<string, LiveEvent & { type: 'presence' }>();
  let lastPresenceAt = 0;

  function schedulePresence() {
    clearTimeout(presenceTimer);
    presenceTimer = setTimeout(() => void sendPresence(), PRESENCE_GATHER_MS);
  }

  async function sendPresence(): Promise<void> {
    if (!gathering || !streamId || engine.stopped()) return;
    const sentFor = streamId;
    lastPresenceAt = now();
    try {
      const token = await options.getToken();
      const response = await doFetch(liveUrl(options.gatewayUrl, '/live/presence'), {
        method: 'POST',
        headers: {
          ...options.headers?.(),
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({ streamId: sentFor, open: gathering.union() }),
      });
      // The gateway no longer knows the stream (its replica went): connect again, then say it all again.
      if (response.status === 404 && streamId === sentFor) stream?.reconnect();
    } catch {
      // The next change or the 10 s refresh says it again.
    }
  }

  const lead = () => {
    if (engine.stopped() || gathering) return;
    gathering = new PresenceGathering();
    gathering.set(tabId, engine.own());
    post({ t: 'leader', tab: tabId });
    stream = openLiveStream({
      url: liveUrl(options.gatewayUrl),
      getToken: options.getToken,
      headers: options.headers,
      fetch: doFetch,
      minDelayMs: options.minDelayMs,
      lastEventId: engine.lastEventId(),
      onStream: (id) => {
        streamId = id;
        tab.connected = id !== null;
        if (id) void sendPresence();
      },
      onEvent: (event) => {
        if (event.type === 'presence') presenceSaid.set(recordKey(event.area, event.id), event);
        engine.heard(event);
        post({ t: 'event', event });
      },
    });
  };
  const follow = () => {
    stream?.stop();
    stream = null;
    streamId = null;
    gathering = null;
    presenceSaid.clear();
  };

  return {
    get leading() {
      return gathering !== null;
    },
    lead,
    follow,
    /** This tab's records, gathered when leading (false: not the leader, they go to the leader). */
    ownOpen(open: OpenRecord[]): boolean {
      if (!gathering) return false;
      if (gathering.set(tabId, open)) schedulePresence();
      return true;
    },
    /** Another tab's records, when leading. */
    tabOpen(from: string, open: OpenRecord[]) {
      if (!gathering) return;
      // A hidden leader tab's own 10 s timer may be throttled to once a minute; a visible tab's repeat keeps the
      // gateway's entries (30 s) alive.
      const stale = now() - lastPresenceAt >= PRESENCE_REFRESH_MS;
      if (gathering.set(from, open) || stale) schedulePresence();
      // A tab that opens a record this browser already has open hears its viewers now, not at the next change.
      for (const entry of open) {
        const said = presenceSaid.get(recordKey(entry.area, entry.id));
        if (said) post({ t: 'event', event: said });
      }
    },
    tabGone(from: string) {
      if (gathering?.drop(from)) schedulePresence();
    },
    /** The 10 s refresh, when leading (false: not the leader). */
    refresh(): boolean {
      if (!gathering) return false;
      gathering.set(tabId, engine.own());
      gathering.expire();
      void sendPresence();
      return true;
    },
    /** The engine stops: no presence sent any more, the stream closed. */
    end() {
      clearTimeout(presenceTimer);
      follow();
    },
  };
}

export function startLiveEngine(options: LiveEngineOptions): LiveEngine {
  const tab = options.tab ?? defaultTab;
  const tabId = options.tabId ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const makeChannel = options.channel ?? ((name: string) => new BroadcastChannel(name));
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const name = `backoffice-live.${options.username}`;
  const relay = makeChannel(name);
  const post = (message: RelayMessage) => relay.postMessage(message);
  tab.username = options.username;

  let stopped = false;
  // The last change heard (relayed, or the own stream's): a new leader resumes from it.
  let lastEventId = '';
  const own = () => tab.declarations();
  const heard = (event: LiveEvent) => {
    if (event.type === 'change' && event.id) lastEventId = event.id;
    tab.dispatch(event);
  };
  const leader = leaderPart({
    options,
    tab,
    tabId,
    doFetch,
    post,
    heard,
    own,
    lastEventId: () => lastEventId,
    stopped: () => stopped,
  });

  // ---- every tab ----
  const sayOpen = () => {
    if (stopped) return;
    const open = own();
    if (!leader.ownOpen(open)) post({ t: 'open', tab: tabId, open });
  };
  tab.onDeclarations = sayOpen;
  const onRelay = (message: MessageEvent) => {
    const data = message.data as RelayMessage;
    if (!data || typeof data !== 'object' || stopped) return;
    switch (data.t) {
      case 'event':
        heard(data.event);
        break;
      case 'leader':
        sayOpen();
        break;
      case 'signout':
        stop();
        break;
      case 'open':
        leader.tabOpen(data.tab, data.open);
        break;
      case 'bye':
        leader.tabGone(data.tab);
        break;
    }
  };
  relay.addEventListener('message', onRelay);
  const refresh = setInterval(() => {
    if (!leader.refresh()) sayOpen();
  }, PRESENCE_REFRESH_MS);
  const onPageHide = () => post({ t: 'bye', tab: tabId });
  globalThis.addEventListener?.('pagehide', onPageHide);

  const election: Election = electLeader({
    name,
    tabId,
    locks: options.locks === undefined ? browserLocks() : options.locks,
    channel: makeChannel,
    beatMs: options.beatMs,
    onLeader: leader.lead,
    onFollower: leader.follow,
  });
  sayOpen();

  function stop() {
    if (stopped) return;
    post({ t: 'bye', tab: tabId });
    stopped = true;
    clearInterval(refresh);
    globalThis.removeEventListener?.('pagehide', onPageHide);
    leader.end();
    election.stop();
    relay.removeEventListener('message', onRelay);
    relay.close();
    tab.onDeclarations = null;
    tab.connected = false;
  }

  return {
    get leader() {
      return leader.leading;
    },
    signOut() {
      if (!stopped) post({ t: 'signout' });
      stop();
    },
    stop,
  };
}

function browserLocks(): LocksLike | null {
  const locks = (globalThis.navigator as { locks?: LocksLike } | undefined)?.locks;
  return locks && typeof locks.request === 'function' ? locks : null;
}
