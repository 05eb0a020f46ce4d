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

describe('createCache with the shared fragments on interfaces', () => {
  const PAGE = gql`
    query PaymentsPage {
      payments {
        ...ListPageFields
        rows {
          id
          actions {
            kind
            ...ActionStateFields
          }
        }
      }
    }
    fragment ListPageFields on ListPage {
      total
      page
      pageSize
    }
    fragment ActionStateFields on ActionState {
      enabled
      permitted
      reason
    }
  `;

  it('reads back the fields a fragment on an interface selected (ListPage, ActionState)', () => {
    const cache = createCache();
    cache.writeQuery({
      query: PAGE,
      data: {
        payments: {
          __typename: 'PaymentPage',
          total: 1,
          page: 1,
          pageSize: 10,
          rows: [
            {
              __typename: 'Payment',
              id: '1000018',
              actions: [
                { __typename: 'PaymentAction', kind: 'CANCEL', enabled: false, permitted: true, reason: 'Ya cancelado' },
              ],
            },
          ],
        },
      },
    });
    const read = cache.readQuery<{
      payments: { total: number; rows: { actions: { enabled: boolean; reason: string | null }[] }[] };
    }>({ query: PAGE });
    expect(read?.payments.total).toBe(1);
    expect(read?.payments.rows[0]?.actions[0]).toMatchObject({ enabled: false, reason: 'Ya cancelado' });
  });
});
