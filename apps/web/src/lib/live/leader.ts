/**
 * Which of the operator's tabs holds the one `/live` connection: the Web Locks API where the browser has it
 * (the lock is held while the tab lives, and the browser hands it to a waiting tab when the holder closes or
 * crashes), else an election over a BroadcastChannel: the leader says so every `beatMs`; a tab that hears nothing for
 * three beats claims, and of two claims the smaller id wins.
 */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface LocksLike {
  request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>): Promise<unknown>;
}

export interface Election {
  /** Leaves the election (and the leadership): another tab takes over. */
  stop(): void;
}

export interface ElectionOptions {
  name: string;
  /** This tab's id (the fallback's tie-break). */
  tabId: string;
  onLeader(): void;
  /** The fallback only: another leader won (two tabs claimed at once). */
  onFollower(): void;
  locks?: LocksLike | null;
  channel(name: string): ChannelLike;
  beatMs?: number;
}

export function electLeader(options: ElectionOptions): Election {
  return options.locks ? lockElection(options, options.locks) : channelElection(options);
}

function lockElection({ name, onLeader }: ElectionOptions, locks: LocksLike): Election {
  const waiting = new AbortController();
  let release: (() => void) | undefined;
  let stopped = false;
  locks
    .request(name, { signal: waiting.signal }, () => {
      if (stopped) return Promise.resolve();
      onLeader();
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    })
    .catch(() => undefined); // aborted while waiting: the tab left
  return {
    stop() {
      stopped = true;
      if (release) release();
      else waiting.abort();
    },
  };
}

type ElectionMessage =
  { t: 'beat'; tab: string } | { t: 'claim'; tab: string } | { t: 'resign'; tab: string };

function channelElection({
  name,
  tabId,
  onLeader,
  onFollower,
  channel,
  beatMs = 1000,
}: ElectionOptions): Election {
  const port = channel(`${name}.election`);
  let leader = false;
  let claiming = false;
  let lastBeat = 0;
  const now = () => Date.now();

  const becomeFollower = () => {
    if (leader) onFollower();
    leader = false;
    claiming = false;
  };
  const onMessage = (event: MessageEvent) => {
    const message = event.data as ElectionMessage;
    if (!message || typeof message !== 'object' || message.tab === tabId) return;
    if (message.t === 'resign') {
      lastBeat = 0;
    } else if (message.t === 'beat') {
      // Two leaders (claims crossed, a frozen tab back): the smaller id stays.
      if (leader && message.tab > tabId) port.postMessage({ t: 'beat', tab: tabId });
      else {
        lastBeat = now();
        becomeFollower();
      }
    } else if (leader) {
      port.postMessage({ t: 'beat', tab: tabId }); // a leader answers a claim: it stays
    } else if (claiming) {
      if (message.tab < tabId) {
        claiming = false;
        lastBeat = now();
      } else port.postMessage({ t: 'claim', tab: tabId });
    }
  };
  port.addEventListener('message', onMessage);

  const tick = () => {
    if (leader) {
      port.postMessage({ t: 'beat', tab: tabId });
      return;
    }
    if (claiming) {
      // A claim unanswered for a beat: nobody smaller is out there.
      claiming = false;
      leader = true;
      port.postMessage({ t: 'beat', tab: tabId });
      onLeader();
      return;
    }
    if (now() - lastBeat >= beatMs * 3) {
      claiming = true;
      port.postMessage({ t: 'claim', tab: tabId });
    }
  };
  const timer = setInterval(tick, beatMs);
  tick();
  return {
    stop() {
      clearInterval(timer);
      if (leader) port.postMessage({ t: 'resign', tab: tabId });
      port.removeEventListener('message', onMessage);
      port.close();
      leader = false;
    },
  };
}
