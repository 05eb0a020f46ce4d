import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRunKeys } from '../use-idempotency-key';

/** The keys the runs of one intent are sent under ('Reintentar fallidos'). */
describe('useRunKeys', () => {
  const sender = () => {
    const keys: string[] = [];
    return {
      keys,
      answer: (key: string) => {
        keys.push(key);
        return Promise.resolve('answered');
      },
      lose: (key: string) => {
        keys.push(key);
        return Promise.reject(new Error('Failed to fetch'));
      },
    };
  };

  it("sends the first run under the intent's key and every run after an answer under a new one", async () => {
    const { result } = renderHook(() => useRunKeys('intent-1', false));
    const sent = sender();
    await result.current(sent.answer);
    await result.current(sent.answer);
    await result.current(sent.answer);
    expect(sent.keys[0]).toBe('intent-1');
    expect(new Set(sent.keys).size).toBe(3);
  });

  it('sends a run that got no answer again under the same key', async () => {
    const { result } = renderHook(() => useRunKeys('intent-2', false));
    const sent = sender();
    await result.current(sent.answer);
    await expect(result.current(sent.lose)).rejects.toThrow('Failed to fetch');
    await result.current(sent.answer);
    expect(sent.keys[0]).toBe('intent-2');
    expect(sent.keys[2]).toBe(sent.keys[1]);
    expect(sent.keys[1]).not.toBe('intent-2');
  });

  it('after a first run answered elsewhere (a bulk over the search), the first retry is a new key', async () => {
    const { result, rerender } = renderHook(({ answered }) => useRunKeys('intent-3', answered), {
      initialProps: { answered: false },
    });
    rerender({ answered: true });
    const sent = sender();
    await result.current(sent.answer);
    expect(sent.keys[0]).not.toBe('intent-3');
  });

  it('a new intent starts again from its own key', async () => {
    const { result, rerender } = renderHook(({ intent }) => useRunKeys(intent, false), {
      initialProps: { intent: 'intent-4' },
    });
    const sent = sender();
    await result.current(sent.answer);
    rerender({ intent: 'intent-5' });
    await result.current(sent.answer);
    expect(sent.keys).toEqual(['intent-4', 'intent-5']);
  });
});
