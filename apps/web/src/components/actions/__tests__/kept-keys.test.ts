import { describe, expect, it } from 'vitest';
import { KEPT_KEYS_PER_TAB, keptKeys } from '../keyed-send';

describe('keptKeys', () => {
  it('keeps a request key until a definite answer, then makes a new one', () => {
    const keys = keptKeys();
    const first = keys.keyFor('CancelPayment {"id":"1"}');
    expect(keys.keyFor('CancelPayment {"id":"1"}')).toBe(first);
    expect(keys.keyFor('CancelPayment {"id":"2"}')).not.toBe(first);
    keys.settled('CancelPayment {"id":"1"}');
    expect(keys.keyFor('CancelPayment {"id":"1"}')).not.toBe(first);
  });

  it('holds at most its bound of unanswered requests, forgetting the oldest first', () => {
    const keys = keptKeys(3);
    const [a, b, c] = ['a', 'b', 'c'].map((signature) => keys.keyFor(signature));
    keys.keyFor('d');
    // 'a' was the oldest: forgotten, a new key; 'b' and 'c' kept theirs.
    expect(keys.keyFor('c')).toBe(c);
    expect(keys.keyFor('b')).toBe(b);
    expect(keys.keyFor('a')).not.toBe(a);
  });

  it('bounds a tab by default', () => {
    const keys = keptKeys();
    const first = keys.keyFor('request 0');
    for (let i = 1; i <= KEPT_KEYS_PER_TAB; i++) keys.keyFor(`request ${i}`);
    expect(keys.keyFor('request 0')).not.toBe(first);
  });
});
