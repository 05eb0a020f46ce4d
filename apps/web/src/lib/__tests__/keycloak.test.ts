import { describe, expect, it } from 'vitest';
import { allowLoginRedirect, LOGIN_REDIRECT_GUARD_MS, tabSessionStore } from '../keycloak';

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

describe('tabSessionStore', () => {
  const storage = () => {
    const data = new Map<string, string>();
    return {
      data,
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    };
  };

  it('keeps the tokens a reload resumes the session with, and forgets them', () => {
    const memoryStorage = storage();
    const kept = tabSessionStore(memoryStorage);
    expect(kept.read()).toBeUndefined();
    kept.write({ token: 'a', refreshToken: 'r', idToken: 'i' });
    expect(kept.read()).toEqual({ token: 'a', refreshToken: 'r', idToken: 'i' });
    kept.write({ token: 'b', refreshToken: 'r2' });
    expect(kept.read()).toEqual({ token: 'b', refreshToken: 'r2' });
    kept.forget();
    expect(kept.read()).toBeUndefined();
    expect(memoryStorage.data.size).toBe(0);
  });

  it('keeps nothing without a refresh token, and reads nothing from an unreadable entry', () => {
    const memoryStorage = storage();
    const kept = tabSessionStore(memoryStorage);
    kept.write({ token: 'a', refreshToken: 'r' });
    kept.write({ token: 'a' });
    expect(kept.read()).toBeUndefined();
    for (const text of ['{', '"text"', '{"token":"a"}', '{"token":1,"refreshToken":"r"}']) {
      memoryStorage.data.set('auth.session', text);
      expect(kept.read()).toBeUndefined();
    }
  });

  it('works without storage or with a storage that throws', () => {
    expect(tabSessionStore(undefined).read()).toBeUndefined();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const kept = tabSessionStore(broken);
    expect(() => kept.write({ token: 'a', refreshToken: 'r' })).not.toThrow();
    expect(kept.read()).toBeUndefined();
    expect(() => kept.forget()).not.toThrow();
  });
});
