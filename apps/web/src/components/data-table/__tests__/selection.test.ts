import { describe, expect, it } from 'vitest';
import { includeModel, sameIds, selectedVisibleIds } from '../selection';

const visible = ['p1', 'p2', 'p3'];

describe('selectedVisibleIds', () => {
  it('keeps the included ids that are visible, in row order', () => {
    expect(selectedVisibleIds({ type: 'include', ids: new Set(['p3', 'p1', 'gone']) }, visible)).toEqual([
      'p1',
      'p3',
    ]);
  });

  it('turns an exclude model (select-all) into the visible rows minus the excluded', () => {
    expect(selectedVisibleIds({ type: 'exclude', ids: new Set() }, visible)).toEqual(visible);
    expect(selectedVisibleIds({ type: 'exclude', ids: new Set(['p2']) }, visible)).toEqual(['p1', 'p3']);
  });

  it('selects nothing from an empty include model or an empty page', () => {
    expect(selectedVisibleIds({ type: 'include', ids: new Set() }, visible)).toEqual([]);
    expect(selectedVisibleIds({ type: 'exclude', ids: new Set() }, [])).toEqual([]);
  });
});

describe('includeModel and sameIds', () => {
  it('builds an include model', () => {
    const model = includeModel(['a', 'b']);
    expect(model.type).toBe('include');
    expect([...model.ids]).toEqual(['a', 'b']);
  });

  it('compares id lists ignoring order', () => {
    expect(sameIds(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(sameIds(['a'], ['a', 'b'])).toBe(false);
    expect(sameIds(['a', 'c'], ['a', 'b'])).toBe(false);
  });
});
