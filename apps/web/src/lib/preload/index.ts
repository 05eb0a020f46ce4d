/** Starting a screen's first query while its chunk loads (docs/decisions.md, "Route preloads"). */
export {
  PRELOAD_FRESH_MS,
  canonicalJson,
  forgetPreload,
  preloadQuery,
  preloadedPolicy,
  recordPreload,
  wasPreloaded,
  type PreloadedPolicy,
} from './query-preload';
export {
  listEarlyRequest,
  listPreload,
  listQueryPreload,
  listStateAt,
  type EarlyPreloadContext,
  type RoutePreload,
  type RoutePreloadContext,
} from './list-preload';
export {
  forgetEarlyRequests,
  sendEarlyRequest,
  takeEarlyAnswer,
  type EarlyAnswer,
  type EarlyRequest,
  type EarlyRequestOptions,
} from './early-request';
export { usePreloadedPolicy } from './use-preloaded-policy';
