import { useCallback, useEffect, useRef, useState } from 'react';
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
 * A text a list cell cuts with an ellipsis (issue 28 item 5): the full value in a tooltip, shown only when the
 * text is cut (or was shortened before), on hover and on keyboard focus of the cell (the grid's arrow keys focus
 * the cell, never the text, so the cell's focus is watched: issue 45, DETALLE of /actividad).
 *
 * MUI's Tooltip is mounted only while the full value is shown: a page of the list renders ≈ 250 of these, and a
 * Tooltip in each ran its hooks, timers and its emotion-styled Popper for every cell on every render of the rows
 * (issue 44, "render only what changes"). The pointer entering the text opens it (then the Tooltip's own
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
