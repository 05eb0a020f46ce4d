/**
 * The live routes' handlers (index.ts routes them): `GET /live` opens a stream, `POST /live/presence` declares what
 * it has open, here or (handed over through the store) on the stream's replica. docs/live.md.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthUser } from '../auth/verify-token.js';
import { localsOf, sendJson } from '../http/plain.js';
import type { Logger } from '../logger.js';
import { UNAUTHENTICATED_MESSAGE } from '../upstream/error-catalogue.js';
import { movableAreas, readableAreas } from './area-access.js';
import type { LiveBus } from './bus.js';
import type { StreamDirectory } from './directory.js';
import type { LiveGate, LiveRefusal, LiveSettings } from './live-types.js';
import { liveMetrics } from './metrics.js';
import type { OpenEntry, PresenceBoard } from './presence.js';
import { sseEvent, type LiveStream, type LiveStreams, type StreamOwner } from './streams.js';

/** What the handlers work with: one replica's live parts. */
export interface LiveParts {
  gate: LiveGate;
  logger: Logger;
  settings: LiveSettings;
  replicaId: string;
  /** Sends a message on the store's presence channel (never rejects). */
  publish(payload: string): Promise<void>;
  streams: LiveStreams;
  presence: PresenceBoard;
  /** The other replicas' streams. */
  directory: StreamDirectory;
  bus: LiveBus;
  /** The replica is stopping: no new stream. */
  stopping(): boolean;
}

export const LIVE_UNAVAILABLE_MESSAGE =
  'Las novedades en vivo no están disponibles en este momento. Se reintentará en unos segundos.';
export const TOO_MANY_STREAMS_OPERATOR_MESSAGE =
  'Tiene demasiadas conexiones en vivo abiertas. Cierre otras ventanas del back-office o reintente en unos segundos.';
export const TOO_MANY_STREAMS_REPLICA_MESSAGE =
  'El servidor tiene demasiadas conexiones en vivo abiertas. Se reintentará en unos segundos.';
export const BAD_PRESENCE_MESSAGE =
  'La presencia enviada no es válida: se espera { streamId, open: [{ area, id, dialog }] } con hasta 20 registros.';
export const UNKNOWN_STREAM_MESSAGE = 'La conexión en vivo no existe o ya se cerró: vuelva a conectarse.';
export const PRESENCE_FORBIDDEN_MESSAGE =
  'No tiene permisos para ver algunos de los registros declarados abiertos o para operar en ellos: no se informó su presencia.';

/**
 * A presence POST handed to the replica of its stream: `f` that replica, the stream, its operator, namespace and the
 * POST's token's permissions.
 */
interface Forwarded {
  f: string;
  id: string;
  u: string;
  n: string;
  p: string;
  o: OpenEntry[];
}
export const FORWARDED = '{"f":';

/** How long a presence POST for another replica's stream waits for that replica's word of it. */
const STREAM_WORD_WAIT_MS = 2_000;

/** Most records a stream declares open at once. */
export const MAX_OPEN_ENTRIES = 20;
const MAX_PRESENCE_BODY_BYTES = 16 * 1024;
const AREA = /^[a-z][a-z0-9_-]{0,39}$/;
const RECORD_ID = /^[A-Za-z0-9._:-]{1,64}$/;
const DIALOG = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;

/** The live routes' refusal body: `{ message, code }` (docs/live.md). */
export const answer = (res: ServerResponse, refusal: LiveRefusal) =>
  sendJson(res, refusal.status, { message: refusal.message, code: refusal.code });

export function refuse(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  retryAfterS?: number,
) {
  res.setHeader('cache-control', 'no-store');
  if (retryAfterS !== undefined) res.setHeader('retry-after', String(retryAfterS));
  answer(res, { status, code, message });
}

/** The entries of a presence body, or null when it is not one. */
export function presenceBody(body: unknown): { streamId: string; open: OpenEntry[] } | null {
  if (!body || typeof body !== 'object') return null;
  const { streamId, open } = body as { streamId?: unknown; open?: unknown };
  if (typeof streamId !== 'string' || !streamId || streamId.length > 64) return null;
  if (!Array.isArray(open) || open.length > MAX_OPEN_ENTRIES) return null;
  const entries: OpenEntry[] = [];
  for (const entry of open as unknown[]) {
    if (!entry || typeof entry !== 'object') return null;
    const { area, id, dialog = null } = entry as { area?: unknown; id?: unknown; dialog?: unknown };
    if (typeof area !== 'string' || !AREA.test(area)) return null;
    if (typeof id !== 'string' || !RECORD_ID.test(id)) return null;
    if (dialog !== null && (typeof dialog !== 'string' || !DIALOG.test(dialog))) return null;
    entries.push({ area, id, dialog });
  }
  return { streamId, open: entries };
}

