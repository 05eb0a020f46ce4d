import { describe, expect, it } from 'vitest';
import { electLeader } from '../leader';
import { FakeLocks, until } from './fakes';

const channel = (name: string) => new BroadcastChannel(name);

describe('electLeader', () => {
  it('with Web Locks: one of two tabs leads; when it leaves, the other takes over', async () => {
    const locks = new FakeLocks();
    const led: string[] = [];
    const tab = (tabId: string) =>
      electLeader({
        name: 'backoffice-live.t',
        tabId,
        locks,
        channel,
        onLeader: () => led.push(tabId),
        onFollower: () => undefined,
      });
    const a = tab('a');
    const b = tab('b');
    await until(() => led.length === 1);
    expect(led).toEqual(['a']);
    a.stop();
    await until(() => led.length === 2);
    expect(led).toEqual(['a', 'b']);
    b.stop();
  });

  it('without Web Locks: two tabs over a BroadcastChannel elect one, and the other takes over when it goes', async () => {
    const name = `backoffice-live.fallback-${Math.random()}`;
    const leaders = new Set<string>();
    const tab = (tabId: string) =>
      electLeader({
        name,
        tabId,
        locks: null,
        channel,
        beatMs: 20,
        onLeader: () => leaders.add(tabId),
        onFollower: () => leaders.delete(tabId),
      });
    const a = tab('a');
    const b = tab('b');
    await until(() => leaders.size === 1, 'a leader');
    // Five beats later there is still one.
    const listener = channel(`${name}.election`);
    let beats = 0;
    listener.onmessage = (event: MessageEvent<{ t: string }>) => {
      if (event.data.t === 'beat') beats += 1;
    };
    await until(() => beats >= 5, 'five beats');
    listener.close();
    expect([...leaders]).toHaveLength(1);
    const [first] = [...leaders];
    const [leaving, staying] = first === 'a' ? [a, b] : [b, a];
    leaving.stop();
    leaders.delete(first!);
    await until(() => leaders.size === 1, 'the other tab to lead');
    expect([...leaders]).toEqual([first === 'a' ? 'b' : 'a']);
    staying.stop();
  });
});
