import { describe, expect, it } from 'vitest';
import { filtersOf, hrefOf, parseListParams } from '@/lib/list';
import { referencesList } from '../list/references-list';

describe('a link into Referencias de pagadores', () => {
  it('names the collector and the search as the list reads them', () => {
    const filters = { collector: { id: '10003', name: 'Club Atlético' }, search: 'Pedro Gómez' };
    const href = hrefOf(referencesList, filters);
    const url = new URL(href, 'http://app');
    expect(url.pathname).toBe('/pagadores/referencias');
    expect(url.searchParams.get('entidad')).toBe('10003');
    expect(url.searchParams.get('entidad_nombre')).toBe('Club Atlético');
    expect(url.searchParams.get('q')).toBe('Pedro Gómez');
    expect(filtersOf(parseListParams(referencesList, url.searchParams))).toEqual(filters);
  });
});
