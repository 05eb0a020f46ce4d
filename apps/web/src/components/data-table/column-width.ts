/**
 * How narrow a list's column may be so that its header is never cut (issue 47): a header wraps onto at most two
 * lines, broken at its spaces, never inside a word, and a sortable column keeps room for its sort arrow (shown
 * while sorted or under the pointer). The grid styles its header titles once (data-table.tsx, `GRID_SX`); these
 * figures are that style's, rounded up: capitals at 0.6875rem, weight 600, about 8.4 px each in the widest of the
 * system fonts the theme names (DejaVu Sans, Linux's), less elsewhere.
 */

/** Width of one capital of a header title, px (rounded up). */
const HEADER_CHAR_PX = 8.4;
/** Horizontal padding of a header (the cells' 8 px on each side). */
const HEADER_PADDING_PX = 16;
/** The sort arrow's button beside the title (GRID_SX makes it 18 px) and the gap before it. */
const SORT_ARROW_PX = 20;
/** The grid's own minimum width of a column. */
export const DEFAULT_MIN_WIDTH = 80;

/** Characters of the longer line when `header` is broken into at most two lines at a space, the best break. */
export function headerLineChars(header: string): number {
  const words = header.trim().split(/\s+/);
  return Math.min(
    ...words.map((_, split) =>
      Math.max(words.slice(0, split).join(' ').length, words.slice(split).join(' ').length),
    ),
  );
}

/** The narrowest a column may be for its header to show whole on two lines (its sort arrow included). */
export const headerMinWidth = (header: string, sortable: boolean): number =>
  Math.ceil(headerLineChars(header) * HEADER_CHAR_PX) + HEADER_PADDING_PX + (sortable ? SORT_ARROW_PX : 0);

/**
 * What a column is given as its minimum, never less than its header needs: its own minimum, else for a column of a
 * fixed width that width (a narrow id column stays narrow), else the grid's default 80 px.
 */
export const columnMinWidth = (column: {
  width?: number;
  minWidth?: number;
  headerName?: string;
  sortable?: boolean;
}): number =>
  Math.max(
    column.minWidth ?? column.width ?? DEFAULT_MIN_WIDTH,
    column.headerName ? headerMinWidth(column.headerName, column.sortable ?? false) : 0,
  );
