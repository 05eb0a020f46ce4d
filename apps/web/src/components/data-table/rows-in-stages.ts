import { useEffect, useLayoutEffect, useMemo, useState, type RefObject } from 'react';

/**
 * How many rows of a page reach the window's bottom, for a grid whose box starts at `box` (its top as on screen now,
 * so a page scrolled down counts the rows its window shows), with its header `headerHeight` px tall: at least one,
 * at most the page. Without the box (not laid out yet) the grid is taken to start at the window's top.
 */
export function rowsInWindow(
  box: Element | null,
  rowCount: number,
  rowHeight: number,
  headerHeight: number,
): number {
  const top = box ? box.getBoundingClientRect().top : 0;
  const fit = Math.ceil((window.innerHeight - top - headerHeight) / rowHeight);
  return Math.min(rowCount, Math.max(1, fit));
}

/** The rows of a page's first stage, or null when they are the whole page. */
function firstStage(box: Element | null, rowCount: number, rowHeight: number, headerHeight: number) {
  const count = rowsInWindow(box, rowCount, rowHeight, headerHeight);
  return count < rowCount ? count : null;
}

export interface RowsInStages<R> {
  /** The rows the grid renders now. */
  rows: readonly R[];
  /** Rows of the page not rendered yet (0 once the whole page is). */
  waiting: number;
}

/**
 * The rows the grid renders, in two stages when a page arrives into a grid that showed none (a list's first load, or
 * a grid mounted with its page).
 * With `autoHeight` the grid renders every row of the page in one commit (its virtualization sees a viewport as
 * tall as the page), though a 1280×800 window shows about 12 of them, and on a repeat visit to a list that one
 * commit after the answer was the last long task before the first row (bench/README.md, issue 44 (c)). So the first
 * commit renders the rows that reach the window's bottom (`rowsInWindow`) and the rest of the page follows right
 * after that first paint, as an ordinary (not deferrable) update: an input event waits for it, so a click on
 * 'select all' or a key press always finds the whole page. A page that replaces another page's rows is rendered
 * whole at once: the operator may be scrolled down to the rows the first stage would leave out.
 */
export function useRowsInStages<R>(
  rows: readonly R[],
  box: RefObject<Element | null>,
  rowHeight: number,
  headerHeight: number,
): RowsInStages<R> {
  // The rows of the first stage; 'measure': a grid mounted with its page (an answer already cached) renders one row
  // until its box is laid out, then, before the paint, the rows the window shows; null: the whole page.
  const [first, setFirst] = useState<number | 'measure' | null>(() => (rows.length > 1 ? 'measure' : null));
  const [seen, setSeen] = useState(rows);
  if (rows !== seen) {
    // Adjusted while rendering (React's pattern for state derived from a prop's change): the grid never receives the
    // whole page first. The box is read here, before this render's commit, as the screen shows it now.
    setSeen(rows);
    setFirst(seen.length === 0 ? firstStage(box.current, rows.length, rowHeight, headerHeight) : null);
  }

  useLayoutEffect(() => {
    if (first === 'measure') setFirst(firstStage(box.current, rows.length, rowHeight, headerHeight));
  }, [first, box, rows.length, rowHeight, headerHeight]);

  useEffect(() => {
    if (typeof first !== 'number') return undefined;
    // A frame's callback runs before the paint, a timer set from it after: the rest renders once the first rows
    // are on screen.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setFirst(null), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [first]);

  const count = first === null ? rows.length : first === 'measure' ? 1 : first;
  // One array per stage: the grid processes its rows again whenever the array changes.
  const shown = useMemo(() => (count < rows.length ? rows.slice(0, count) : rows), [rows, count]);
  return { rows: shown, waiting: rows.length - shown.length };
}
