import { describe, expect, it, vi } from 'vitest';
import { watchSessionEnd, type SessionChannel } from '../session-end';

/** BroadcastChannels of one browser in memory: a message reaches every other channel of the name, never its sender. */
function browser() {
  const open = new Set<{ name: string; listeners: ((event: MessageEvent) => void)[] }>();
  return (name: string): SessionChannel => {
    const self = { name, listeners: [] as ((event: MessageEvent) => void)[] };
    open.add(self);
    return {
      postMessage(message) {
        for (const other of open) {
          if (other !== self && other.name === name) {
            for (const listener of other.listeners) listener({ data: message } as MessageEvent);
          }
        }
      },
      addEventListener: (_type, listener) => void self.listeners.push(listener),
      close: () => void open.delete(self),
    };
  };
}

describe('a sign-out heard by every tab of the browser', () => {
  it("ends the operator's other tabs, once, and not the tab that signs out nor another operator's", () => {
    const channels = browser();
    const [leaving, other, twin, someoneElse] = [vi.fn(), vi.fn(), vi.fn(), vi.fn()];
    const signingOut = watchSessionEnd('operador', leaving, channels);
    watchSessionEnd('operador', other, channels);
    watchSessionEnd('operador', twin, channels);
    watchSessionEnd('admin', someoneElse, channels);

    signingOut.announce();
    signingOut.announce();
    expect(leaving).not.toHaveBeenCalled();
    expect(other).toHaveBeenCalledTimes(1);
    expect(twin).toHaveBeenCalledTimes(1);
    expect(someoneElse).not.toHaveBeenCalled();
  });

  it('hears nothing once stopped, and works without BroadcastChannel (nothing heard, nothing thrown)', () => {
    const channels = browser();
    const ended = vi.fn();
    const tab = watchSessionEnd('operador', ended, channels);
    tab.stop();
    watchSessionEnd('operador', vi.fn(), channels).announce();
    expect(ended).not.toHaveBeenCalled();

    const alone = watchSessionEnd('operador', ended, () => null);
    expect(() => alone.announce()).not.toThrow();
    alone.stop();
  });
});
