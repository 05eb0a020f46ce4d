/** Starting a screen's first query while its chunk loads (issue 16; docs/decisions.md, "Route preloads"). */
export {
  PRELOAD_FRESH_MS,
  canonicalJson,
  forgetPreload,
  preloadQuery,
  preloadedPolicy,
  wasPreloaded,
  type PreloadedPolicy,
} from './query-preload';
export {
  listPreload,
  listQueryPreload,
  listStateAt,
  type RoutePreload,
  type RoutePreloadContext,
} from './list-preload';
export { usePreloadedPolicy } from './use-preloaded-policy';
