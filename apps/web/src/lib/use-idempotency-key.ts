import { useCallback, useState } from 'react';

/**
 * A new idempotency key (a UUID v4). crypto.randomUUID needs a secure context; elsewhere getRandomValues
 * builds one.
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface IdempotencyKey {
  /** The key of the current intent: the same on every submit until `renew`. */
  key: string;
  /** A new intent (after a success, or when the operator changes what is being sent). */
  renew(): void;
}

/**
 * One idempotency key per operator intent: made when the component (a dialog) mounts and reused on every
 * submit from it, so a second submit after a timeout or an UNKNOWN answer can never apply the action twice.
 * A new dialog (a new intent) mounts with a new key.
 */
export function useIdempotencyKey(): IdempotencyKey {
  const [key, setKey] = useState(newIdempotencyKey);
  const renew = useCallback(() => setKey(newIdempotencyKey()), []);
  return { key, renew };
}

/**
 * The key of a request the operator may send again (an upload): the same key while what is sent is the same
 * (`signature`: what the request carries) and its last send got no answer, so a retry after a lost answer is never
 * done twice; a new one once a send was answered (done or refused) or what is sent changed, since the gateway refuses
 * a used key for another request.
 */
export function requestKeys(): { keyFor(signature: string): string; answered(): void } {
  let current: { key: string; signature: string | null } = { key: newIdempotencyKey(), signature: null };
  return {
    keyFor(signature) {
      if (current.signature !== null && current.signature !== signature) {
        current = { key: newIdempotencyKey(), signature: null };
      }
      current.signature = signature;
      return current.key;
    },
    answered() {
      current = { key: newIdempotencyKey(), signature: null };
    },
  };
}
