import { useId, useState, type MouseEvent } from 'react';

/** A popup opened under its button, right edges aligned (a Menu's or a Popover's origin props). */
export const BELOW_BUTTON = {
  anchorOrigin: { vertical: 'bottom', horizontal: 'right' },
  transformOrigin: { vertical: 'top', horizontal: 'right' },
} as const;

export interface Popup {
  /** The element it is open under; null while closed. */
  anchor: HTMLElement | null;
  isOpen: boolean;
  /** The popup's element id: a Menu's `id`, or a Popover's paper `id` (the element with the role). */
  id: string;
  openAt(element: HTMLElement): void;
  close(): void;
  /** The opening button's props: what it opens (`aria-haspopup`, `-expanded`, `-controls`) and its click. */
  buttonProps: {
    'aria-haspopup': 'menu' | 'dialog';
    'aria-expanded': boolean;
    'aria-controls': string | undefined;
    onClick(event: MouseEvent<HTMLElement>): void;
  };
  /** The Menu's or Popover's props: under the button, open while anchored, closed by Esc or a click outside. */
  popupProps: typeof BELOW_BUTTON & { anchorEl: HTMLElement | null; open: boolean; onClose(): void };
}

/**
 * The state of a button's popup (a menu, or a small dialog such as 'Columnas'): MUI moves focus into it when it
 * opens and back to the button when it closes; this keeps the button's ARIA state and the popup's placement the
 * same on every screen.
 */
export function usePopup(kind: 'menu' | 'dialog' = 'menu'): Popup {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const isOpen = anchor !== null;
  const close = () => setAnchor(null);
  return {
    anchor,
    isOpen,
    id,
    openAt: setAnchor,
    close,
    buttonProps: {
      'aria-haspopup': kind,
      'aria-expanded': isOpen,
      'aria-controls': isOpen ? id : undefined,
      onClick: (event) => setAnchor(event.currentTarget),
    },
    popupProps: { ...BELOW_BUTTON, anchorEl: anchor, open: isOpen, onClose: close },
  };
}
