/**
 * The record's version a mutation's payload shows: the `version` of the one document it carries (a
 * payment, a subscription…), as the live event's `version`; null when it carries none, several, or no version.
 */
export function versionOf(payload: unknown): string | null {
  if (!payload || typeof payload !== 'object') return null;
  let found: string | null = null;
  for (const [key, value] of Object.entries(payload)) {
    if (key === 'error' || !value || typeof value !== 'object' || Array.isArray(value)) continue;
    const version = (value as { version?: unknown }).version;
    if (typeof version !== 'number' && typeof version !== 'string') continue;
    if (found !== null) return null;
    found = String(version);
  }
  return found;
}
