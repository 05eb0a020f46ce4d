/**
 * Live changes and presence (the contract for the web and other teams: docs/live.md):
 *
 * - `GET /live`: a Server-Sent Events stream for the signed-in operator: `hello` (its stream id), `change` (ids of
 *   records a money move changed, on any replica: bus.ts), `presence` (who has a record open: presence.ts), `reset`
 *   (a Last-Event-ID that cannot be replayed), `: ping` every `heartbeatMs`. Bounded per operator and replica
 *   (streams.ts).
 * - `POST /live/presence`: what a stream has open (it replaces the stream's previous declaration).
 *
 * The operator is checked by the gateway's one gate (its token and rate limit: a stream counts once, when it opens).
 * Ids only: the web reads the records through GraphQL, so what an operator may see stays GraphQL's decision; and a
 * stream gets the changes and presence of the areas its operator may read only (area-access.ts), while its token
 * lives (streams.ts): a later token of the operator with other permissions ends it too (routes.ts).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StoreHandle } from '../activity/store-handle.js';
import type { Logger } from '../logger.js';
import { createLiveBus, type LiveBus } from './bus.js';
import { createStreamDirectory, DIRECTORY } from './directory.js';
import { liveMetrics } from './metrics.js';
import { createPresenceBoard, type PresenceBoard } from './presence.js';
import {
  applyForwarded,
  declarePresence,
  failed,
  FORWARDED,
  openStream,
  refuse,
  type LiveParts,
} from './routes.js';
import { createLiveStreams, type LiveStreams } from './streams.js';
import { DEFAULT_LIVE_SETTINGS, type LiveGate, type LiveRefusal, type LiveSettings } from './live-types.js';

export { DEFAULT_LIVE_SETTINGS, type LiveGate, type LiveRefusal, type LiveSettings };

export {
  BAD_PRESENCE_MESSAGE,
  LIVE_UNAVAILABLE_MESSAGE,
  MAX_OPEN_ENTRIES,
  PRESENCE_FORBIDDEN_MESSAGE,
  presenceBody,
  TOO_MANY_STREAMS_OPERATOR_MESSAGE,
  TOO_MANY_STREAMS_REPLICA_MESSAGE,
  UNKNOWN_STREAM_MESSAGE,
} from './routes.js';

export interface LiveOptions {
  store: StoreHandle;
  gate: LiveGate;
  logger: Logger;
  settings?: Partial<LiveSettings>;
  /** How long events are kept for a replay (5 minutes: the contract; tests shorten it). */
  replayMs?: number;
  /** Presence entries' life after their stream's last declaration (30 s: the contract). */
  presenceTtlMs?: number;
}

export interface Live {
  /** Answers `GET /live` and `POST /live/presence` (`path`: the request's path); false for any other path. */
  handle(req: IncomingMessage, res: ServerResponse, path: string): boolean;
  readonly streams: LiveStreams;
  readonly bus: LiveBus;
  readonly presence: PresenceBoard;
  /** Ends every stream and says this replica's viewers are gone (the stop, after the readiness drain). */
  close(): Promise<void>;
}

/**
 * Sends presence messages through the store (settled once sent; never rejects); a store that refuses them (a server
 * down) is logged once until one is sent again: presence is said again every 10 s, nothing to retry.
 */
function presenceSender(store: StoreHandle, logger: Logger): (payload: string) => Promise<void> {
  let failing = false;
  return async (payload) => {
    await store
      .current()
      ?.live.publishPresence(payload)
      .then(
        () => (failing = false),
        (error: unknown) => {
          if (!failing) logger.warn('live presence not sent', { error: String(error) });
          failing = true;
        },
      );
  };
}

export function createLive(options: LiveOptions): Live {
  const { logger, gate } = options;
  const settings = { ...DEFAULT_LIVE_SETTINGS, ...options.settings };
  const replicaId = randomBytes(9).toString('base64url');
  const publish = presenceSender(options.store, logger);
  let stopping = false;
  const streams = createLiveStreams(
    {
      maxPerOperator: settings.maxStreamsPerOperator,
      max: settings.maxStreams,
      maxUnsentBytes: settings.maxUnsentBytes,
    },
    settings.heartbeatMs,
    replicaId,
  );
  const directory = createStreamDirectory({
    replicaId,
    publish,
    local: () => streams.all(),
    ...(options.presenceTtlMs ? { ttlMs: options.presenceTtlMs } : {}),
  });
  const presence = createPresenceBoard({
    replicaId,
    ...(options.presenceTtlMs ? { ttlMs: options.presenceTtlMs } : {}),
    publish: (payload) => void publish(payload),
    changed(change, streamIds) {
      for (const id of streamIds) {
        const stream = streams.get(id);
        if (stream?.owner.namespace === change.namespace) stream.presence(change);
      }
    },
  });
  const stopCounting = liveMetrics.presenceSource(() => presence.entryCount);
  const bus = createLiveBus({
    store: () => options.store.current(),
    logger,
    deliver: (event) => streams.deliver(event),
    hasStreams: () => streams.size > 0,
    presence(payload) {
      if (payload.startsWith(FORWARDED)) applyForwarded(parts, payload);
      else if (payload.startsWith(DIRECTORY)) directory.receive(payload);
      else presence.receive(payload);
    },
    ...(options.replayMs !== undefined ? { replayMs: options.replayMs } : {}),
  });
  const parts: LiveParts = {
    gate,
    logger,
    settings,
    replicaId,
    publish,
    streams,
    presence,
    directory,
    bus,
    stopping: () => stopping,
  };

  return {
    handle(req, res, path) {
      const lower = path.toLowerCase().replace(/\/+$/, '');
      if (lower === '/live' && req.method === 'GET') {
        openStream(parts, req, res).catch((error: unknown) => failed(logger, res, error));
        return true;
      }
      if (lower === '/live/presence' && req.method === 'POST') {
        declarePresence(parts, req, res).catch((error: unknown) => failed(logger, res, error));
        return true;
      }
      if (lower === '/live' || lower === '/live/presence') {
        res.setHeader('allow', lower === '/live' ? 'GET' : 'POST');
        refuse(res, 405, 'METHOD_NOT_ALLOWED', 'Método no permitido.');
        return true;
      }
      return false;
    },
    streams,
    bus,
    presence,
    async close() {
      stopping = true;
      streams.endAll();
      presence.close();
      directory.close();
      stopCounting();
      await bus.close();
    },
  };
}
