import { ApolloClient, ApolloLink, InMemoryCache, gql, type TypedDocumentNode } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { ListDefinition } from '@/lib/list/list-definition';
import { defineListQuery } from '@/lib/list/list-query';
import { SearchListPage, type SearchListTexts } from '../search-list-page';

interface PeopleQuery {
  people: {
    __typename: 'PersonPage';
    total: number;
    rows: { __typename: 'Person'; id: string; name: string }[];
  };
}
const PEOPLE: TypedDocumentNode<PeopleQuery, { search: string }> = gql`
  query People($search: String) {
    people(search: $search) {
      total
      rows {
        id
        name
      }
    }
  }
`;

const peopleList: ListDefinition<{ search: string }, 'NAME'> = {
  area: 'people',
  pageSizes: [10],
  defaultPageSize: 10,
  defaultSort: { field: 'NAME', direction: 'ASC' },
  sortFields: { NAME: { param: 'name', column: 'name' } },
  defaultFilters: () => ({ search: '' }),
  filters: {
    params: ['q'],
    parse: (params, defaults) => ({ search: params.get('q') ?? defaults.search }),
    write(filters, params) {
      if (filters.search) params.set('q', filters.search);
    },
    normalize: (filters) => ({ search: filters.search.trim() }),
  },
};

const peopleQuery = defineListQuery({
  list: peopleList,
  document: PEOPLE,
  variables: (state) => ({ search: state.search }),
  pageOf: (data) => data.people,
});

const TEXTS: SearchListTexts = {
  searchTitle: 'Buscar Personas',
  searchPlaceholder: 'Nombre de la persona',
  loadError: 'No se pudieron cargar las personas',
  empty: 'No se encontraron personas',
  searchFilters: 'Filtros de personas',
  searchGrid: 'Personas',
};

/** Answers every search with the people whose name holds it, and keeps the searches asked. */
function renderScreen() {
  const searches: string[] = [];
  const people = [
    { __typename: 'Person' as const, id: 'p 1', name: 'Ana' },
    { __typename: 'Person' as const, id: 'p2', name: 'Beto' },
  ];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const search = String(operation.variables.search ?? '');
        searches.push(search);
        const rows = people.filter((person) => person.name.includes(search));
        observer.next({ data: { people: { __typename: 'PersonPage', total: rows.length, rows } } });
        observer.complete();
      }),
  );
  render(
    <ApolloProvider client={new ApolloClient({ cache: new InMemoryCache(), link })}>
      <MemoryRouter initialEntries={['/personas']}>
        <SearchListPage
          query={peopleQuery}
          texts={TEXTS}
          columns={[{ field: 'name', headerName: 'NOMBRE', width: 200 }]}
          rowHref={(id) => `/personas/${encodeURIComponent(id)}`}
          unsorted
        />
      </MemoryRouter>
    </ApolloProvider>,
  );
  return searches;
}

describe('SearchListPage', () => {
  it('names its form and grid from the texts, the field from the area, and links each row to its page', async () => {
    const user = userEvent.setup();
    const searches = renderScreen();
    expect(screen.getByRole('heading', { name: 'Buscar Personas' })).toBeInTheDocument();
    const form = screen.getByRole('search', { name: 'Filtros de personas' });
    const field = within(form).getByTestId('people-search-input');
    const grid = await screen.findByRole('grid', { name: 'Personas' });
    const ana = await within(grid).findByRole('link', { name: 'Ana' });
    expect(ana.getAttribute('href')).toBe('/personas/p%201');

    expect(field).toBe(within(form).getByRole('textbox', { name: 'Buscar' }));
    await user.type(field, 'Bet');
    await user.click(within(form).getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(searches.at(-1)).toBe('Bet'));
    expect(await within(grid).findByRole('link', { name: 'Beto' })).toBeInTheDocument();
    await waitFor(() => expect(within(grid).queryByText('Ana')).not.toBeInTheDocument());
  });
});
