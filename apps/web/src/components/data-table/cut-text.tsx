import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
} from 'react';
import Tooltip from '@mui/material/Tooltip';

export interface CutTextProps {
  /** What the cell shows. */
  text: string;
  /** The full value, when `text` is already a shortened one ('ABCDEF..'); default `text`. */
  full?: string;
  /** One line (default) or two, then an ellipsis. */
  lines?: 1 | 2;
  /** The classes of the span (the grid's oneLine / twoLines). */
  className: string;
}

/** Whether an element's text does not fit its box (cut by its ellipsis). */
export const isCut = (element: HTMLElement | null): boolean =>
  element !== null &&
  (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);

/**
 * A text a list cell cuts with an ellipsis: the full value in a tooltip, shown only when the
 * text is cut (or was shortened before), on hover and on keyboard focus of the cell (the grid's arrow keys focus
 * the cell, never the text, so the cell's focus is watched, as in DETALLE of /actividad).
 *
 * MUI's Tooltip is mounted only while the full value is shown: a page of the list renders ≈ 250 of these, and a
 * Tooltip in each ran its hooks, timers and its emotion-styled Popper for every cell on every render of the rows
 * ("render only what changes"). The pointer entering the text opens it (then the Tooltip's own
 * handlers close it).
 */
export function CutText({ text, full = text, className }: CutTextProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(full !== text || isCut(ref.current)), [full, text]);
  const hide = useCallback(() => setOpen(false), []);
  useEffect(() => {
    const cell = ref.current?.closest<HTMLElement>('[role="gridcell"]');
    if (!cell) return undefined;
    cell.addEventListener('focusin', show);
    cell.addEventListener('focusout', hide);
    return () => {
      cell.removeEventListener('focusin', show);
      cell.removeEventListener('focusout', hide);
    };
  }, [show, hide]);
  const span = (
    <span
      ref={ref}
      className={className}
      data-full-text={full !== text ? full : undefined}
      // The whole value as the element's title while closed, as MUI's closed `describeChild` Tooltip gave it.
      title={open ? undefined : full}
      onMouseEnter={open ? undefined : show}
    >
      {text}
    </span>
  );
  if (!open) return span;
  return (
    <Tooltip title={full} open onClose={hide} describeChild>
      {span}
    </Tooltip>
  );
}

/** What the element a hint describes spreads: it opens the hint on hover and on keyboard focus. */
export interface HintTriggerProps {
  onMouseEnter(event: MouseEvent<HTMLElement>): void;
  onMouseLeave(): void;
  onFocus(event: FocusEvent<HTMLElement>): void;
  onBlur(): void;
}

/** Whether the element's focus came from the keyboard (MUI's Tooltip opens on that focus only). */
const focusVisible = (element: HTMLElement) => {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false; // an engine without the selector: as MUI, no hint on focus
  }
};

/**
 * A short hint for a small button of a list row ('Ver detalle', 'Acciones'), shown on hover and keyboard focus as
 * MUI's Tooltip shows it, but with that Tooltip mounted only while shown: a page of a list renders one or two of
 * these per row, and a Tooltip per button ran its hooks and its emotion-styled Popper for every row on every
 * render of the rows ("render only what changes"). The Tooltip is the button's sibling, anchored to it,
 * so the button itself is never mounted again when the hint opens (a focused button keeps its focus).
 */
export function HintTooltip({
  title,
  children,
}: {
  title: string;
  /** The element described, given the props that open and close the hint. */
  children: (trigger: HintTriggerProps) => ReactElement;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const trigger: HintTriggerProps = {
    onMouseEnter: (event) => setAnchor(event.currentTarget),
    onMouseLeave: () => setAnchor(null),
    onFocus: (event) => {
      if (focusVisible(event.currentTarget)) setAnchor(event.currentTarget);
    },
    onBlur: () => setAnchor(null),
  };
  return (
    <>
      {children(trigger)}
      {anchor && (
        <Tooltip title={title} open slotProps={{ popper: { anchorEl: anchor } }}>
          <span hidden />
        </Tooltip>
      )}
    </>
  );
}
