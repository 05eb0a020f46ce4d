import type { StoreHandle } from './activity/store-handle.js';
import type { AuthUser } from './auth/verify-token.js';
import type { GatewayConfig } from './config.js';
import type { Logger } from './logger.js';
import type { UpstreamCall, UpstreamClients } from './upstream/rest-client.js';
import type { MoneyPolicy } from './money/policy.js';
import type { MoveMark } from './money/move.js';
import type { MoveSlot } from './money/scope.js';

/**
 * Every module's data sources, merged. Declared empty here and filled in by src/modules.ts (declaration merging
 * from `MODULES`), so that the modules' resolvers read this type without importing the list of modules: this file
 * imports no module and no module list (no import cycle modules -> context -> modules).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by src/modules.ts
export interface ModuleDataSources {}
/** Every module's per-request loaders, merged (filled in by src/modules.ts, as ModuleDataSources). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by src/modules.ts
export interface ModuleLoaders {}

/** Everything a resolver may use; built once per GraphQL request (context.ts). */
export interface GatewayContext {
  user: AuthUser;
  requestId: string;
  /** 'es_AR' when the operator's language starts with es, else null. */
  locale: string | null;
  logger: Logger;
  /** The RestClient of any service for this request (all share the GET memo). */
  upstream: UpstreamClients;
  /** Every module's data sources (src/modules.ts). */
  dataSources: ModuleDataSources;
  /** Every module's per-request loaders (src/modules.ts). */
  loaders: ModuleLoaders;
  /** Forgets the GETs in flight of this request (after a write, so no later read shares one begun before it). */
  forgetUpstreamReads: () => void;
  /** Upstream calls made so far (for the access log). */
  upstreamCalls: UpstreamCall[];
  /** Shared with the access log (Apollo shallow-clones the context, so only nested objects are shared). */
  meta: { operationName: string | null };
  /** The drain deadline of a stopping gateway (shared/drain.ts): bulk actions answer before the cut. */
  drainSignal: AbortSignal | undefined;
  /** The gateway's own store (activity, preferences), null when none is configured (activity/store-handle.ts). */
  store: StoreHandle | null;
  /** The namespace of this request's rows in the store: its test namespace (test profile only), else ''. */
  storeNamespace: string;
  /** What one operator may keep as preferences (GatewayConfig.preferenceLimits). */
  preferenceLimits: GatewayConfig['preferenceLimits'];
  /** The money pipeline's journal and intents (money/pipeline.ts); null without a store: fields run as they are. */
  money: MoneyPolicy | null;
  /** The money move of the root mutation field running (money/scope.ts; nested, so shared by Apollo's copies). */
  moveSlot: MoveSlot;
  /** How each root mutation field's move ended, by response key, for the audit to read ('recorded'...). */
  moveMarks: Map<string, MoveMark>;
  /**
   * A context of this request's gateway for another operator (an approved move is sent as its maker: money/
   * approvals.ts), with its own request id, upstream clients and move slot.
   */
  asOperator(user: AuthUser): GatewayContext;
}
