/** The most recent requests the services received, for tests that check what the gateway sent. */
import type { IncomingHttpHeaders } from 'node:http';

export interface RecordedRequest {
  service: string;
  method: string;
  /** Full path without the query string, e.g. `/payment/pagos/1000001`. */
  path: string;
  query: Record<string, unknown>;
  headers: IncomingHttpHeaders;
  body: unknown;
  /** ISO date when it arrived. */
  at: string;
}

export class Recorder {
  private readonly buffer: (RecordedRequest | undefined)[];
  private next = 0;
  private count = 0;

  constructor(readonly capacity = 2000) {
    this.buffer = new Array<RecordedRequest | undefined>(capacity);
  }

  add(entry: RecordedRequest): void {
    this.buffer[this.next] = entry;
    this.next = (this.next + 1) % this.capacity;
    this.count = Math.min(this.count + 1, this.capacity);
  }

  clear(): void {
    this.buffer.fill(undefined);
    this.next = 0;
    this.count = 0;
  }

  /** Oldest first (newest last), optionally of one service, at most `limit` of the most recent. */
  list(service?: string, limit?: number): RecordedRequest[] {
    const out: RecordedRequest[] = [];
    for (let i = 0; i < this.count; i++) {
      const entry = this.buffer[(this.next - this.count + i + this.capacity) % this.capacity];
      if (entry && (!service || entry.service === service)) out.push(entry);
    }
    return limit !== undefined && out.length > limit ? out.slice(out.length - limit) : out;
  }
}
