import { describe, expect, it } from 'vitest';
import { requestKeys } from '../use-idempotency-key';

describe('requestKeys', () => {
  it('keeps the key for the same request until it is answered, and takes a new one for another', () => {
    const keys = requestKeys();
    const first = keys.keyFor('pagos.csv|10001');
    // Sent again after a lost answer: the same key, so the gateway answers what it did.
    expect(keys.keyFor('pagos.csv|10001')).toBe(first);
    // Another file: another request, another key.
    const other = keys.keyFor('otros.csv|10001');
    expect(other).not.toBe(first);
    // Answered: the next send is a new request even with the same file.
    keys.answered();
    const again = keys.keyFor('otros.csv|10001');
    expect(again).not.toBe(other);
    expect(again).toMatch(/^[0-9a-f-]{36}$/);
  });
});
