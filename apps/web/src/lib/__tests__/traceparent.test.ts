import { describe, expect, it } from 'vitest';
import { newTraceparent } from '../traceparent';

describe('newTraceparent', () => {
  it('is a sampled W3C traceparent with a new trace id each time', () => {
    const values = Array.from({ length: 50 }, newTraceparent);
    for (const value of values) expect(value).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(new Set(values.map((v) => v.split('-')[1])).size).toBe(values.length);
  });
});
