import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The `version` of the address ('?version=3'): a whole number, else none. */
export function parseVersion(value: string | null): number | null {
  return value && /^\d+$/.test(value) ? Number(value) : null;
}

/**
 * A detail screen's shown version in the address: the version it asks for (null: the current one), and how
 * to show another (the current version leaves the address without `version`).
 */
export function useVersionParam() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedVersion = parseVersion(searchParams.get('version'));
  const showVersion = useCallback(
    (version: number, currentVersion: number | null | undefined) => {
      const next = new URLSearchParams(searchParams);
      if (version === currentVersion) next.delete('version');
      else next.set('version', String(version));
      setSearchParams(next);
    },
    [searchParams, setSearchParams],
  );
  return { requestedVersion, showVersion };
}
