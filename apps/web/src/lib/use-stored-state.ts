import { useCallback, useState } from 'react';

/** useState backed by localStorage (UI preferences that outlive the session, like the collapsed menu). */
export function useStoredState<T>(key: string, initial: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => {
    try {
      const raw = window.localStorage.getItem(key);
      return raw === null ? initial : (JSON.parse(raw) as T);
    } catch {
      return initial;
    }
  });
  const store = useCallback(
    (next: T) => {
      setValue(next);
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Preferences are best effort.
      }
    },
    [key],
  );
  return [value, store];
}
