import { useEffect, useLayoutEffect, useMemo, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';

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

/** The grid's data rows in the box's DOM (the grid renders every row of the page: it has `autoHeight`). */
const renderedRows = (box: Element) => box.querySelectorAll('.MuiDataGrid-row').length;

/**
 * A page's stage: the rows given to the grid (`first`: the first stage; 'measure': one row, until the box is laid
 * out) or, once the whole page is given, 'rest' until the grid's DOM shows it; null: no stage.
 */
type Stage = { first: number } | { first: 'measure' } | { rest: number } | null;

export interface RowsInStages<R> {
  /** The rows the grid renders now. */
  rows: readonly R[];
  /** Rows of the page not on screen yet (0 once the whole page is): the box keeps their height. */
  waiting: number;
  /**
   * True from the first stage until the grid's DOM shows the whole page. The grid takes a new `rows` prop in an
   * effect of its own (one render after the table's), so the table's last stage alone does not mean the rows are
   * on screen: a reader of the grid (a test, an assistive technology) is told to wait until they are.
   */
  busy: boolean;
}

/**
 * The rows the grid renders, in two stages when a page arrives into a grid that showed none (a list's first load, or
 * a grid mounted with its page), or, given `listKey`, when the page is another list's (another page, sort or filter).
 * With `autoHeight` the grid renders every row of the page in one commit (its virtualization sees a viewport as
 * tall as the page), though a 1280×800 window shows about 12 of them, and on a repeat visit to a list that one
 * commit after the answer was the last long task before the first row (bench/README.md); a list change
 * likewise showed its new rows 170–280 ms after their answer. So the first commit renders the rows that
 * reach the window's bottom (`rowsInWindow`, from the grid's top as on screen: scrolled down, that is every row down to
 * the window's bottom) and the rest of the page follows right after that first paint, as an ordinary (not deferrable)
 * update: an input event waits for it, so a click on 'select all' or a key press always finds the whole page. The same
 * list's rows again (an action's or a live change, a refetch) and, without `listKey`, any page replacing another are
 * rendered whole at once: a row past the first stage may hold the focus.
 */
export function useRowsInStages<R>(
  rows: readonly R[],
  box: RefObject<Element | null>,
  rowHeight: number,
  headerHeight: number,
  /** The list the rows are a page of (a list page's query): another list's page comes in stages too. */
  listKey?: string,
): RowsInStages<R> {
  const [stage, setStage] = useState<Stage>(() => (rows.length > 1 ? { first: 'measure' } : null));
  const [seen, setSeen] = useState({ rows, listKey });
  if (rows !== seen.rows) {
    // Adjusted while rendering (React's pattern for state derived from a prop's change): the grid never receives the
    // whole page first. The box is read here, before this render's commit, as the screen shows it now.
    setSeen({ rows, listKey });
    const anotherList = listKey !== undefined && listKey !== seen.listKey;
    const first =
      seen.rows.length === 0 || anotherList
        ? firstStage(box.current, rows.length, rowHeight, headerHeight)
        : null;
    setStage(first === null ? null : { first });
  }

  useLayoutEffect(() => {
    if (stage === null || !('first' in stage) || stage.first !== 'measure') return;
    const first = firstStage(box.current, rows.length, rowHeight, headerHeight);
    setStage(first === null ? null : { first });
  }, [stage, box, rows.length, rowHeight, headerHeight]);

  const firstCount = stage !== null && 'first' in stage ? stage.first : null;
  useEffect(() => {
    if (typeof firstCount !== 'number') return undefined;
    // A frame's callback runs before the paint, a timer set from it after: the rest renders once the first rows
    // are on screen.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setStage({ rest: firstCount }), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [firstCount]);

  const resting = stage !== null && 'rest' in stage;
  useEffect(() => {
    const element = box.current;
    if (!resting || !element) return undefined;
    // The stage ends in the same task as the grid's rows reach the DOM (an observer's callback runs before the
    // paint): the box's padding and the grid's new rows never show together, and no reader sees the rows without
    // the busy state, or the busy state without them.
    const done = () => renderedRows(element) >= rows.length;
    if (done()) {
      setStage(null);
      return undefined;
    }
    const observer = new MutationObserver(() => {
      if (!done()) return;
      observer.disconnect();
      flushSync(() => setStage(null));
    });
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [resting, box, rows.length]);

  const count = stage === null || 'rest' in stage ? rows.length : stage.first === 'measure' ? 1 : stage.first;
  // One array per stage: the grid processes its rows again whenever the array changes.
  const shown = useMemo(() => (count < rows.length ? rows.slice(0, count) : rows), [rows, count]);
  const onScreen = stage !== null && 'rest' in stage ? stage.rest : shown.length;
  return { rows: shown, waiting: rows.length - onScreen, busy: stage !== null };
}
