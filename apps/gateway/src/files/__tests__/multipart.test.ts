import { describe, expect, it } from 'vitest';
import { delimiterCounter } from '../multipart.js';

/** A form of three delimiters: the opening one (no CRLF before it), one between parts, the closing one. */
const BODY = Buffer.from('--XyZ\r\nA\r\n--XyZ\r\nB \r\n--X\r\n-XyZ\r\n--XyZ--\r\n');
const DELIMITERS = 3;

const countOf = (chunks: Buffer[]) => {
  const counter = delimiterCounter('XyZ');
  for (const chunk of chunks) counter.push(chunk);
  return counter.count();
};

describe('delimiterCounter', () => {
  it('counts the delimiters of a body in one chunk', () => {
    expect(countOf([BODY])).toBe(DELIMITERS);
  });

  it('counts each delimiter once however the body is cut: at every offset, and in chunks of every size', () => {
    for (let cut = 0; cut <= BODY.length; cut++) {
      expect(countOf([BODY.subarray(0, cut), BODY.subarray(cut)]), `cut at ${cut}`).toBe(DELIMITERS);
    }
    for (let size = 1; size < BODY.length; size++) {
      const chunks = Array.from({ length: Math.ceil(BODY.length / size) }, (_, i) =>
        BODY.subarray(i * size, (i + 1) * size),
      );
      expect(countOf(chunks), `chunks of ${size}`).toBe(DELIMITERS);
    }
  });

  it('keeps no view of a chunk: the request’s buffers can be let go', () => {
    const counter = delimiterCounter('XyZ');
    // A delimiter cut between two chunks, its start in the first one.
    const chunk = Buffer.concat([BODY, Buffer.from('\r\n--X')]);
    counter.push(chunk);
    // Rewriting the chunk once pushed changes nothing: the tail the counter kept is its own copy.
    chunk.fill(0);
    counter.push(Buffer.from('yZ--\r\n'));
    expect(counter.count()).toBe(DELIMITERS + 1);
  });
});
