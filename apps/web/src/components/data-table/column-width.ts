/**
 * How narrow a list's column may be so that its header is never cut: a header wraps onto at most two
 * lines, broken at its spaces, never inside a word, and a sortable column keeps room for its sort arrow (shown
 * while sorted or under the pointer). The grid styles its header titles and pads its cells once (data-table.tsx,
 * `GRID_SX`, from the constants below); these figures are that style's, rounded up: capitals at 0.625rem, weight
 * 600, about 7.8 px each in the widest of the system fonts the theme names (DejaVu Sans, Linux's), less elsewhere.
 * Header and padding are that small so that every column of the spec fits 1280×800 with the menu open under its
 * spec name (/afip's ten columns, the withdrawal lists' nine beside their checkboxes).
 */

/** The header titles' font size (GRID_SX). */
export const HEADER_FONT_SIZE = '0.625rem';
/** Width of one capital of a header title at HEADER_FONT_SIZE, px (rounded up). */
const HEADER_CHAR_PX = 7.8;
/** Horizontal padding of every cell and header, on each side (GRID_SX). */
export const CELL_PADDING_PX = 6;
/** Horizontal padding of a header, both sides. */
const HEADER_PADDING_PX = 2 * CELL_PADDING_PX;
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
