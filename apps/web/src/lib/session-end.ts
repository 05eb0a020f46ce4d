/**
 * A sign-out heard by every tab of the browser. Each tab holds its own tokens (session storage), and an access token
 * stays valid at the gateway until it expires, whatever Keycloak's session: without a word from the tab that signs
 * out, another tab would go on calling the services as the operator who left. The tab that signs out says so on a
 * BroadcastChannel; every other tab of that operator stops (`lib/keycloak.ts`: no token any more) and says that the
 * session ended (`app/app.tsx`).
 */

/** The channel every tab of the back-office listens on. */
export const SESSION_CHANNEL = 'backoffice-session';

/** What a tab signing out says. */
interface SignedOutMessage {
  t: 'signed-out';
  /** Who signed out ('' when the token named nobody): a tab of another operator goes on. */
  username: string;
}

/** The part of a BroadcastChannel used here (a fake in tests). */
export interface SessionChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface SessionEndWatch {
  /** Tells the other tabs that `username` signed out (this tab's own sign-out). */
  announce(): void;
  /** Stops listening (the tab signs out itself, or goes). */
  stop(): void;
}

function browserChannel(name: string): SessionChannel | null {
  if (typeof BroadcastChannel !== 'function') return null;
  const channel = new BroadcastChannel(name);
  // Outside a browser (a unit test's Node) the channel must not keep the process alive.
  (channel as { unref?: () => void }).unref?.();
  return channel;
}

/**
 * Listens for a sign-out of `username` in another tab and calls `onEnded` once when one comes. Without
 * BroadcastChannel (a very old browser) nothing is heard: each tab then finds out at its next refresh of the token.
 */
export function watchSessionEnd(
  username: string | undefined,
  onEnded: () => void,
  openChannel: (name: string) => SessionChannel | null = browserChannel,
): SessionEndWatch {
  const who = username ?? '';
  let channel: SessionChannel | null = null;
  try {
    channel = openChannel(SESSION_CHANNEL);
  } catch {
    channel = null; // a sandboxed frame may refuse it: as without BroadcastChannel
  }
  let ended = false;
  channel?.addEventListener('message', (event: MessageEvent) => {
    const message = event.data as Partial<SignedOutMessage> | null;
    if (ended || !message || message.t !== 'signed-out' || message.username !== who) return;
    ended = true;
    onEnded();
  });
  return {
    announce() {
      const message: SignedOutMessage = { t: 'signed-out', username: who };
      channel?.postMessage(message);
    },
    stop() {
      ended = true;
      channel?.close();
      channel = null;
    },
  };
}
