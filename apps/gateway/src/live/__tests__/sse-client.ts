/** A test's client of `GET /live`, as the web reads it: fetch with the bearer token, the body parsed as SSE. */
export interface SseEvent {
  event: string;
  id: string | null;
  data: unknown;
}

export interface LiveClient {
  status: number;
  headers: Headers;
  /** Every event received so far (comments as event ':'). */
  events: SseEvent[];
  /** The `hello` event's stream id. */
  streamId(): Promise<string>;
  /** The first event (after `from`, an index into `events`) that `test` accepts; rejects after `timeoutMs`. */
  next(
    test: (event: SseEvent) => boolean,
    options?: { from?: number; timeoutMs?: number },
  ): Promise<SseEvent>;
  /** Settles when the server ended the stream. */
  ended: Promise<void>;
  /** The JSON body of a refusal (status ≠ 200). */
  body: unknown;
  close(): void;
}

export async function openLive(
  baseUrl: string,
  token: string | null,
  options: { lastEventId?: string; query?: string; headers?: Record<string, string> } = {},
): Promise<LiveClient> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/live${options.query ?? ''}`, {
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
      ...options.headers,
    },
    signal: abort.signal,
  });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  let body: unknown = null;
  let ended: Promise<void>;
  if (response.status !== 200) {
    body = await response.json().catch(() => null);
    ended = Promise.resolve();
  } else {
    ended = (async () => {
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event: SseEvent = { event: 'message', id: null, data: null };
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) event.event = ':';
              else if (line.startsWith('event: ')) event.event = line.slice(7);
              else if (line.startsWith('id: ')) event.id = line.slice(4);
              else if (line.startsWith('data: ')) event.data = JSON.parse(line.slice(6));
            }
            events.push(event);
            wake();
          }
        }
      } catch {
        // aborted by close()
      } finally {
        wake();
      }
    })();
  }
  let finished = false;
  void ended.then(() => (finished = true));

  const next: LiveClient['next'] = (test, { from = 0, timeoutMs = 5_000 } = {}) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = events.slice(from).find(test);
        if (found) {
          done();
          resolve(found);
        } else if (finished) {
          done();
          reject(new Error(`stream ended without the event; got ${JSON.stringify(events)}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no such event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  return {
    status: response.status,
    headers: response.headers,
    events,
    body,
    ended,
    next,
    async streamId() {
      const hello = await next((e) => e.event === 'hello');
      return (hello.data as { streamId: string }).streamId;
    },
    close: () => abort.abort(),
  };
}

/** `POST /live/presence`: its status and JSON body (none on a 204). */
export async function postPresence(
  baseUrl: string,
  token: string,
  body: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${baseUrl}/live/presence`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}
