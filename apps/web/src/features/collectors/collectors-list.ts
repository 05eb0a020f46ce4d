import { STANDARD_PAGING, type ListDefinition } from '../../lib/list';

/** Buscar Entidades (session storage `collectors.list`): `q` is the name or id. The service orders by name. */
export interface CollectorsFilters {
  search: string;
}

export const collectorsList: ListDefinition<CollectorsFilters, 'NAME'> = {
  area: 'collectors',
  ...STANDARD_PAGING,
  defaultSort: { field: 'NAME', direction: 'ASC' },
  sortFields: { NAME: { param: 'name', column: 'name' } },
  defaultFilters: () => ({ search: '' }),
  filters: {
    params: ['q'],
    parse: (params, defaults) => ({ search: (params.get('q') ?? defaults.search).trim() }),
    write(filters, params) {
      if (filters.search) params.set('q', filters.search);
    },
  },
};
