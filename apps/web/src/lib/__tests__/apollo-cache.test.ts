import { gql } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { createCache } from '../apollo';

const QUERY = gql`
  query Bins {
    cardBins {
      rows {
        id
        brand {
          id
          description
        }
        type {
          id
          description
        }
      }
    }
  }
`;

describe('createCache', () => {
  it('keeps each BIN lookup inside its BIN: brand 1 and card type 1 are different things', () => {
    const cache = createCache();
    const lookup = (id: string, description: string) => ({ __typename: 'BinLookupItem', id, description });
    cache.writeQuery({
      query: QUERY,
      data: {
        cardBins: {
          __typename: 'CardBinPage',
          rows: [
            { __typename: 'CardBin', id: '450799', brand: lookup('1', 'Visa'), type: lookup('1', 'Crédito') },
            { __typename: 'CardBin', id: '451766', brand: lookup('1', 'Visa'), type: lookup('2', 'Débito') },
          ],
        },
      },
    });
    const read = cache.readQuery<{
      cardBins: { rows: { brand: { description: string }; type: { description: string } }[] };
    }>({ query: QUERY });
    expect(read?.cardBins.rows.map((row) => [row.brand.description, row.type.description])).toEqual([
      ['Visa', 'Crédito'],
      ['Visa', 'Débito'],
    ]);
  });
});