/** The request's body, at most `limit` bytes (null past it). */
function readText(req: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        resolve(null);
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const namespaceOf = (res: ServerResponse) =>
  localsOf<{ testNamespace: string | null }>(res).testNamespace ?? '';

/** A token's permissions as one comparable string (the verifier lists them in one order, without duplicates). */
const grantsOf = (user: AuthUser) => user.permissions.join(',');

/** When the operator's token expires (epoch ms; 0 when it says none): the gate verified it, its payload is read as is. */
function tokenExpiry(user: AuthUser): number {
  try {
    const payload = Buffer.from(user.token.split('.')[1] ?? '', 'base64url').toString('utf8');
    const { exp } = JSON.parse(payload) as { exp?: unknown };
    return typeof exp === 'number' ? exp * 1000 : 0;
  } catch {
    return 0;
  }
}

const noContent = (res: ServerResponse) => {
  res.statusCode = 204;
  res.setHeader('cache-control', 'no-store');
  res.end();
};

/** `GET /live`: the operator's stream, its hello, its replay (or reset), then the live events. */
export async function openStream(parts: LiveParts, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { gate, bus, streams, presence, settings, logger } = parts;
  const user = await gate.admit(req, res, answer);
  if (!user) return;
  if (parts.stopping() || !bus.connected) {
    refuse(res, 503, 'LIVE_UNAVAILABLE', LIVE_UNAVAILABLE_MESSAGE, 5);
    return;
  }
  const expiresAt = tokenExpiry(user);
  // The gate's clock tolerance admits a token a few seconds past its expiry: a stream of it would have no life.
  if (expiresAt <= Date.now()) {
    res.setHeader('www-authenticate', 'Bearer');
    refuse(res, 401, 'UNAUTHENTICATED', UNAUTHENTICATED_MESSAGE);
    return;
  }
  const owner: StreamOwner = {
    subject: user.subject,
    username: user.username,
    namespace: namespaceOf(res),
    reads: readableAreas(user.permissions),
    grants: grantsOf(user),
    expiresAt,
  };
  const opened = streams.open(owner, res);
  if ('refused' in opened) {
    liveMetrics.refused(opened.refused);
    refuse(
      res,
      429,
      'TOO_MANY_STREAMS',
      opened.refused === 'operator' ? TOO_MANY_STREAMS_OPERATOR_MESSAGE : TOO_MANY_STREAMS_REPLICA_MESSAGE,
      opened.refused === 'operator' ? 10 : 5,
    );
    return;
  }
  const { stream } = opened;
  res.once('close', () => {
    streams.remove(stream);
    presence.drop(stream.id);
    parts.directory.ended(stream.id);
    stream.end();
  });
  // The first stream after none: the bus's cursor catches up with the newest event (it read none meanwhile). The
  // other replicas hear of the stream before its hello: the web's first presence POST may reach any of them.
  await Promise.all([bus.wake(), parts.directory.opened(stream.id, owner)]);
  // Its token may have expired meanwhile (or the replica stopped): the client comes back with a new one.
  if (!stream.open) return;
  // Events after this point wait in the stream while its replay is read.
  const from = bus.cursor;
  req.socket.setNoDelay(true);
  stream.begin({
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
  });
  stream.write(sseEvent('hello', { streamId: stream.id, heartbeatMs: settings.heartbeatMs }));
  const header = req.headers['last-event-id'];
  const lastId =
    (Array.isArray(header) ? header[0] : header) ??
    new URLSearchParams(req.url?.split('?')[1] ?? '').get('lastEventId');
  if (!lastId) {
    stream.live(from);
    return;
  }
  const replay = await bus
    .replay(lastId.trim(), owner.namespace, (events) => {
      stream.replayed(events);
      return stream.drained();
    })
    .catch((error: unknown) => {
      logger.warn('live replay not read', { error: String(error) });
      return { reset: true } as const;
    });
  if (replay.reset) {
    stream.reset();
    stream.live(from);
  } else {
    stream.live(replay.lastId);
  }
}

/** `POST /live/presence`: what a stream has open, replacing its previous declaration. */
export async function declarePresence(
  parts: LiveParts,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const { gate, streams, presence, replicaId } = parts;
  const user = await gate.admit(req, res, answer);
  if (!user) return;
  const text = await readText(req, MAX_PRESENCE_BODY_BYTES);
  let body: unknown = null;
  try {
    body = text === null ? null : JSON.parse(text);
  } catch {
    body = null;
  }
  const declared = presenceBody(body);
  if (!declared) {
    refuse(res, 400, 'BAD_REQUEST', BAD_PRESENCE_MESSAGE);
    return;
  }
  // A record of an area the operator may not read, or a dialog of a move they may not make there, is declared
  // nowhere: neither here nor handed to another replica.
  const reads = readableAreas(user.permissions);
  const moves = movableAreas(user.permissions);
  const refused = (entry: OpenEntry) =>
    !reads.has(entry.area) || (entry.dialog !== null && !moves.has(entry.area));
  if (declared.open.some(refused)) {
    refuse(res, 403, 'FORBIDDEN', PRESENCE_FORBIDDEN_MESSAGE);
    return;
  }
  const stream = streams.get(declared.streamId);
  const dot = declared.streamId.indexOf('.');
  const owner = dot > 0 ? declared.streamId.slice(0, dot) : '';
  if (!stream && owner && owner !== replicaId) {
    // Another replica's stream (the balancer sends each request anywhere): handed to it through the store when that
    // replica said it holds it for this operator (a POST may come before its word: waited for a little), and that
    // replica applies it if the stream is still there.
    const held = await parts.directory.find(declared.streamId, STREAM_WORD_WAIT_MS);
    if (held?.subject !== user.subject || held.namespace !== namespaceOf(res)) {
      refuse(res, 404, 'UNKNOWN_STREAM', UNKNOWN_STREAM_MESSAGE);
      return;
    }
    forwardPresence(parts, owner, declared.streamId, user, namespaceOf(res), declared.open);
    noContent(res);
    return;
  }
  // Another operator's stream, or another namespace's, is as unknown as a closed one.
  if (!stream?.open || stream.owner.subject !== user.subject || stream.owner.namespace !== namespaceOf(res)) {
    refuse(res, 404, 'UNKNOWN_STREAM', UNKNOWN_STREAM_MESSAGE);
    return;
  }
  if (!applyDeclaration(presence, stream, grantsOf(user), declared.open)) {
    refuse(res, 404, 'UNKNOWN_STREAM', UNKNOWN_STREAM_MESSAGE);
    return;
  }
  noContent(res);
}

/**
 * A declaration for one of this replica's streams, by its operator: applied, or, when it came with other permissions
 * than the stream's token (the operator's roles changed), the stream ends (false): the client reconnects with its new
 * token, and hears from then on what that one reads.
 */
function applyDeclaration(
  presence: PresenceBoard,
  stream: LiveStream,
  grants: string,
  open: readonly OpenEntry[],
): boolean {
  if (grants !== stream.owner.grants || open.some((entry) => !stream.owner.reads.has(entry.area))) {
    stream.end();
    return false;
  }
  presence.declare(stream.id, stream.owner, open);
  return true;
}

/** A presence POST for another replica's stream, sent on the presence channel to that replica. */
function forwardPresence(
  parts: LiveParts,
  to: string,
  streamId: string,
  user: AuthUser,
  namespace: string,
  open: OpenEntry[],
) {
  const message: Forwarded = {
    f: to,
    id: streamId,
    u: user.subject,
    n: namespace,
    p: grantsOf(user),
    o: open,
  };
  parts.publish(JSON.stringify(message));
}

/** A presence POST another replica received for one of this replica's streams. */
export function applyForwarded(parts: LiveParts, payload: string): void {
  const { streams, presence, replicaId } = parts;
  let message: Forwarded;
  try {
    message = JSON.parse(payload) as Forwarded;
  } catch {
    return;
  }
  if (message.f !== replicaId) return;
  const stream = streams.get(message.id);
  const declared = presenceBody({ streamId: message.id, open: message.o });
  if (
    !stream?.open ||
    !declared ||
    stream.owner.subject !== message.u ||
    stream.owner.namespace !== message.n ||
    typeof message.p !== 'string'
  )
    return;
  applyDeclaration(presence, stream, message.p, declared.open);
}

export const failed = (logger: Logger, res: ServerResponse, error: unknown) => {
  logger.error('live request failed', { error: String(error) });
  if (!res.headersSent) refuse(res, 500, 'INTERNAL_SERVER_ERROR', LIVE_UNAVAILABLE_MESSAGE);
  else res.end();
};
