import { liveEventOf, type LiveEvent } from './protocol';
import { SseParser } from './sse';

/** What the stream needs of the page: the token as the app refreshes it, fetch, timers and randomness (tests). */
export interface LiveStreamOptions {
  /** `…/live` of the gateway. */
  url: string;
  getToken(): Promise<string>;
  onEvent(event: LiveEvent): void;
  /** A connection answered `hello`: its stream id (for `/live/presence`), or null once it is gone. */
  onStream(streamId: string | null): void;
  fetch?: typeof fetch;
  /** Reconnection delays grow from `minDelayMs` to `maxDelayMs` (doubling, with jitter); 1 s and 30 s. */
  minDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
  /** Headers every gateway request carries (source, locale). */
  headers?: () => Record<string, string>;
  /** Where to resume from (a new leader tab: the last change the previous leader relayed). */
  lastEventId?: string;
}

export interface LiveStream {
  /** The id of the last `change` received (sent back as `Last-Event-ID` on a reconnection). */
  readonly lastEventId: string;
  /** Ends the current connection now and opens another (a presence POST answered 404: the stream is gone). */
  reconnect(): void;
  stop(): void;
}

/** A heartbeat missed twice (and some slack) means the connection is dead though no error says so. */
const SILENCE_FACTOR = 2.5;

/**
 * The leader tab's `/live` connection: fetch with the bearer token and `Last-Event-ID`, the body parsed as SSE,
 * reconnected after any end with a growing delay (reset once a connection says `hello`), a 429's or 503's `Retry-After`
 * honoured, and a connection silent for 2.5 heartbeats dropped. The events are handed over as they come.
 */
export function openLiveStream(options: LiveStreamOptions): LiveStream {
  const { url, getToken, onEvent, onStream } = options;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const minDelay = options.minDelayMs ?? 1000;
  const maxDelay = options.maxDelayMs ?? 30_000;
  const random = options.random ?? Math.random;
  let lastEventId = options.lastEventId ?? '';
  let stopped = false;
  let failures = 0;
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let watchdog: ReturnType<typeof setTimeout> | undefined;

  const delay = (retryAfterMs?: number) => {
    if (retryAfterMs !== undefined) return retryAfterMs;
    const base = Math.min(maxDelay, minDelay * 2 ** Math.min(failures, 16));
    return Math.round(base / 2 + (base / 2) * random()); // jitter: replicas are not all hit at once after a restart
  };

  const schedule = (retryAfterMs?: number) => {
    if (stopped) return;
    clearTimeout(retryTimer);
    const wait = delay(retryAfterMs);
    failures += 1;
    retryTimer = setTimeout(connect, wait);
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    const current = new AbortController();
    controller = current;
    let heartbeatMs = 15_000;
    const alive = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => current.abort(), heartbeatMs * SILENCE_FACTOR);
    };
    let retryAfterMs: number | undefined;
    try {
      const token = await getToken();
      if (current.signal.aborted) return;
      const headers: Record<string, string> = {
        ...options.headers?.(),
        accept: 'text/event-stream',
        authorization: `Bearer ${token}`,
      };
      if (lastEventId) headers['last-event-id'] = lastEventId;
      alive();
      const response = await doFetch(url, { headers, signal: current.signal, cache: 'no-store' });
      if (!response.ok || !response.body) {
        const seconds = Number(response.headers.get('retry-after'));
        // A 429 (too many streams) or a 503 (a replica starting or stopping) says when to come back.
        if ((response.status === 429 || response.status === 503) && Number.isFinite(seconds) && seconds > 0) {
          retryAfterMs = seconds * 1000;
        }
        return;
      }
      const parser = new SseParser(lastEventId);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        alive();
        for (const message of parser.feed(value)) {
          if (message.event === 'hello') {
            const hello = helloOf(message.data);
            if (hello) {
              heartbeatMs = hello.heartbeatMs;
              alive();
              failures = 0;
              onStream(hello.streamId);
            }
            continue;
          }
          const event = liveEventOf(message.event, message.data, message.lastEventId);
          // Only a change moves the resume point: a presence or a reset carries no id of the change log.
          if (event?.type === 'change' && message.lastEventId) lastEventId = message.lastEventId;
          if (event?.type === 'reset') lastEventId = '';
          if (event) onEvent(event);
        }
      }
    } catch {
      // An aborted, refused or cut connection: the next one resumes from lastEventId.
    } finally {
      clearTimeout(watchdog);
      if (controller === current) {
        controller = null;
        onStream(null);
        if (!stopped) schedule(retryAfterMs);
      }
    }
  }

  void connect();
  return {
    get lastEventId() {
      return lastEventId;
    },
    reconnect() {
      if (stopped) return;
      if (controller) controller.abort();
      else {
        clearTimeout(retryTimer);
        void connect();
      }
    },
    stop() {
      stopped = true;
      clearTimeout(retryTimer);
      clearTimeout(watchdog);
      controller?.abort();
    },
  };
}

function helloOf(data: string): { streamId: string; heartbeatMs: number } | null {
  try {
    const { streamId, heartbeatMs } = JSON.parse(data) as Record<string, unknown>;
    if (typeof streamId !== 'string') return null;
    const beat = typeof heartbeatMs === 'number' && heartbeatMs > 0 ? heartbeatMs : 15_000;
    return { streamId, heartbeatMs: beat };
  } catch {
    return null;
  }
}
