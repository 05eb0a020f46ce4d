import { defineModule } from '../../shared/define-module.js';
import { CollectorsDataSource } from './collectors.datasource.js';
import {
  createCollectorBalanceLoader,
  createCollectorDetailLoader,
  createCollectorLoader,
  createCollectorSettingsLoader,
} from './collectors.loader.js';
import { collectorsResolvers } from './collectors.resolvers.js';

/** The upstream services this module calls (they make `ServiceName`, services.ts, and SERVICES, modules.ts). */
const SERVICES = ['collector'] as const;
declare module '../../services.js' {
  interface UpstreamServices {
    collector: true;
  }
}

export const collectorsModule = defineModule({
  name: 'collectors',
  services: SERVICES,
  schemaFiles: ['collector.graphql'],
  resolvers: collectorsResolvers,
  dataSources: (upstream) => ({ collectors: new CollectorsDataSource(upstream('collector')) }),
  loaders: ({ collectors }) => ({
    collector: createCollectorLoader(collectors),
    collectorSettings: createCollectorSettingsLoader(collectors),
    collectorBalance: createCollectorBalanceLoader(collectors),
    collectorDetail: createCollectorDetailLoader(collectors),
  }),
  publicFields: {
    'Query.collectors':
      'The collector filter of Buscar Pagos (every user may search payments, so every user may pick a collector).',
    'Query.collector': 'The collector link of a payment row or detail (same reason as collectors).',
  },
});
