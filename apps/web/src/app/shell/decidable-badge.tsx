import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import Badge from '@mui/material/Badge';
import { useLiveEvents, useLiveTab } from '../../lib/live/live-access';
import { DecidableApprovalsDocument } from '../gql/graphql';

/** The live area of the approval requests: the gateway says so when one is created, decided or expires. */
export const APPROVALS_LIVE_AREA = 'approvals';
/** Changes pushed within this time make one request (a bulk held for approval is one event per request). */
export const DECIDABLE_REFETCH_DEBOUNCE_MS = 300;

/** The menu item's name with the count: 'Aprobaciones, 3 pendientes' ('1 pendiente'). */
export function decidableLabel(count: number): string {
  return `Aprobaciones, ${count} ${count === 1 ? 'pendiente' : 'pendientes'}`;
}

export interface DecidableBadgeProps {
  /** The signed-in operator's client (the data layer's: app/data-client.tsx). */
  client: ApolloClient;
  /** The menu item's icon, which the badge sits on. */
  children: ReactNode;
  debounceMs?: number;
}

/**
 * The 'Aprobaciones' menu item's badge: how many requests the signed-in operator may decide now
 * (`approvalRequests(decidable: true)`), hidden at 0. Read again when the live updates say an approval request
 * changed (created, decided, expired: one read for a burst), when the stream starts over, and when the operator comes
 * back to the tab. It comes with the data layer's chunk (app/data-client.tsx), never with the shell: the side menu
 * shows the bare icon until then (side-menu.tsx).
 */
export function DecidableBadge({
  client,
  children,
  debounceMs = DECIDABLE_REFETCH_DEBOUNCE_MS,
}: DecidableBadgeProps) {
  const { data, refetch } = useQuery(DecidableApprovalsDocument, { client });
  const count = data?.approvalRequests?.total ?? 0;
  const root = useRef<HTMLSpanElement>(null);
  const latest = useRef(refetch);
  latest.current = refetch;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const readAgain = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void latest.current().catch(() => undefined); // the count stays as it was until the next change
    }, debounceMs);
  }, [debounceMs]);
  useEffect(() => () => clearTimeout(timer.current), []);

  useLiveEvents(useLiveTab(), (event) => {
    if (event.type === 'reset' || (event.type === 'change' && event.area === APPROVALS_LIVE_AREA)) {
      readAgain();
    }
  });
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') readAgain();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [readAgain]);

  // The item's name says the count ('Aprobaciones, 3 pendientes'): the menu item is the shell's, rendered before
  // this chunk, so its name is set here, and put back as it was when the count goes or the badge unmounts.
  useEffect(() => {
    const item = root.current?.closest('.MuiListItemButton-root');
    if (!item || count === 0) return undefined;
    const before = item.getAttribute('aria-label');
    item.setAttribute('aria-label', decidableLabel(count));
    return () => {
      if (before === null) item.removeAttribute('aria-label');
      else item.setAttribute('aria-label', before);
    };
  }, [count]);

  // The digits are drawn by the style (`::after`), not written: the item's visible text stays its label, which its
  // name begins with (WCAG 2.5.3, "label in name": axe's label-content-name-mismatch).
  return (
    <Badge
      ref={root}
      badgeContent=""
      invisible={count === 0}
      color="error"
      data-testid="approvals-badge"
      data-count={count}
      slotProps={{ badge: { 'aria-hidden': true } }}
      sx={{ '& .MuiBadge-badge::after': { content: `"${count > 99 ? '99+' : count}"` } }}
    >
      {children}
    </Badge>
  );
}
