import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { focusedElement } from '@/components/dialogs/focused-element';
import { DECISION_PARAM, REQUEST_PARAM, type RequestDecision } from './approvals-list.definition';

/** A request's number as an address names it (digits); anything else names none. */
export function requestNumberOf(value: string | null): string | null {
  return value && /^\d{1,18}$/.test(value) ? value : null;
}

/** A decision as an address names it ('APPROVE', 'REJECT'); anything else asks none. */
export function decisionOf(value: string | null): RequestDecision | null {
  return value === 'APPROVE' || value === 'REJECT' ? value : null;
}

/** The decision a navigation asked for: its key (once per navigation), the request, the decision. */
interface AskedDecision {
  key: string;
  id: string;
  decision: RequestDecision;
}

/** The field the list's own search gives a request's number: where focus goes when nothing else is left. */
const NUMBER_FIELD = '[data-testid="approval-number-input"]';

export interface RequestAddress {
  /** The request open over the list (`?solicitud=N`), or none. */
  id: string | null;
  /** The decision the address asked for as it opened (the palette's), for the request open now. */
  decision: RequestDecision | null;
  /** The opening's key: a navigation that asks a decision again opens the dialog anew. */
  openingKey: string;
  /** Opens a request: its address, a new history entry (Back closes it). */
  open(id: string): void;
  /** Closes it: the list's address without it, a new history entry (Back opens it again). */
  close(): void;
  /** Where focus goes back as it closes: what opened it while still on the page, else the request number field. */
  returnFocusTo(): HTMLElement | null;
}

/**
 * A request's detail has an address (`/aprobaciones?solicitud=42`): copied, pasted or reloaded, it opens again over
 * the list, which keeps it (`dialogParams`). `accion=APPROVE|REJECT` (the palette) opens it on that decision once,
 * and leaves the address at once, as a detail's `accion` does.
 */
export function useRequestAddress(): RequestAddress {
  const location = useLocation();
  const [, setParams] = useSearchParams();
  const params = new URLSearchParams(location.search);
  const id = requestNumberOf(params.get(REQUEST_PARAM));
  const asked = decisionOf(params.get(DECISION_PARAM));
  // Taken during the render that reads the address, so the dialog opens on it (not opened, then opened anew); once
  // the operator closed or opened a request, that navigation's decision is over.
  const [pressed, setPressed] = useState<AskedDecision | null>(null);
  const [over, setOver] = useState<string | null>(null);
  if (id && asked && pressed?.key !== location.key) setPressed({ key: location.key, id, decision: asked });
  const pressedKey = pressed?.key ?? null;
  useEffect(() => {
    if (!asked) return;
    const url = new URL(window.location.href);
    url.searchParams.delete(DECISION_PARAM);
    window.history.replaceState(window.history.state, '', url);
  }, [asked, location.key]);

  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback(
    (next: string) => {
      opener.current = focusedElement();
      setOver(pressedKey);
      setParams((now) => {
        const written = new URLSearchParams(now);
        written.delete(DECISION_PARAM);
        written.set(REQUEST_PARAM, next);
        return written;
      });
    },
    [setParams, pressedKey],
  );
  const close = useCallback(() => {
    setOver(pressedKey);
    setParams((now) => {
      const written = new URLSearchParams(now);
      written.delete(REQUEST_PARAM);
      written.delete(DECISION_PARAM);
      return written;
    });
  }, [setParams, pressedKey]);
  const returnFocusTo = useCallback((): HTMLElement | null => {
    if (opener.current?.isConnected) return opener.current;
    return document.querySelector<HTMLElement>(NUMBER_FIELD);
  }, []);
  const mine = pressed && pressed.id === id && pressed.key !== over ? pressed : null;
  return {
    id,
    decision: mine?.decision ?? null,
    openingKey: mine ? `${id}:${mine.key}` : (id ?? ''),
    open,
    close,
    returnFocusTo,
  };
}
