import { gql, type TypedDocumentNode } from '@apollo/client';
import type { ListCacheRule } from '../list-cache';
import type { ListDefinition } from '../list-definition';

/** A made-up area for the kit's tests: a free search, a colour (entry parameter `color`) and two sorts. */
export interface ThingFilters {
  q: string;
  colour: string | null;
}

export const thingsList: ListDefinition<ThingFilters, 'NAME' | 'DATE'> = {
  area: 'things',
  pageSizes: [10, 25],
  defaultPageSize: 10,
  defaultSort: { field: 'DATE', direction: 'DESC' },
  sortFields: {
    NAME: { param: 'name', column: 'name' },
    DATE: { param: 'created_date', column: 'createdDate' },
  },
  defaultFilters: () => ({ q: '', colour: null }),
  filters: {
    params: ['q', 'colour'],
    parse: (params, defaults) => ({
      q: params.get('q') ?? defaults.q,
      colour: params.get('colour') ?? params.get('color') ?? defaults.colour,
    }),
    write(filters, params) {
      if (filters.q) params.set('q', filters.q);
      if (filters.colour) params.set('colour', filters.colour);
    },
    normalize: (filters) => ({ ...filters, q: filters.q.trim() }),
  },
  entryParams: ['color'],
};

/** The things' list query and its cache rule (a thing still matches a list filtered by its colour). */
export interface ThingChange {
  id: string;
  colour: string;
}
export interface ThingFilter {
  colour?: string;
}
export interface ThingsQuery {
  things: {
    __typename: 'ThingPage';
    total: number;
    rows: { __typename: 'Thing'; id: string; colour: string }[];
  };
}
export interface ThingsVariables {
  filter: ThingFilter;
  page: number;
  [key: string]: unknown;
}
export const THINGS: TypedDocumentNode<ThingsQuery, ThingsVariables> = gql`
  query Things($filter: ThingFilter, $page: Int) {
    things(filter: $filter, page: $page) {
      total
      rows {
        id
        colour
      }
    }
  }
`;
export const thing = (id: string, colour: string) => ({ __typename: 'Thing' as const, id, colour });

export const thingsRule: ListCacheRule<ThingChange, ThingFilter> = {
  field: 'things',
  stillMatches: (change, filter) => !filter.colour || change.colour === filter.colour,
  changeOfRow: (readField, row) => {
    const id = readField<string>('id', row);
    const colour = readField<string>('colour', row);
    return id && colour ? { id, colour } : null;
  },
};
