import { describe, expect, it } from 'vitest';
import { requestIdFrom } from '../context.js';

/** A client's x-request-id is kept only in a safe shape and length; otherwise the gateway makes one. */
describe('requestIdFrom', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it("keeps a client's id of letters, digits, '.', '_', ':' and '-', up to 64 characters", () => {
    expect(requestIdFrom('trace-42')).toBe('trace-42');
    expect(requestIdFrom('a.b_c:d-E9')).toBe('a.b_c:d-E9');
    expect(requestIdFrom('x'.repeat(64))).toBe('x'.repeat(64));
  });

  it('replaces a longer one, one with other characters, an empty one or several with a new UUID', () => {
    for (const header of [
      'x'.repeat(65),
      'x'.repeat(128),
      'con espacio',
      'a/b',
      'ñ',
      '',
      '\u202Eid',
      undefined,
    ]) {
      expect(requestIdFrom(header)).toMatch(UUID);
    }
    expect(requestIdFrom(['uno', 'dos'])).toMatch(UUID);
  });
});
