import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import { useLiveEvents, useLiveTab } from '../../lib/live/live-access';
import { DecidableApprovalsDocument } from '../gql/graphql';

/** The live area of the approval requests: the gateway says so when one is created, decided or expires. */
export const APPROVALS_LIVE_AREA = 'approvals';
/** Changes pushed within this time make one request (a bulk held for approval is one event per request). */
export const DECIDABLE_REFETCH_DEBOUNCE_MS = 300;
/** The 'Aprobaciones' item of the side menu, expanded or collapsed (side-menu.tsx), and the icon the badge sits on. */
export const APPROVALS_MENU_ITEM = '[data-menu-group="approvals"] .MuiListItemButton-root';
const ICON = '.MuiListItemIcon-root';
const LABEL = '.MuiListItemText-root';

/** The menu item's name with the count: 'Aprobaciones, 3 pendientes' ('1 pendiente'). */
export function decidableLabel(count: number): string {
  return `Aprobaciones, ${count} ${count === 1 ? 'pendiente' : 'pendientes'}`;
}

/**
 * The element `selector` finds in the document now, followed as the document changes (the menu collapsed, expanded,
 * or drawn in the mobile drawer): null while there is none.
 */
export function useDocumentElement(selector: string): Element | null {
  const [element, setElement] = useState<Element | null>(() => document.querySelector(selector));
  useEffect(() => {
    const find = () => setElement(document.querySelector(selector));
    find();
    const observer = new MutationObserver(find);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [selector]);
  return element;
}

/**
 * The 'Aprobaciones' menu item's badge: how many requests the signed-in operator may decide now
 * (`approvalRequests(decidable: true)`), shown on the item's icon, hidden at 0. Its code comes with the data layer's
 * chunk (app/data-client.tsx renders it beside the screens), never with the shell: the menu is the shell's, drawn
 * before, so the badge goes into the item through a portal, and nothing is asked while the operator's menu has no
 * such item (no approval permission). Read again when the live updates say an approval request changed (created,
 * decided, expired: one read for a burst), when the stream starts over, and when the operator comes back to the tab.
 */
export function DecidableBadge({ debounceMs = DECIDABLE_REFETCH_DEBOUNCE_MS }: { debounceMs?: number }) {
  const drawer = useOnlyDrawer();
  const item = useDocumentElement(APPROVALS_MENU_ITEM);
  return drawer && item ? <ItemBadge item={item} debounceMs={debounceMs} /> : null;
}

/** The badge that draws, of those mounted: each data layer boundary has one (the main area's, the palette's). */
let drawing: symbol | null = null;

/** Whether this badge is the one that draws: the first mounted, until it unmounts. */
function useOnlyDrawer(): boolean {
  const [self] = useState(() => Symbol('decidable badge'));
  const [drawer, setDrawer] = useState(false);
  useEffect(() => {
    if (drawing === null) {
      drawing = self;
      setDrawer(true);
    }
    return () => {
      if (drawing === self) drawing = null;
    };
  }, [self]);
  return drawer;
}

function ItemBadge({ item, debounceMs }: { item: Element; debounceMs: number }) {
  const { data, refetch } = useQuery(DecidableApprovalsDocument);
  const count = data?.approvalRequests?.total ?? 0;
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

  // The item's name says the count ('Aprobaciones, 3 pendientes'), and is put back as it was when the count goes. Its
  // visible text ('Aprobaciones 3') stays inside that name, in order (WCAG 2.5.3, label in name).
  useEffect(() => {
    if (count === 0) return undefined;
    const before = item.getAttribute('aria-label');
    item.setAttribute('aria-label', decidableLabel(count));
    return () => {
      if (before === null) item.removeAttribute('aria-label');
      else item.setAttribute('aria-label', before);
    };
  }, [count, item]);

  // The digits follow the label in the item's text ('Aprobaciones 3', inside its name 'Aprobaciones, 3 pendientes':
  // WCAG 2.5.3), drawn over the icon's top right: after the label of the expanded menu, placed from the item's side
  // (side-menu.tsx: 16 px of padding, a 20 px icon, centred); in the icon of the collapsed one, whose only visible text
  // they are (an absolute box in the icon's flex box starts at its corner).
  const label = item.querySelector(LABEL);
  const host = label ?? item.querySelector(ICON);
  if (!host || count === 0) return null;
  // The space keeps the digits a word of their own in the item's text ('Aprobaciones 3', not 'Aprobaciones3').
  return createPortal(
    <>
      {' '}
      <Box
        component="span"
        aria-hidden
        data-testid="approvals-badge"
        data-count={count}
        sx={{
          position: 'absolute',
          ...(label
            ? { left: 27, top: '50%', transform: 'translateY(-17px)' }
            : { transform: 'translate(11px, -7px)' }),
          minWidth: 18,
          height: 18,
          px: 0.5,
          borderRadius: 9,
          bgcolor: 'error.main',
          color: 'error.contrastText',
          fontSize: 11,
          fontWeight: 600,
          lineHeight: '18px',
          textAlign: 'center',
          pointerEvents: 'none',
        }}
      >
        {count > 99 ? '99+' : count}
      </Box>
    </>,
    host,
  );
}
