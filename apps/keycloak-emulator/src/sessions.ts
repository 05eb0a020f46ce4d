import { randomUUID } from 'node:crypto';

/** A Keycloak SSO (user) session. Times are epoch seconds. */
export interface Session {
  id: string;
  userId: string;
  authTime: number;
  started: number;
  lastRefresh: number;
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/**
 * In-memory user sessions with Keycloak's idle and max lifespans. A session unknown to this
 * process (the emulator restarted) is re-created from a validly signed token that names it,
 * unless it was ended here; so a restart keeps browsers signed in, while logout still ends them.
 */
export class SessionStore {
  readonly #sessions = new Map<string, Session>();
  readonly #ended = new Set<string>();

  constructor(
    private readonly idleSeconds: number,
    private readonly maxSeconds: number,
  ) {}

  create(userId: string): Session {
    const now = nowSeconds();
    const session: Session = { id: randomUUID(), userId, authTime: now, started: now, lastRefresh: now };
    this.#sessions.set(session.id, session);
    return session;
  }

  /** The active session, or undefined. `restore` describes it when this process has not seen it. */
  get(id: string, restore?: { userId: string; authTime: number; lastSeen: number }): Session | undefined {
    if (this.#ended.has(id)) return undefined;
    let session = this.#sessions.get(id);
    if (!session && restore) {
      session = {
        id,
        userId: restore.userId,
        authTime: restore.authTime,
        started: restore.authTime,
        lastRefresh: restore.lastSeen,
      };
      this.#sessions.set(id, session);
    }
    if (!session) return undefined;
    if (restore && restore.userId !== session.userId) return undefined;
    if (this.isExpired(session)) {
      this.end(id);
      return undefined;
    }
    return session;
  }

  isExpired(session: Session): boolean {
    const now = nowSeconds();
    return now > session.lastRefresh + this.idleSeconds || now > session.started + this.maxSeconds;
  }

  touch(session: Session): void {
    session.lastRefresh = nowSeconds();
  }

  /**
   * When a refresh token issued at `now` expires: the idle timeout, capped by the max lifespan. The caller passes
   * the `now` it stamps the token with, so `refresh_expires_in` is exact even when signing crosses a second.
   */
  refreshExpiry(session: Session, now: number = nowSeconds()): number {
    return Math.min(now + this.idleSeconds, session.started + this.maxSeconds);
  }

  end(id: string): void {
    this.#sessions.delete(id);
    this.#ended.add(id);
  }
}
