/** How many recent searches the search dialog offers. */
export const RECENT_SEARCHES_MAX = 10;

/** The recent searches after `text` was searched: newest first, once each (case aside), at most 10. */
export function addRecentSearch(recent: readonly string[], text: string): string[] {
  const trimmed = text.trim();
  if (!trimmed) return [...recent];
  const key = trimmed.toLowerCase();
  return [trimmed, ...recent.filter((item) => item.toLowerCase() !== key)].slice(0, RECENT_SEARCHES_MAX);
}

/** The stored value read back safely: only strings, at most 10 (a damaged preference is no history). */
export function readRecentSearches(stored: unknown): string[] {
  return Array.isArray(stored)
    ? stored.filter((item): item is string => typeof item === 'string').slice(0, RECENT_SEARCHES_MAX)
    : [];
}
