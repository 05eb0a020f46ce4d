import { describe, expect, it } from 'vitest';
import { serverTimeouts } from '../server-timeouts.js';

describe('serverTimeouts', () => {
  it("bounds a whole request by the uploads' total bound and 5 s, checked often enough to keep it", () => {
    // The defaults: Node's own bound was 300 s, checked every 30 s.
    expect(serverTimeouts({ totalTimeoutMs: 120_000 })).toEqual({
      requestTimeout: 125_000,
      headersTimeout: 66_000,
      keepAliveTimeout: 65_000,
      connectionsCheckingInterval: 5_000,
    });
    // A short bound (tests): the headers' bound never exceeds the request's, as Node requires.
    expect(serverTimeouts({ totalTimeoutMs: 1_000 })).toEqual({
      requestTimeout: 6_000,
      headersTimeout: 6_000,
      keepAliveTimeout: 65_000,
      connectionsCheckingInterval: 600,
    });
  });
});
