/**
 * A gateway module: one business area (payments, collectors, subscriptions…) described as data, so that
 * `context.ts` and `schema.ts` iterate one list (`MODULES` in `src/modules.ts`) instead of naming each area.
 *
 * How to add a module (e.g. `widgets`):
 * 1. SDL: `packages/schema/src/widget.graphql` (extend Query/Mutation, `@auth` on every protected field;
 *    reuse `ActionState`, `MutationOutcome`, `OperationError`, `BulkItemResult` from base.graphql), then
 *    `npm run build -w @backoffice/schema` and `npm run codegen`.
 * 2. Code in `src/modules/widgets/` only: a data source class over `upstream('<service>')`, mappers, loaders
 *    (`perKeyLoader` from shared/loaders.ts), resolvers typed `Resolvers`, rules with `shared/actions.ts`,
 *    bulk mutations with `shared/bulk.ts`, inputs with `shared/inputs.ts`, outcomes with `upstream/outcome.ts`.
 *    A module never imports another module (lint zone in eslint.config.js); what two modules share moves to
 *    `src/shared` or `src/upstream`. A module reads another module's loaders only through the context.
 * 3. `src/modules/widgets/index.ts`: `export const widgetsModule = defineModule({ name: 'widgets', services, … })`,
 *    `services` the upstream services it calls (`const SERVICES = ['widget'] as const`, added to `ServiceName`
 *    by the `declare module '../../services.js'` beside it, as every module does). The gateway's services, their
 *    env vars and URLs derive from the modules' (load-config.ts), so a new service touches no file outside the module.
 * 4. Add `widgetsModule` to `MODULES` in `src/modules.ts`. Its data sources and loaders then appear, typed,
 *    in `GatewayContext.dataSources` / `.loaders`; its resolvers join the schema; its error texts join the
 *    catalogue; its public fields join the reviewed list the security tests check.
 * 5. Tests: rules per role, upstream call counts, and the generated role matrix picks up the new fields.
 */
import type { ServiceName } from '../services.js';
import type { FileRoute } from '../files/types.js';
import type { Resolvers } from '../generated/resolvers-types.js';
import type { CatalogueEntry } from '../upstream/error-catalogue.js';
import type { UpstreamClients } from '../upstream/rest-client.js';

type Empty = Record<never, never>;

export interface ModuleDefinition<
  DataSources extends object = Empty,
  Loaders extends object = Empty,
  Service extends ServiceName = never,
> {
  /** Unique, lower case: 'payments'. */
  readonly name: string;
  /**
   * The upstream services this module calls, by the name used in env vars, URLs and logs ('softprovider'): its
   * data sources can ask `upstream()` for these only. The gateway's services (`SERVICES`, each one's
   * `<NAME>_SERVICE_URL` and URL from `SERVICE_URL_TEMPLATE`) are the union of every module's. The module's
   * index.ts also adds them to `ServiceName` (`declare module '../../services.js'`, see any module).
   */
  readonly services?: readonly Service[];
  /** The SDL files of this module in packages/schema/src (the schema is merged there; listed for review). */
  readonly schemaFiles?: readonly string[];
  readonly resolvers: Resolvers;
  /** Per GraphQL request: the module's data sources over the request's upstream clients. Keys are global. */
  dataSources?(upstream: UpstreamClients<Service>): DataSources;
  /** Per GraphQL request, after the data sources: the module's loaders. Keys are global. */
  loaders?(dataSources: DataSources): Loaders;
  /** Upstream error texts of this module's services (spec §8), merged into the one catalogue. */
  readonly errors?: readonly CatalogueEntry[];
  /** Root fields without @auth ('Query.x' -> why), reviewed one by one (auth/public-fields.ts). */
  readonly publicFields?: Readonly<Record<string, string>>;
  /** Downloads and uploads served under /files (defineDownload / defineUpload of src/files). */
  readonly files?: readonly FileRoute[];
}

/** Declares a module (typed; no side effect: src/modules.ts lists it). */
export function defineModule<
  const Service extends ServiceName = never,
  DataSources extends object = Empty,
  Loaders extends object = Empty,
>(
  definition: ModuleDefinition<DataSources, Loaders, Service>,
): ModuleDefinition<DataSources, Loaders, Service> {
  return definition;
}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;

/** The upstream services a list of modules declares (`services`), as a union of their names. */
export type ServicesOf<M> = M extends { services?: readonly (infer S extends string)[] } ? S : never;

