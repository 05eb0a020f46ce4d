import type { LocksLike } from '../leader';

/** Web Locks as one browser has them: one holder per name, the others queued in order of asking. */
export class FakeLocks implements LocksLike {
  private held = false;
  private readonly queue: { grant: () => void; signal?: AbortSignal }[] = [];

  request(_name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const grant = () => {
        this.held = true;
        void callback().finally(() => {
          this.held = false;
          resolve(undefined);
          this.next();
        });
      };
      options.signal?.addEventListener('abort', () => {
        const index = this.queue.findIndex((entry) => entry.grant === grant);
        if (index >= 0) this.queue.splice(index, 1);
        reject(new DOMException('aborted', 'AbortError'));
      });
      this.queue.push({ grant, signal: options.signal });
      if (!this.held) this.next();
    });
  }

  private next() {
    const entry = this.queue.shift();
    entry?.grant();
  }
}

export const until = async (condition: () => boolean, what = 'a condition') => {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

/** A fake gateway's `/live`: each request gets a body the test writes to and ends. */
export function fakeGateway() {
  const requests: { headers: Record<string, string>; write(text: string): void; end(): void }[] = [];
  const waiting: ((request: (typeof requests)[number]) => void)[] = [];
  let status = 200;
  let retryAfter: string | null = null;
  const presence: { streamId: string; open: unknown[] }[] = [];
  let presenceStatus = 204;
  const fetch = async (url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>));
    if (String(url).endsWith('/live/presence')) {
      presence.push(JSON.parse(String(init?.body)) as (typeof presence)[number]);
      const answer = new Response(null, { status: presenceStatus });
      presenceStatus = 204;
      return answer;
    }
    if (status !== 200) {
      const answer = new Response('{"message":"Demasiadas conexiones"}', {
        status,
        headers: retryAfter ? { 'retry-after': retryAfter } : {},
      });
      status = 200;
      requests.push({ headers, write: () => undefined, end: () => undefined });
      return answer;
    }
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start: (c) => {
        controller = c;
      },
    });
    init?.signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
    const request = {
      headers,
      write: (text: string) => controller.enqueue(new TextEncoder().encode(text)),
      end: () => controller.close(),
    };
    requests.push(request);
    waiting.shift()?.(request);
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };
  return {
    fetch: fetch as typeof globalThis.fetch,
    requests,
    presence,
    /** The next presence POST is answered 404 (a stream the gateway does not know). */
    forgetStream() {
      presenceStatus = 404;
    },
    refuseNext(code: number, after?: string) {
      status = code;
      retryAfter = after ?? null;
    },
    next: () => new Promise<(typeof requests)[number]>((resolve) => waiting.push(resolve)),
  };
}
