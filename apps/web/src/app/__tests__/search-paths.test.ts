import { describe, expect, it } from 'vitest';
import { findRoute } from '../routes';
import { hitPath } from '../search/search-paths';
import type { SearchGroupKind } from '../gql/graphql';

const KINDS: SearchGroupKind[] = [
  'PAYMENT',
  'SUBSCRIPTION',
  'PAYER',
  'COLLECTOR',
  'TRANSFER',
  'IMPORT',
  'WITHDRAWAL',
  'BATCH',
  'DISTRIBUTION',
  'PRESENTATION',
];

describe('a search hit opens a route of the manifest', () => {
  it.each(KINDS)('%s', (kind) => {
    const path = hitPath(
      kind,
      { id: '123', collectorId: '10001', title: 'x', detail: 'Club' },
      '20284567898',
    );
    const route = findRoute(path.split('?')[0]!);
    expect(route?.screen).toBeDefined();
  });

  it('a payment opens its detail; a transfer the transfers of the CUIT searched', () => {
    expect(hitPath('PAYMENT', { id: '1000001', title: '' }, '1000001')).toBe('/pago/1000001');
    expect(hitPath('TRANSFER', { id: '6001', title: '' }, '20284567898')).toBe(
      '/transferencias?cuit=20284567898&estado=pendiente',
    );
  });

  it('a record hit carries an odd id (a slash, a space) into its detail as one segment', () => {
    expect(hitPath('PAYER', { id: 'a/b', title: '' }, 'a/b')).toBe('/pagadores/a%2Fb');
    expect(hitPath('BATCH', { id: '1 2', collectorId: 'a/b', title: '' }, '1 2')).toBe(
      '/lotes/lotes/a%2Fb/1%202',
    );
  });
});