/** The merged data sources of a list of modules. */
export type DataSourcesOf<M> = UnionToIntersection<
  M extends { dataSources?(upstream: never): infer D } ? D : never
>;
/** The merged loaders of a list of modules. */
export type LoadersOf<M> = UnionToIntersection<
  M extends { loaders?(dataSources: never): infer L } ? L : never
>;

/** Builds the per-request data sources and loaders of every module; a key defined twice is a defect. */
export function instantiateModules<const M extends readonly ModuleDefinition<object, object, ServiceName>[]>(
  modules: M,
  upstream: UpstreamClients,
): { dataSources: DataSourcesOf<M[number]>; loaders: LoadersOf<M[number]> } {
  const dataSources: Record<string, unknown> = {};
  const loaders: Record<string, unknown> = {};
  for (const module of modules) {
    const own = module.dataSources?.(upstream) ?? {};
    mergeUnique(dataSources, own, module.name, 'data source');
    if (module.loaders) mergeUnique(loaders, module.loaders(own), module.name, 'loader');
  }
  return { dataSources, loaders } as {
    dataSources: DataSourcesOf<M[number]>;
    loaders: LoadersOf<M[number]>;
  };
}

function mergeUnique(into: Record<string, unknown>, from: object, module: string, what: string): void {
  for (const [key, value] of Object.entries(from)) {
    if (key in into) throw new Error(`module ${module}: ${what} "${key}" is already defined`);
    into[key] = value;
  }
}

/**
 * `instantiateModules`, but each module's data sources and loaders are built on first use, per request: a request
 * pays for the modules it touches (a payment list: payments and collectors), not for every module of the gateway
 * (per-request work would otherwise grow with each area). The keys of every module are read once, here, by
 * building each module over a client that is never called, and a key defined twice is refused here too.
 */
export function lazyModuleInstances<const M extends readonly ModuleDefinition<object, object, ServiceName>[]>(
  modules: M,
): (upstream: UpstreamClients) => { dataSources: DataSourcesOf<M[number]>; loaders: LoadersOf<M[number]> } {
  const probe = (() => ({})) as unknown as UpstreamClients;
  const dataSourceKeys: Record<string, unknown> = {};
  const loaderKeys: Record<string, unknown> = {};
  const keys = modules.map((module) => {
    const own = module.dataSources?.(probe) ?? {};
    const ownLoaders = module.loaders?.(own) ?? {};
    mergeUnique(dataSourceKeys, own, module.name, 'data source');
    mergeUnique(loaderKeys, ownLoaders, module.name, 'loader');
    return { dataSources: Object.keys(own), loaders: Object.keys(ownLoaders) };
  });

  interface Instances {
    upstream: UpstreamClients;
    dataSources: Record<string, unknown>;
    loaders: Record<string, unknown>;
  }
  const STATE = Symbol('module instances');
  type Holder = Record<string, unknown> & { [STATE]: Instances };
  /** Builds module `index` for this request and pins its values on both objects (no getter on the next read). */
  const build = (state: Instances, index: number): void => {
    const module = modules[index]!;
    const own = module.dataSources?.(state.upstream) ?? {};
    const ownLoaders = module.loaders?.(own) ?? {};
    for (const [key, value] of Object.entries(own)) {
      Object.defineProperty(state.dataSources, key, { value, enumerable: true });
    }
    for (const [key, value] of Object.entries(ownLoaders)) {
      Object.defineProperty(state.loaders, key, { value, enumerable: true });
    }
  };
  const prototypeOf = (what: 'dataSources' | 'loaders') => {
    const prototype = {};
    keys.forEach((k, index) => {
      for (const key of k[what]) {
        Object.defineProperty(prototype, key, {
          get(this: Holder) {
            const state = this[STATE];
            build(state, index);
            return state[what][key];
          },
        });
      }
    });
    return prototype;
  };
  const dataSourcesPrototype = prototypeOf('dataSources');
  const loadersPrototype = prototypeOf('loaders');

  return (upstream) => {
    const dataSources = Object.create(dataSourcesPrototype) as Holder;
    const loaders = Object.create(loadersPrototype) as Holder;
    const state: Instances = { upstream, dataSources, loaders };
    Object.defineProperty(dataSources, STATE, { value: state });
    Object.defineProperty(loaders, STATE, { value: state });
    return { dataSources, loaders } as unknown as {
      dataSources: DataSourcesOf<M[number]>;
      loaders: LoadersOf<M[number]>;
    };
  };
}
