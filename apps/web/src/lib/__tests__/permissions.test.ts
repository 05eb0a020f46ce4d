import { describe, expect, it } from 'vitest';
import { hasAll, hasAny, satisfies } from '../permissions';

describe('hasAny', () => {
  it('is true for no requirement', () => {
    expect(hasAny([], [])).toBe(true);
    expect(hasAny([], undefined)).toBe(true);
  });
  it('needs one of the listed permissions', () => {
    expect(hasAny(['PAYER_SHOW'], ['PAYER_SHOW', 'PAYER_REFERENCE_SHOW'])).toBe(true);
    expect(hasAny(['PAYER_REFERENCE_SHOW'], ['PAYER_SHOW', 'PAYER_REFERENCE_SHOW'])).toBe(true);
    expect(hasAny(['COLLECTOR_SHOW'], ['PAYER_SHOW'])).toBe(false);
    expect(hasAny([], ['PAYER_SHOW'])).toBe(false);
  });
});

describe('hasAll and satisfies', () => {
  it('needs every permission for all', () => {
    expect(hasAll(['EXPORT_SHOW'], ['EXPORT_SHOW', 'EXPORT_SEARCH'])).toBe(false);
    expect(hasAll(['EXPORT_SEARCH', 'EXPORT_SHOW'], ['EXPORT_SHOW', 'EXPORT_SEARCH'])).toBe(true);
  });
  it('combines any and all', () => {
    expect(satisfies([], undefined)).toBe(true);
    expect(satisfies(['A_X' as never], { any: ['BIN_CREATE'] })).toBe(false);
    expect(satisfies(['BIN_CREATE', 'EXPORT_SHOW'], { any: ['BIN_CREATE'], all: ['EXPORT_SHOW'] })).toBe(
      true,
    );
    expect(satisfies(['BIN_CREATE'], { any: ['BIN_CREATE'], all: ['EXPORT_SHOW'] })).toBe(false);
  });
});
