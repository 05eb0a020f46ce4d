/**
 * The live routes' handlers (index.ts routes them): `GET /live` opens a stream, `POST /live/presence` declares what
 * it has open, here or (handed over through the store) on the stream's replica. docs/live.md.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { localsOf, sendJson } from '../http/plain.js';
import type { Logger } from '../logger.js';
import type { LiveBus } from './bus.js';
import type { LiveGate, LiveRefusal, LiveSettings } from './live-types.js';
import { liveMetrics } from './metrics.js';
import type { OpenEntry, PresenceBoard } from './presence.js';
import { sseEvent, type LiveStreams, type StreamOwner } from './streams.js';

/** What the handlers work with: one replica's live parts. */
export interface LiveParts {
  gate: LiveGate;
  logger: Logger;
  settings: LiveSettings;
  replicaId: string;
  /** Sends a message on the store's presence channel (never throws). */
  publish(payload: string): void;
  streams: LiveStreams;
  presence: PresenceBoard;
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

/** A presence POST handed to the replica of its stream: `f` that replica, the stream, its operator and namespace. */
interface Forwarded {
  f: string;
  id: string;
  u: string;
  n: string;
  o: OpenEntry[];
}
export const FORWARDED = '{"f":';

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
  const owner: StreamOwner = {
    subject: user.subject,
    username: user.username,
    namespace: namespaceOf(res),
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
    stream.end();
  });
  // The first stream after none: the bus's cursor catches up with the newest event (it read none meanwhile).
  await bus.wake();
  // Events after this point wait in the stream while its replay is read.
  const from = bus.cursor;
  req.socket.setNoDelay(true);
  res.writeHead(200, {
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
  const replay = await bus.replay(lastId.trim(), owner.namespace).catch((error: unknown) => {
    logger.warn('live replay not read', { error: String(error) });
    return { reset: true } as const;
  });
  if (replay.reset) {
    stream.reset();
    stream.live(from);
  } else {
    stream.live(lastId.trim(), replay.events);
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
  const stream = streams.get(declared.streamId);
  const dot = declared.streamId.indexOf('.');
  const owner = dot > 0 ? declared.streamId.slice(0, dot) : '';
  if (!stream && owner && owner !== replicaId) {
    // Another replica's stream (the balancer sends each request anywhere): handed to it through the store, which
    // applies it if the stream is still there and the operator's.
    forwardPresence(parts, owner, declared.streamId, user.subject, namespaceOf(res), declared.open);
    noContent(res);
    return;
  }
  // Another operator's stream, or another namespace's, is as unknown as a closed one.
  if (!stream?.open || stream.owner.subject !== user.subject || stream.owner.namespace !== namespaceOf(res)) {
    refuse(res, 404, 'UNKNOWN_STREAM', UNKNOWN_STREAM_MESSAGE);
    return;
  }
  presence.declare(stream.id, stream.owner, declared.open);
  noContent(res);
}

/** A presence POST for another replica's stream, sent on the presence channel to that replica. */
function forwardPresence(
  parts: LiveParts,
  to: string,
  streamId: string,
  subject: string,
  namespace: string,
  open: OpenEntry[],
) {
  const message: Forwarded = { f: to, id: streamId, u: subject, n: namespace, o: open };
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
    stream.owner.namespace !== message.n
  )
    return;
  presence.declare(stream.id, stream.owner, declared.open);
}

export const failed = (logger: Logger, res: ServerResponse, error: unknown) => {
  logger.error('live request failed', { error: String(error) });
  if (!res.headersSent) refuse(res, 500, 'INTERNAL_SERVER_ERROR', LIVE_UNAVAILABLE_MESSAGE);
  else res.end();
};
