import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { createSessionCache, decodeString } from '../../../lib/session-cache';
import {
  hasListParams,
  parsePaymentsListParams,
  serializePaymentsListState,
  type PaymentsListState,
} from '../payments-list-state';

/** The last Buscar Pagos list (its URL query), restored when /pagos opens without parameters. */
export const paymentsListCache = createSessionCache('payments.list', (value) => {
  const text = decodeString(value);
  return text !== undefined && hasListParams(new URLSearchParams(text)) ? text : undefined;
});

export interface PaymentsListUrl {
  state: PaymentsListState;
  /** Stable key of the list state (its query string). */
  key: string;
  /** Navigates to the new state (a new history entry unless `replace`). */
  setState: (next: PaymentsListState, options?: { replace?: boolean }) => void;
}

/**
 * The list state lives in the URL. A bare /pagos shows the last list of this tab (session storage)
 * and rewrites the URL to it; every change is saved back.
 */
export function usePaymentsListUrl(): PaymentsListUrl {
  const [searchParams, setSearchParams] = useSearchParams();
  const current = searchParams.toString();
  const bare = !hasListParams(searchParams);
  const restored = bare ? paymentsListCache.read() : undefined;
  const key = restored ?? current;

  useEffect(() => {
    if (restored !== undefined) setSearchParams(new URLSearchParams(restored), { replace: true });
  }, [restored, setSearchParams]);

  useEffect(() => {
    if (!bare) paymentsListCache.write(current);
  }, [bare, current]);

  const state = useMemo(() => parsePaymentsListParams(new URLSearchParams(key)), [key]);

  const setState = useCallback(
    (next: PaymentsListState, options?: { replace?: boolean }) =>
      setSearchParams(serializePaymentsListState(next), { replace: options?.replace ?? false }),
    [setSearchParams],
  );

  return { state, key, setState };
}
