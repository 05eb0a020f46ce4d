import { useCallback, useEffect, useMemo, useState } from 'react';
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
  /** Shows the new state and writes it to the URL (a new history entry unless `replace`). */
  setState: (next: PaymentsListState, options?: { replace?: boolean }) => void;
}

/**
 * The list state lives in the URL. A bare /pagos shows the last list of this tab (session storage)
 * and rewrites the URL to it; every change is saved back.
 *
 * React Router applies navigations inside a transition, so for a moment the committed location is still
 * the previous one. A change made here is therefore shown at once from local state (the grid's controlled
 * sort and paging, and the handlers it holds, must never act on the previous state), and the URL takes
 * over again as soon as it moves: when it catches up, or on back/forward, a link or a restore.
 */
export function usePaymentsListUrl(): PaymentsListUrl {
  const [searchParams, setSearchParams] = useSearchParams();
  const current = searchParams.toString();
  const bare = !hasListParams(searchParams);
  const restored = bare ? paymentsListCache.read() : undefined;
  const urlKey = restored ?? current;

  const [local, setLocal] = useState({ key: urlKey, seenUrl: urlKey });
  let key = local.key;
  if (urlKey !== local.seenUrl) {
    setLocal({ key: urlKey, seenUrl: urlKey });
    key = urlKey;
  }

  useEffect(() => {
    if (restored !== undefined) setSearchParams(new URLSearchParams(restored), { replace: true });
  }, [restored, setSearchParams]);

  useEffect(() => {
    if (!bare) paymentsListCache.write(current);
  }, [bare, current]);

  const state = useMemo(() => parsePaymentsListParams(new URLSearchParams(key)), [key]);

  const setState = useCallback(
    (next: PaymentsListState, options?: { replace?: boolean }) => {
      const params = serializePaymentsListState(next);
      setLocal({ key: params.toString(), seenUrl: urlKey });
      setSearchParams(params, { replace: options?.replace ?? false });
    },
    [setSearchParams, urlKey],
  );

  return { state, key, setState };
}
