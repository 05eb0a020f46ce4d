/** The live routes' settings and the gate they admit operators through (index.ts assembles them; routes.ts uses them). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthUser } from '../auth/verify-token.js';

export interface LiveSettings {
  /** Between two `: ping` lines of a stream (LIVE_HEARTBEAT_MS, default 15 s). */
  heartbeatMs: number;
  /** Streams one operator may hold on a replica (LIVE_MAX_STREAMS_PER_OPERATOR, default 4). */
  maxStreamsPerOperator: number;
  /** Streams a replica holds at most (LIVE_MAX_STREAMS, default 2 000). */
  maxStreams: number;
  /**
   * Unsent bytes of all a replica's streams together (LIVE_MAX_UNSENT_BYTES, default 32 MiB; 0: none); past it the
   * stream with the most is cut. Each stream's own bound (1 MiB) times LIVE_MAX_STREAMS is more than any memory limit.
   */
  maxUnsentBytes: number;
}

export const DEFAULT_LIVE_SETTINGS: LiveSettings = {
  heartbeatMs: 15_000,
  maxStreamsPerOperator: 4,
  maxStreams: 2_000,
  maxUnsentBytes: 32 * 1024 * 1024,
};

/** A refusal the gate decided (401, 429, 503…), answered in the live routes' shape. */
export interface LiveRefusal {
  status: number;
  code: string;
  message: string;
}

/** The gateway's operator check (http/operator-gate.ts): the operator, or null when it answered a refusal. */
export interface LiveGate {
  admit(
    req: IncomingMessage,
    res: ServerResponse,
    answer: (res: ServerResponse, refusal: LiveRefusal) => void,
  ): Promise<AuthUser | null>;
}
