import { describe, expect, it } from 'vitest';
import { SseParser } from '../sse';

describe('SseParser', () => {
  it('reads events, ids, multi-line data and comments across chunk borders and line ends', () => {
    const parser = new SseParser();
    const comments: string[] = [];
    const onComment = (text: string) => comments.push(text);
    const chunks = [
      'event: hello\ndata: {"streamId":"s1",',
      '"heartbeatMs":15000}\n\n: ping\r\n',
      'event: change\rid: 41\r\ndata: {"area":"payments",\r',
      '\ndata: "more"}\r\n\r\nid: 42\n\nevent: reset\ndata: {}\n\n',
    ];
    const messages = chunks.flatMap((chunk) => parser.feed(chunk, onComment));
    expect(messages).toEqual([
      { event: 'hello', data: '{"streamId":"s1","heartbeatMs":15000}', lastEventId: '' },
      { event: 'change', data: '{"area":"payments",\n"more"}', lastEventId: '41' },
      { event: 'reset', data: '{}', lastEventId: '42' },
    ]);
    expect(comments).toEqual(['ping']);
    expect(parser.lastEventId).toBe('42');
  });

  it('dispatches nothing for an event without data, and names an unnamed one "message"', () => {
    const parser = new SseParser('7');
    expect(parser.feed('event: change\n\n')).toEqual([]);
    expect(parser.feed('data:x\n\n')).toEqual([{ event: 'message', data: 'x', lastEventId: '7' }]);
    expect(parser.feed('data: half')).toEqual([]);
    expect(parser.feed('\n\n')).toEqual([{ event: 'message', data: 'half', lastEventId: '7' }]);
  });
});
