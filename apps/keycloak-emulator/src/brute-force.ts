import type { BruteForceSettings } from './realm.js';
import { nowSeconds } from './sessions.js';

/**
 * Keycloak's temporary lockout (brute-force detection, "Lockout temporarily"): after `failureFactor` failed
 * passwords for one user, logins of that user are refused for waitIncrementSeconds x (failures / failureFactor),
 * at most maxFailureWaitSeconds, even with the right password; failures older than maxDeltaTimeSeconds are
 * forgotten and a successful login clears them. As Keycloak does, a locked user sees the same
 * "Invalid username or password." as a wrong password (no hint that the account exists).
 */
export interface BruteForceGuard {
  /** True while the user is locked out. */
  isLocked(userId: string): boolean;
  failed(userId: string): void;
  succeeded(userId: string): void;
  /** Keycloak's attack-detection status of a user (`GET .../attack-detection/brute-force/users/{id}`). */
  status(userId: string): BruteForceStatus;
  /** Forgets the failures and lockout of one user, or of every user (Keycloak's admin "unlock"). */
  clear(userId?: string): void;
}

/** As Keycloak's admin API answers it. */
export interface BruteForceStatus {
  numFailures: number;
  disabled: boolean;
  lastIPFailure: string;
  lastFailure: number;
}

interface Failures {
  count: number;
  last: number;
  lockedUntil: number;
}

export function createBruteForceGuard(settings: BruteForceSettings | null): BruteForceGuard {
  const failures = new Map<string, Failures>();
  const status = (userId: string): BruteForceStatus => {
    const entry = failures.get(userId);
    return {
      numFailures: entry?.count ?? 0,
      disabled: (entry?.lockedUntil ?? 0) > nowSeconds(),
      lastIPFailure: 'n/a',
      lastFailure: (entry?.last ?? 0) * 1000,
    };
  };
  const clear = (userId?: string) => void (userId === undefined ? failures.clear() : failures.delete(userId));
  if (!settings) {
    return { isLocked: () => false, failed: () => undefined, succeeded: () => undefined, status, clear };
  }
  return {
    status,
    clear,
    isLocked: (userId) => (failures.get(userId)?.lockedUntil ?? 0) > nowSeconds(),
    failed(userId) {
      const now = nowSeconds();
      const previous = failures.get(userId);
      const entry =
        previous && now - previous.last <= settings.maxDeltaTimeSeconds
          ? previous
          : { count: 0, last: now, lockedUntil: 0 };
      entry.count += 1;
      entry.last = now;
      if (entry.count % settings.failureFactor === 0) {
        const wait = settings.waitIncrementSeconds * (entry.count / settings.failureFactor);
        entry.lockedUntil = now + Math.min(wait, settings.maxFailureWaitSeconds);
      }
      failures.set(userId, entry);
    },
    succeeded: (userId) => {
      failures.delete(userId);
    },
  };
}
