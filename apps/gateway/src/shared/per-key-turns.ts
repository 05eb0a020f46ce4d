/**
 * Turns per key: at most `concurrent` calls of one key (an operator) run at once, the
 * next ones wait in order, and at most `maxWaiting` wait; past that a call is refused at once (`TurnsFull`).
 *
 * Why: the embedded store runs every operator's calls on one thread. An operator who keeps several heavy reads in
 * flight (a megabyte of preferences, twice at a time) made every other operator's store call queue behind all of
 * them; with one turn each, another operator waits behind at most one of his calls. Only keys with a call running
 * or waiting have an entry, so the map is bounded by the calls in flight.
 */
export class TurnsFull extends Error {
  override readonly name = 'TurnsFull';
}

export interface PerKeyTurns {
  run<T>(key: string, call: () => Promise<T>): Promise<T>;
  /** Keys with a call running or waiting (for tests and metrics). */
  readonly activeKeys: number;
}

interface KeyState {
  running: number;
  waiting: Array<() => void>;
}

export function perKeyTurns({
  concurrent = 1,
  maxWaiting = 16,
}: { concurrent?: number; maxWaiting?: number } = {}): PerKeyTurns {
  const keys = new Map<string, KeyState>();

  const release = (key: string, state: KeyState) => {
    const next = state.waiting.shift();
    if (next) {
      next();
      return;
    }
    state.running--;
    if (state.running === 0) keys.delete(key);
  };

  return {
    get activeKeys() {
      return keys.size;
    },
    async run(key, call) {
      let state = keys.get(key);
      if (!state) {
        state = { running: 0, waiting: [] };
        keys.set(key, state);
      }
      if (state.running >= concurrent) {
        if (state.waiting.length >= maxWaiting) throw new TurnsFull(`more than ${maxWaiting} calls waiting`);
        // The turn passes straight from the call that ends to this one: `running` stays counted.
        await new Promise<void>((resolve) => state.waiting.push(resolve));
      } else {
        state.running++;
      }
      try {
        return await call();
      } finally {
        release(key, state);
      }
    },
  };
}
