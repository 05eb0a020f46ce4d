import { describe, expect, it, vi } from 'vitest';
import { freshTokens } from './http-helpers.js';

describe('freshTokens', () => {
  it('mints once per user while the token is young, and again once it is older than the limit', async () => {
    vi.useFakeTimers({ now: 0 });
    try {
      let minted = 0;
      const tokenFor = freshTokens(async (username) => `${username}-${++minted}`, 60_000);
      expect(await tokenFor('admin')).toBe('admin-1');
      expect(await tokenFor('admin')).toBe('admin-1');
      expect(await tokenFor('consulta')).toBe('consulta-2');
      vi.setSystemTime(59_999);
      expect(await tokenFor('admin')).toBe('admin-1');
      vi.setSystemTime(60_000);
      expect(await tokenFor('admin')).toBe('admin-3');
    } finally {
      vi.useRealTimers();
    }
  });
});
