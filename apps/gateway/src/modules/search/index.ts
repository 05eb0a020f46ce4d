import { defineModule } from '../../shared/define-module.js';
import { searchResolvers } from './search.resolvers.js';

/**
 * The global search: no data source of its own; each group reads another area's data source or loader
 * through the request context.
 */
export const searchModule = defineModule({
  name: 'search',
  schemaFiles: ['search.graphql'],
  resolvers: searchResolvers,
  publicFields: {
    'Query.search':
      'every signed-in user searches; each group is asked only when the user holds its read permission (search.groups.ts)',
    'Query.searchPlan':
      "every signed-in user plans a search: it names only the groups the user may open and asks none (Query.search's plan)",
  },
});
