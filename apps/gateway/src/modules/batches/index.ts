import { defineDownload } from '../../files/types.js';
import { defineModule } from '../../shared/define-module.js';
import { perKeyLoader, perKeyLoaderOrNull } from '../../shared/loaders.js';
import { arr } from '../../shared/values.js';
import { BatchesDataSource } from './batches.datasource.js';
import { BATCH_ERRORS } from './batches.errors.js';
import { mapBatch, mapBatchRecord } from './batches.mappers.js';
import { batchesResolvers } from './batches.resolvers.js';
import { BATCH_FILE_FORMATS, DOWNLOAD_REQUIRES } from './batches.rules.js';

/** The upstream services this module calls (they make `ServiceName`, services.ts, and SERVICES, modules.ts). */
const SERVICES = ['batch'] as const;
declare module '../../services.js' {
  interface UpstreamServices {
    batch: true;
  }
}

/** Withdrawal batches (lotes, spec 001 §2 "Withdrawal batches"): list, detail, reprocess, re-export. */
export const batchesModule = defineModule({
  name: 'batches',
  services: SERVICES,
  schemaFiles: ['batch.graphql'],
  resolvers: batchesResolvers,
  dataSources: (upstream) => ({ batches: new BatchesDataSource(upstream('batch')) }),
  loaders: ({ batches }) => ({
    /** GET /lotes/{id}; null when it does not exist. */
    withdrawalBatch: perKeyLoaderOrNull(async (id: string) => mapBatch(await batches.byId(id))),
    /** GET /lotes/{id}/registros: the batch's payments. */
    withdrawalBatchRecords: perKeyLoader(async (id: string) =>
      arr((await batches.records(id)).rows).map(mapBatchRecord),
    ),
  }),
  errors: BATCH_ERRORS,
  files: [
    /** GET /files/lotes/{id}/{format}: the batch file (the service refuses a state or version that has none). */
    defineDownload({
      route: '/lotes/:id/:format',
      requires: DOWNLOAD_REQUIRES,
      params: { format: BATCH_FILE_FORMATS },
      upstream: ({ params }) => ({
        service: 'batch',
        path: `/lotes/${encodeURIComponent(params.id ?? '')}/descargar/${params.format ?? ''}`,
      }),
      fileName: ({ params }) => `lote-${params.id ?? ''}.${params.format ?? ''}`,
    }),
  ],
});
