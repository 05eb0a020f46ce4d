/**
 * Every gateway module, in one list: `context.ts` builds their data sources and loaders per request,
 * `schema.ts` merges their resolvers, auth/public-fields.ts their reviewed public fields. To add an area,
 * see the comment at the top of shared/define-module.ts, then add it here.
 */
import type { FileRoute } from './files/types.js';
import type { ServiceName } from './services.js';
import type { DataSourcesOf, LoadersOf } from './shared/define-module.js';
import { useModuleErrors } from './upstream/error-catalogue.js';
import { activityModule } from './modules/activity/index.js';
import { approvalsModule } from './modules/approvals/index.js';
import { batchesModule } from './modules/batches/index.js';
import { afipModule } from './modules/afip/index.js';
import { binsModule } from './modules/bins/index.js';
import { collectorsModule } from './modules/collectors/index.js';
import { exportsModule } from './modules/exports/index.js';
import { importsModule } from './modules/imports/index.js';
import { meModule } from './modules/me/index.js';
import { distributionsModule } from './modules/distributions/index.js';
import { notificationsModule } from './modules/notifications/index.js';
import { payersModule } from './modules/payers/index.js';
import { paymentsModule } from './modules/payments/index.js';
import { searchModule } from './modules/search/index.js';
import { servicePaymentsModule } from './modules/service-payments/index.js';
import { softProviderModule } from './modules/softprovider/index.js';
import { subscriptionsModule } from './modules/subscriptions/index.js';
import { transfersModule } from './modules/transfers/index.js';
import { withdrawalsModule } from './modules/withdrawals/index.js';

export const MODULES = [
  meModule,
  paymentsModule,
  collectorsModule,
  notificationsModule,
  subscriptionsModule,
  payersModule,
  afipModule,
  softProviderModule,
  binsModule,
  batchesModule,
  importsModule,
  transfersModule,
  withdrawalsModule,
  exportsModule,
  servicePaymentsModule,
  distributionsModule,
  activityModule,
  approvalsModule,
  searchModule,
] as const;

/**
 * Every upstream service, in the order the modules first name them: the union of the modules' `services`. The
 * gateway's base URLs and their env vars derive from it (load-config.ts), so a new service is one name in its module.
 */
export const SERVICES: readonly ServiceName[] = [...new Set(MODULES.flatMap((m) => m.services ?? []))];

type AllDataSources = DataSourcesOf<(typeof MODULES)[number]>;
type AllLoaders = LoadersOf<(typeof MODULES)[number]>;

// The context type (gateway-context.ts) imports no module: this list fills in its data sources and loaders.
declare module './gateway-context.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merged members come from MODULES
  interface ModuleDataSources extends AllDataSources {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merged members come from MODULES
  interface ModuleLoaders extends AllLoaders {}
}

// Every module's error texts join the one catalogue (upstream/error-catalogue.ts imports no module).
useModuleErrors(MODULES.flatMap((m) => m.errors ?? []));

/** Root fields without @auth, from every module ('Query.x' -> why). */
export const MODULE_PUBLIC_FIELDS: Readonly<Record<string, string>> = Object.assign(
  {},
  ...MODULES.map((m) => m.publicFields ?? {}),
);

/** File routes (downloads and uploads under /files) of every module. */
export const MODULE_FILE_ROUTES: readonly FileRoute[] = MODULES.flatMap((m) => m.files ?? []);

/** The module of each file route, as its audit event names it: 'POST /files/importaciones' -> 'imports'. */
export const FILE_ROUTE_AREAS: Readonly<Record<string, string>> = Object.fromEntries(
  MODULES.flatMap((m) =>
    (m.files ?? []).map((route) => [`${route.kind === 'upload' ? 'POST' : 'GET'} /files${route.route}`, m.name]),
  ),
);

/** The module (the activity screen's "área") of each root mutation: 'cancelPayment' -> 'payments'. */
export const MUTATION_AREAS: Readonly<Record<string, string>> = Object.fromEntries(
  MODULES.flatMap((m) =>
    Object.keys((m.resolvers as { Mutation?: object }).Mutation ?? {}).map((field) => [field, m.name]),
  ),
);
