import { describe, expect, it } from 'vitest';
import { allowLoginRedirect, LOGIN_REDIRECT_GUARD_MS } from '../keycloak';

function memory() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('allowLoginRedirect', () => {
  it('allows one redirect per guard window', () => {
    const storage = memory();
    expect(allowLoginRedirect(storage, 1_000_000)).toBe(true);
    expect(allowLoginRedirect(storage, 1_000_000 + LOGIN_REDIRECT_GUARD_MS - 1)).toBe(false);
    expect(allowLoginRedirect(storage, 1_000_000 + LOGIN_REDIRECT_GUARD_MS)).toBe(true);
  });

  it('allows redirects without storage', () => {
    expect(allowLoginRedirect(undefined, 5)).toBe(true);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {},
    };
    expect(allowLoginRedirect(broken, 5)).toBe(true);
  });
});
