/**
 * Server-sent events read from a fetch body: the web reads `/live` with fetch, not EventSource, so that it
 * can send the bearer token. The parsing is the HTML standard's (event stream interpretation): lines end in CRLF, LF
 * or CR; a blank line dispatches; `data` lines join with LF; `id` sets the last event id (kept even by an event
 * without data); a line starting with ':' is a comment (the gateway's `: ping`).
 */
export interface SseMessage {
  /** `message` when the event names none. */
  event: string;
  data: string;
  /** The last event id after this event (the one to resume from), '' before any. */
  lastEventId: string;
}

export class SseParser {
  private buffer = '';
  private lastCharWasCr = false;
  private event = '';
  private data: string[] = [];
  private hasData = false;
  /** The last event id seen (an `id` field without NUL), kept across events as the standard says. */
  lastEventId: string;

  constructor(lastEventId = '') {
    this.lastEventId = lastEventId;
  }

  /** Feeds a decoded chunk; answers the events it completed, and calls `onComment` for each comment line. */
  feed(chunk: string, onComment?: (text: string) => void): SseMessage[] {
    const messages: SseMessage[] = [];
    let text = chunk;
    // A CR that ended the previous chunk already ended its line: an LF starting this one is its pair.
    if (this.lastCharWasCr && text.startsWith('\n')) text = text.slice(1);
    this.lastCharWasCr = text.endsWith('\r');
    this.buffer += text;
    let start = 0;
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer.slice(start));
      if (!match) break;
      const end = start + match.index;
      // A CR at the very end may be the first half of a CRLF split across chunks: handled by lastCharWasCr.
      this.line(this.buffer.slice(start, end), messages, onComment);
      start = end + match[0].length;
    }
    this.buffer = this.buffer.slice(start);
    return messages;
  }

  private line(line: string, messages: SseMessage[], onComment?: (text: string) => void): void {
    if (line === '') {
      if (this.hasData) {
        messages.push({
          event: this.event || 'message',
          data: this.data.join('\n'),
          lastEventId: this.lastEventId,
        });
      }
      this.event = '';
      this.data = [];
      this.hasData = false;
      return;
    }
    if (line.startsWith(':')) {
      onComment?.(line.slice(1).trimStart());
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') {
      this.data.push(value);
      this.hasData = true;
    } else if (field === 'id' && !value.includes('\0')) this.lastEventId = value;
    // `retry` and unknown fields are ignored: the reconnection delay is the client's own backoff.
  }
}
