/**
 * The live contract (docs/live.md): what the gateway's `/live` stream sends and what `/live/presence` takes.
 * Pure types and readers, shared by the leader tab's stream and every tab's relay.
 */

/** One record an operator's tab has open, and the action dialog open on it (a short kind: 'refund', 'cancel'). */
export interface OpenRecord {
  area: string;
  id: string;
  dialog: string | null;
}

export interface Viewer {
  username: string;
  dialog: string | null;
}

export type LiveEvent =
  | { type: 'change'; id: string; area: string; ids: string[]; version: number | string | null }
  | { type: 'presence'; area: string; id: string; viewers: Viewer[] }
  | { type: 'reset' };

/** At most this many records in one `/live/presence` (the gateway refuses more). */
export const PRESENCE_MAX_ENTRIES = 20;
/** The leader POSTs what is open at least this often (the gateway forgets an entry 30 s after its last POST). */
export const PRESENCE_REFRESH_MS = 10_000;
/** A record's key in the maps: `payments:1000018`. */
export const recordKey = (area: string, id: string) => `${area}:${id}`;

const isString = (value: unknown): value is string => typeof value === 'string';

function viewersOf(value: unknown): Viewer[] | null {
  if (!Array.isArray(value)) return null;
  const viewers: Viewer[] = [];
  for (const item of value as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const { username, dialog } = item as Record<string, unknown>;
    if (isString(username)) viewers.push({ username, dialog: isString(dialog) ? dialog : null });
  }
  return viewers;
}

/** An SSE message of `/live` as the web reads it; null for what it does not know (a newer gateway's event). */
export function liveEventOf(event: string, data: string, id: string): LiveEvent | null {
  if (event === 'reset') return { type: 'reset' };
  if (event !== 'change' && event !== 'presence') return null;
  let body: unknown;
  try {
    body = JSON.parse(data);
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object') return null;
  const fields = body as Record<string, unknown>;
  if (!isString(fields.area)) return null;
  if (event === 'change') {
    const ids = Array.isArray(fields.ids) ? (fields.ids as unknown[]).map(String) : [];
    const version = typeof fields.version === 'number' || isString(fields.version) ? fields.version : null;
    return { type: 'change', id, area: fields.area, ids, version };
  }
  const viewers = viewersOf(fields.viewers);
  if (!isString(fields.id) || !viewers) return null;
  return { type: 'presence', area: fields.area, id: fields.id, viewers };
}

/** The gateway's base (…/graphql without its path end): `/live` and `/files` sit beside it, as lib/files does. */
export function liveUrl(gatewayUrl: string, path = '/live'): string {
  return `${gatewayUrl.replace(/\/graphql\/?$/, '').replace(/\/+$/, '')}${path}`;
}
