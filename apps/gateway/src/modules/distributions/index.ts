import { defineModule } from '../../shared/define-module.js';
import { DistributionsDataSource } from './distributions.datasource.js';
import { DISTRIBUTION_ERRORS } from './distributions.errors.js';
import { createDistributionLoaders } from './distributions.loaders.js';
import { distributionsResolvers } from './distributions.resolvers.js';

export const distributionsModule = defineModule({
  name: 'distributions',
  schemaFiles: ['distribution.graphql'],
  resolvers: distributionsResolvers,
  dataSources: (upstream) => ({ distributions: new DistributionsDataSource(upstream('distribuciones')) }),
  loaders: ({ distributions }) => createDistributionLoaders(distributions),
  errors: DISTRIBUTION_ERRORS,
});
