import {
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import {
  DataGrid,
  type GridCellParams,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridPaginationModel,
  type GridRenderCellParams,
  type GridRowSelectionModel,
  type GridSlotProps,
  type GridSortModel,
  type DataGridProps,
  useGridApiContext,
} from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { AppLink } from '@/lib/app-link';
import { isDataColumn, keepOneDataColumn, type ColumnChoice } from '@/lib/list/list-views';
import { CELL_PADDING_PX, columnMinWidth, HEADER_FONT_SIZE } from './column-width';
import { CutText } from './cut-text';
import { GridCheckbox, GridLinearProgress } from './grid-slots';
import { useRowsInStages } from './rows-in-stages';
import { includeModel, selectedVisibleIds } from './selection';

declare module '@mui/x-data-grid' {
  interface NoRowsOverlayPropsOverrides {
    message?: string;
  }
}

/**
 * The one wrapper around MUI X DataGrid (only this folder imports it). Server-side paging and sorting,
 * Spanish texts, checkbox selection of the visible page, loading and empty states, and rows that are real
 * links (middle click and "open in new tab" work). From the keyboard the grid's own navigation moves between
 * cells and rows (arrow keys) and Enter on a focused cell of a linked row opens the row's page.
 */

export type DataTableSortDirection = 'asc' | 'desc';

export interface DataTableSort {
  /** The `field` of the sorted column. */
  field: string;
  direction: DataTableSortDirection;
}

export interface DataTableColumn<R> {
  /** Unique key of the column; also what `onSortChange` reports. */
  field: string;
  /** Header text, as the operator reads it (e.g. 'FECHA'). */
  headerName: string;
  width?: number;
  minWidth?: number;
  /** Share of the remaining width. */
  flex?: number;
  align?: 'left' | 'right' | 'center';
  /** Server-side sortable. Default false. */
  sortable?: boolean;
  /** Cell content; strings are shortened with an ellipsis, their full value in a tooltip (`CutText`). Defaults to `row[field]`. */
  render?: (row: R) => ReactNode;
  /**
   * Whether the cell is part of the row link (when the table has `getRowHref`). Default true;
   * set it to false for cells holding their own buttons or links.
   */
  rowLink?: boolean;
  /**
   * Text cells wrap onto this many lines before the ellipsis (default 1). `'all'`: onto as many as the text needs,
   * never cut, and the grid's rows grow to hold them (never shorter than `rowHeight`): a name that two lines of the
   * narrowest the column can be at 1280×800 cannot hold reads whole.
   */
  lines?: CellLines;
  /**
   * The full value of a text cell whose `render` shows a shortened one ('ABCDEF..'), for its tooltip; a text cut
   * by the ellipsis shows itself whole there without it.
   */
  fullText?: (row: R) => string | null | undefined;
  /**
   * Which columns give way when the list does not fit its width (1280×800 with the menu open): 1 (the default:
   * ids, dates, amounts, the actions) is always shown; columns of priority 2, then 3, are hidden, the last first,
   * until the rest fit without sideways scrolling.
   */
  priority?: 1 | 2 | 3;
}

/** How many lines a text cell shows (`DataTableColumn.lines`). */
type CellLines = 1 | 2 | 'all';

/**
 * The width a column needs: its width, never less than its minimum (its own, the grid's 80 px, or what its header
 * needs whole: `columnMinWidth`), as the grid lays it out.
 */
type ColumnFit = Pick<DataTableColumn<never>, 'field' | 'width' | 'minWidth' | 'priority' | 'sortable'> & {
  headerName?: string;
};
const neededWidth = (column: ColumnFit) => Math.max(column.width ?? 0, columnMinWidth(column));

/** The checkbox column's width. */
const CHECKBOX_WIDTH = 50;

/**
 * The fields to hide so that the columns fit `available` px: columns of priority 3, then 2, the last first,
 * until the rest fit (or only priority-1 columns are left).
 */
export function fieldsToHide(columns: readonly ColumnFit[], available: number): string[] {
  let needed = columns.reduce((sum, column) => sum + neededWidth(column), 0);
  const hidden: string[] = [];
  for (const level of [3, 2] as const) {
    for (const column of [...columns].reverse()) {
      if (needed <= available) return hidden;
      if ((column.priority ?? 1) !== level) continue;
      hidden.push(column.field);
      needed -= neededWidth(column);
    }
  }
  return hidden;
}

/**
 * The fields hidden with the operator's choice (`ColumnChoice`, from 'Columnas'): the ones they hid, then, of the
 * rest, what does not fit `available` px (`fieldsToHide`); a column they chose to show never gives way. Without a
 * width (before the first layout) only their choice counts. One data column always stays (`keepOneDataColumn`).
 */
export function columnsToHide(
  columns: readonly ColumnFit[],
  choice: ColumnChoice,
  available: number | undefined,
): string[] {
  const fields = columns.map((column) => column.field);
  const hidden = keepOneDataColumn(
    fields,
    columns.filter((column) => choice[column.field] === false).map((column) => column.field),
  );
  if (available === undefined) return hidden;
  const shown = columns.filter((column) => !hidden.includes(column.field));
  // The width never takes the last data column the operator kept: the first of them gives way to none.
  const kept = shown.some((column) => isDataColumn(column.field) && (column.priority ?? 1) === 1)
    ? undefined
    : shown.find((column) => isDataColumn(column.field))?.field;
  const rest = shown.map((column) =>
    choice[column.field] === true || column.field === kept ? { ...column, priority: 1 as const } : column,
  );
  return [...hidden, ...fieldsToHide(rest, available)];
}

/** The grid's box width, followed as the window or the menu changes it; undefined before the first layout. */
function useBoxWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

export interface DataTableProps<R> {
  /** Accessible name of the grid. */
  ariaLabel: string;
  rows: readonly R[];
  columns: readonly DataTableColumn<R>[];
  getRowId: (row: R) => string;
  /** Total rows on the server, for the paginator; undefined while unknown (the first load). */
  rowCount: number | undefined;
  /** 1-based page. */
  page: number;
  pageSize: number;
  pageSizeOptions?: readonly number[];
  onPageChange: (page: number, pageSize: number) => void;
  sort: DataTableSort | null;
  onSortChange: (sort: DataTableSort | null) => void;
  /** Order of the directions a header click cycles through. Default asc, desc (never unsorted). */
  sortingOrder?: readonly DataTableSortDirection[];
  loading?: boolean;
  /** Spanish text of the empty state, e.g. 'No se encontraron pagos'. */
  emptyMessage: string;
  /** Each row links here (an anchor in every cell with `rowLink` not false). */
  getRowHref?: (row: R) => string;
  /** Checkbox selection with a header select-all for the visible rows. */
  selectable?: boolean;
  /** Selected ids among the visible rows. */
  selectedIds?: readonly string[];
  onSelectionChange?: (ids: string[]) => void;
  /** Row height in px (default 48). */
  rowHeight?: number;
  /** The operator's choice of columns ('Columnas'); without it the priorities alone decide. */
  columnChoice?: ColumnChoice;
  /** Told the fields hidden now (by the choice or for lack of width), whenever they change. */
  onHiddenChange?: (fields: readonly string[]) => void;
  /**
   * A list page's list (its query string): when it changes, the grid keeps showing the rows it has until the new
   * list's come, with a loading bar, and renders them once (useShownListView).
   */
  listKey?: string;
}

const NO_CHOICE: ColumnChoice = {};

/** The column headers' height in px. */
const HEADER_HEIGHT = 44;

export const DEFAULT_PAGE_SIZE_OPTIONS: readonly number[] = [10, 25, 50, 100];

const localeText = esES.components.MuiDataGrid.defaultProps.localeText;

/**
 * Class names of what cells render, styled once in the grid's own `sx` (below) instead of an `sx` per element: a
 * page of 25 rows renders ~250 cells, and an `sx` on each made emotion resolve, serialize and hash a style object
 * for every one of them on every render. A column's `render` uses them for its content too (e.g. an amount).
 */
export const dataTableClasses = {
  /** The cell's box: content centred vertically, aligned as the column says (an inline `justify-content`). */
  cell: 'DataTable-cell',
  /** The same box as a link to the row's page (it covers the cell's padding, so the whole cell is the link). */
  link: 'DataTable-cellLink',
  /** Text on one line, cut with an ellipsis. */
  oneLine: 'DataTable-oneLine',
  /** Text on up to two lines, then an ellipsis. */
  twoLines: 'DataTable-twoLines',
  /** Text on as many lines as it needs (its row grows). */
  allLines: 'DataTable-allLines',
  /** Figures of one width (ids, amounts), medium weight, never wrapped. */
  figures: 'DataTable-figures',
  /** The row's own key (its id), in the primary colour. */
  key: 'DataTable-key',
  /** Secondary text within a cell (e.g. a masked card number), never wrapped. */
  secondary: 'DataTable-secondary',
  /** The mark of an empty value (—). */
  empty: 'DataTable-empty',
  /** A token of a name (`TokenText`): a line never breaks inside it. */
  token: 'DataTable-token',
  /** A bank account's number (`AccountText`): figures of one width on one line. */
  account: 'DataTable-account',
  /** A cell's small buttons side by side (ACCIONES), centred vertically. */
  buttons: 'DataTable-buttons',
} as const;

/**
 * The empty state sits inside the element with role "grid", which may only own rows (axe
 * `aria-required-children`): it is one row with a cell spanning every column, the live status inside the cell.
 */
function EmptyOverlay({ message }: GridSlotProps['noRowsOverlay']) {
  const colCount = useGridApiContext().current.getVisibleColumns().length;
  return (
    <Box role="row" sx={{ height: '100%' }}>
      <Box
        role="gridcell"
        aria-colspan={Math.max(colCount, 1)}
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          gap: 1,
          color: 'text.secondary',
          py: 4,
        }}
      >
        <SearchOffOutlinedIcon sx={{ fontSize: 40, opacity: 0.6 }} aria-hidden />
        <Typography variant="body1" role="status">
          {message ?? localeText.noRowsLabel}
        </Typography>
      </Box>
    </Box>
  );
}

const LINES_CLASS: Record<CellLines, string> = {
  1: dataTableClasses.oneLine,
  2: dataTableClasses.twoLines,
  all: dataTableClasses.allLines,
};

function CellContent({ content, lines = 1, full }: { content: ReactNode; lines?: CellLines; full?: string }) {
  if (typeof content === 'string' || typeof content === 'number') {
    return <CutText text={String(content)} full={full} className={LINES_CLASS[lines]} />;
  }
  return <>{content}</>;
}

/** Every row as tall as its cells' content (`lines: 'all'`), never shorter than `rowHeight` (`ROW_HEIGHT_VAR`). */
const contentRowHeight = () => 'auto' as const;

/** The grid's row height, for rows that grow with their content (`GRID_SX`; `--height` is theirs: 'auto'). */
const ROW_HEIGHT_VAR = '--DataTable-rowHeight';

/** The inline alignment of a cell's box (none for the default, left); one object per alignment, shared by every cell. */
const JUSTIFY: Record<NonNullable<DataTableColumn<unknown>['align']>, CSSProperties | undefined> = {
  left: undefined,
  right: { justifyContent: 'flex-end' },
  center: { justifyContent: 'center' },
};

/** The grid's slots: the empty state and MUI's checkbox and progress bar (grid-slots.tsx). */
const GRID_SLOTS: DataGridProps['slots'] = {
  noRowsOverlay: EmptyOverlay,
  baseCheckbox: GridCheckbox,
  baseLinearProgress: GridLinearProgress,
};

/** The grid's look, the cells' classes included (`dataTableClasses`): one object for every render. */
const GRID_SX: SxProps<Theme> = {
  '--DataGrid-overlayHeight': '220px',
  border: 0,
  [`& .${dataTableClasses.cell}`]: { display: 'flex', alignItems: 'center', height: '100%' },
  [`& .${dataTableClasses.link}`]: {
    display: 'flex',
    alignItems: 'center',
    height: '100%',
    mx: `-${CELL_PADDING_PX}px`,
    px: `${CELL_PADDING_PX}px`,
    color: 'inherit',
    textDecoration: 'none',
    overflow: 'hidden',
    '&:focus-visible': { outline: 'none' },
  },
  [`& .${dataTableClasses.oneLine}`]: {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    minWidth: 0,
  },
  [`& .${dataTableClasses.twoLines}`]: {
    overflow: 'hidden',
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    whiteSpace: 'normal',
    lineHeight: 1.35,
    wordBreak: 'break-word',
    minWidth: 0,
  },
  [`& .${dataTableClasses.allLines}`]: {
    whiteSpace: 'normal',
    lineHeight: 1.35,
    wordBreak: 'break-word',
    minWidth: 0,
    // Off the row's edges as two lines are in a row of the grid's height.
    py: '6px',
  },
  // A row that grows with a cell's lines is never shorter than the grid's rows: each cell holds the row's height.
  '& .MuiDataGrid-row--dynamicHeight > .MuiDataGrid-cell': { minHeight: `var(${ROW_HEIGHT_VAR})` },
  [`& .${dataTableClasses.figures}`]: {
    fontVariantNumeric: 'tabular-nums',
    fontWeight: 500,
    whiteSpace: 'nowrap',
  },
  [`& .${dataTableClasses.key}`]: { color: 'primary.main' },
  [`& .${dataTableClasses.secondary}`]: { color: 'text.secondary', whiteSpace: 'nowrap' },
  [`& .${dataTableClasses.empty}`]: { color: 'text.disabled' },
  [`& .${dataTableClasses.token}`]: { whiteSpace: 'nowrap' },
  // A CBU's 22 figures a size smaller than the cell's text, as a chip's label: whole on one line in 180 px.
  [`& .${dataTableClasses.account}`]: {
    whiteSpace: 'nowrap',
    fontVariantNumeric: 'tabular-nums',
    fontSize: '0.75rem',
  },
  [`& .${dataTableClasses.buttons}`]: { display: 'flex', alignItems: 'center', gap: 0.25 },
  // Not the grid's empty filler cell: padded, it stuck 16 px out of every list's scroller.
  '& .MuiDataGrid-cell:not(.MuiDataGrid-cellEmpty)': { fontSize: '0.8125rem', px: `${CELL_PADDING_PX}px` },
  // The last column's resize handle sat half past the grid's edge (5 px of sideways scroll).
  '& .MuiDataGrid-columnHeader--last .MuiDataGrid-columnSeparator--sideRight': { display: 'none' },
  // A status chip reads on one line, its column as wide as its longest label: a pill broken on two lines read as two.
  '& .MuiDataGrid-cell .MuiChip-root': { height: 'auto' },
  '& .MuiDataGrid-cell .MuiChip-label': { whiteSpace: 'nowrap', fontSize: '0.75rem', p: '3px 4px' },
  // The sort arrow beside a title, compact (column-width.ts counts 20 px for it).
  '& .MuiDataGrid-sortButton': { p: '2px', fontSize: 14 },
  '& .MuiDataGrid-columnHeader': { bgcolor: 'grey.50', px: `${CELL_PADDING_PX}px` },
  '& .MuiDataGrid-columnHeaderTitle': {
    // A long header wraps to two lines instead of widening its column, never inside a word: each
    // column is at least as wide as its header needs (column-width.ts, whose figures are this style's).
    // The line is tall enough for the accents of capitals (DESCRIPCIÓN, PAÍS): the title's box clips what leaves it.
    whiteSpace: 'normal',
    lineHeight: 1.45,
    fontWeight: 600,
    fontSize: HEADER_FONT_SIZE,
    letterSpacing: '0.01em',
    color: 'text.secondary',
  },
  '& .MuiDataGrid-cell:focus, & .MuiDataGrid-columnHeader:focus': { outline: 'none' },
  '& .MuiDataGrid-cell:focus-visible, & .MuiDataGrid-cell:focus-within': {
    outline: '2px solid',
    outlineColor: 'primary.light',
    outlineOffset: '-2px',
  },
  '& .MuiDataGrid-row:hover': { bgcolor: 'action.hover' },
  // A light tint even under the pointer: the row's secondary and status texts keep a 4.5:1 contrast.
  '& .MuiDataGrid-row.Mui-selected, & .MuiDataGrid-row.Mui-selected:hover': {
    bgcolor: (t) => alpha(t.palette.primary.main, 0.08),
  },
};

/** What a list change (a sort, a page, a filter, its answer) changes in the grid. */
interface ListView<R> {
  rows: readonly R[];
  rowCount: number | undefined;
  page: number;
  pageSize: number;
  sortField: string | undefined;
  sortDirection: DataTableSortDirection | undefined;
  loading: boolean;
}

/** The rows of the last render, the list (`listKey`) they first came with, and whether that list was new then. */
interface RowsSeen<R> {
  rows: readonly R[];
  listKey: string | undefined;
  rowsKey: string | undefined;
  /** The rows came in the very render the list changed (an answer in Apollo's cache): the click's own render. */
  cameWithChange: boolean;
  /** The grid's view when these rows came (their sort, page and total). */
  view: ListView<R>;
}

/**
 * The list the grid shows while a list change is on its way. The grid renders every row and cell of the page again
 * for any change of its props (its root props reach each row), and a sort, a page or a filter changed them in the
 * click's own task: the click painted only after the whole grid had rendered, and again when the rows came (bench
 * `interactions`). So the grid stays as it is until the new list's rows come (the rows still shown are the
 * previous list's: its sort, page and total stay with them; the box is busy, a bar says it is loading), and then
 * shows them with their sort and page in one render, the answer's own. Rows already in the cache come in the click's
 * own render: they are shown a render later (deferred), so the click paints first. Without `listKey` (a table that
 * is not a list page) the sort, page and loading state come a render after the click, deferred.
 */
function useShownListView<R>(
  current: ListView<R>,
  listKey: string | undefined,
): { shown: ListView<R>; waiting: boolean } {
  const [seen, setSeen] = useState<RowsSeen<R>>(() => ({
    rows: current.rows,
    listKey,
    rowsKey: listKey,
    cameWithChange: false,
    view: current,
  }));
  let now = seen;
  if (seen.rows !== current.rows || seen.listKey !== listKey) {
    const newRows = seen.rows !== current.rows;
    now = {
      rows: current.rows,
      listKey,
      rowsKey: newRows ? listKey : seen.rowsKey,
      cameWithChange: newRows ? seen.listKey !== listKey : seen.cameWithChange,
      view: newRows ? current : seen.view,
    };
    setSeen(now); // what this render saw, for the next one (React renders again at once, before committing)
  }
  const deferred = useDeferredValue(current);
  if (listKey === undefined) {
    // A table without a list: its sort, page and loading state a render behind the click, its new rows at once.
    const shown = deferred.rows === current.rows ? deferred : current;
    return { shown, waiting: shown !== current };
  }
  if (now.rowsKey !== listKey && current.loading && current.rows.length > 0) {
    // The previous list's rows, while the new one is asked for: the grid as it was. (Not loading, they are the new
    // list's too: its answer was the same rows; none, the grid shows its own loading state.)
    return { shown: { ...now.view, rows: current.rows, loading: false }, waiting: true };
  }
  if (now.cameWithChange && deferred !== current) return { shown: deferred, waiting: true };
  return { shown: current, waiting: false };
}

/** The loading bar over the rows while a list change is on its way (the grid's own overlay is for no rows). */
const RELOADING_BAR: CSSProperties = {
  position: 'absolute',
  top: HEADER_HEIGHT,
  left: 0,
  right: 0,
  zIndex: 3,
};

/** The grid's column of a `DataTableColumn`: its cells' content, cut or wrapped as it says, inside the row's link. */
function gridColumnOf<R extends object>(
  column: DataTableColumn<R>,
  linkOf: ((row: R) => string | undefined) | null,
): GridColDef<R> {
  return {
    field: column.field,
    headerName: column.headerName,
    width: column.width,
    minWidth: columnMinWidth(column),
    flex: column.flex,
    align: column.align ?? 'left',
    headerAlign: column.align ?? 'left',
    sortable: column.sortable ?? false,
    filterable: false,
    hideable: false,
    disableColumnMenu: true,
    renderCell: (params: GridRenderCellParams<R>) => {
      const row = params.row;
      const content = column.render
        ? column.render(row)
        : ((row as Record<string, unknown>)[column.field] as ReactNode);
      const full = column.fullText?.(row) ?? undefined;
      const href = linkOf && column.rowLink !== false ? linkOf(row) : undefined;
      if (!href) {
        return (
          <div className={dataTableClasses.cell} style={JUSTIFY[column.align ?? 'left']}>
            <CellContent content={content} lines={column.lines} full={full} />
          </div>
        );
      }
      return (
        <AppLink
          to={href}
          tabIndex={params.tabIndex}
          className={dataTableClasses.link}
          style={JUSTIFY[column.align ?? 'left']}
        >
          <CellContent content={content} lines={column.lines} full={full} />
        </AppLink>
      );
    },
  };
}

/**
 * The grid's columns. The rows' links are part of what the grid shows: the cells read them from a map made again
 * (with new columns) only when one of them changes (an import approved), not when the function does.
 */
function useGridColumns<R extends object>(
  columns: readonly DataTableColumn<R>[],
  rows: readonly R[],
  getRowHref: ((row: R) => string) | undefined,
  stableGetRowId: (row: R) => string,
): GridColDef<R>[] {
  const linksKey = getRowHref
    ? JSON.stringify(rows.map((row) => [stableGetRowId(row), getRowHref(row)]))
    : null;
  const linkOf = useMemo(() => {
    if (linksKey === null) return null;
    const links = new Map(JSON.parse(linksKey) as [string, string][]);
    return (row: R) => links.get(stableGetRowId(row));
  }, [linksKey, stableGetRowId]);
  return useMemo(() => columns.map((column) => gridColumnOf(column, linkOf)), [columns, linkOf]);
}

/**
 * The grid's visibility model: the columns the operator hid and those that do not fit the box (`columnsToHide`);
 * `onHiddenChange` is told them whenever they change.
 */
function useColumnVisibility(
  columns: readonly ColumnFit[],
  columnChoice: ColumnChoice,
  available: number | undefined,
  onHiddenChange: ((fields: readonly string[]) => void) | undefined,
) {
  const hiddenKey = columnsToHide(columns, columnChoice, available).join(',');
  const columnVisibilityModel = useMemo(
    () => Object.fromEntries(hiddenKey ? hiddenKey.split(',').map((field) => [field, false]) : []),
    [hiddenKey],
  );
  useEffect(() => onHiddenChange?.(hiddenKey ? hiddenKey.split(',') : []), [hiddenKey, onHiddenChange]);
  return columnVisibilityModel;
}

/** Enter on a focused cell that is part of the row link opens the row's page (the keyboard's click on the row). */
function useRowLinkKeys<R extends object>(
  columns: readonly DataTableColumn<R>[],
  latest: RefObject<DataTableProps<R>>,
) {
  const navigate = useNavigate();
  return useCallback(
    (params: GridCellParams<R>, event: KeyboardEvent) => {
      if (event.key !== 'Enter' || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const column = columns.find((c) => c.field === params.field);
      const href = latest.current.getRowHref;
      if (!href || !column || column.rowLink === false) return;
      event.preventDefault();
      void navigate(href(params.row));
    },
    [columns, navigate, latest],
  );
}

/**
 * The grid's paging, sorting and selection models and their handlers, each made again only when its values change
 * (a new sort model sends the grid back to page 1); the handlers call the latest props' functions.
 */
function useGridModels<R extends object>(
  latest: RefObject<DataTableProps<R>>,
  list: ListView<R>,
  selectedIds: readonly string[] | undefined,
  stableGetRowId: (row: R) => string,
) {
  const { rows, page, pageSize, sortField, sortDirection } = list;
  const visibleIds = useMemo(() => rows.map(stableGetRowId), [rows, stableGetRowId]);
  const paginationModel = useMemo<GridPaginationModel>(
    () => ({ page: page - 1, pageSize }),
    [page, pageSize],
  );
  const handlePagination = useCallback(
    (model: GridPaginationModel) => latest.current.onPageChange(model.page + 1, model.pageSize),
    [latest],
  );
  const sortModel = useMemo<GridSortModel>(
    () => (sortField && sortDirection ? [{ field: sortField, sort: sortDirection }] : []),
    [sortField, sortDirection],
  );
  const handleSort = useCallback(
    (model: GridSortModel) => {
      const first = model[0];
      latest.current.onSortChange(first?.sort ? { field: first.field, direction: first.sort } : null);
    },
    [latest],
  );
  const selectionKey = (selectedIds ?? []).join('\u0000');
  const selectionModel = useMemo<GridRowSelectionModel>(
    () => includeModel(selectionKey ? selectionKey.split('\u0000') : []),
    [selectionKey],
  );
  const handleSelection = useCallback(
    (model: GridRowSelectionModel) =>
      latest.current.onSelectionChange?.(selectedVisibleIds(model, visibleIds)),
    [visibleIds, latest],
  );
  return { paginationModel, handlePagination, sortModel, handleSort, selectionModel, handleSelection };
}

/**
 * The grid's other props that arrays or objects carry, made again only when their values change: the footer's texts
 * (while the total is unknown the grid must not see a count that would send it back to page 1, and the footer
 * counts nothing: never "1–10 de 10" for rows that are not there), the page sizes, the sorting order and the slots'.
 */
function useGridOptions(
  { rowCount, page, pageSize }: Pick<ListView<unknown>, 'rowCount' | 'page' | 'pageSize'>,
  pageSizeOptions: readonly number[],
  sortingOrder: readonly DataTableSortDirection[],
  emptyMessage: string,
) {
  const effectiveRowCount = rowCount ?? page * pageSize;
  const gridLocaleText = useMemo(
    () => (rowCount === undefined ? { ...localeText, paginationDisplayedRows: () => '' } : localeText),
    [rowCount],
  );
  const pageSizeKey = pageSizeOptions.join(',');
  const gridPageSizeOptions = useMemo(() => pageSizeKey.split(',').map(Number), [pageSizeKey]);
  const sortingKey = sortingOrder.join(',');
  const gridSortingOrder = useMemo(() => sortingKey.split(',') as DataTableSortDirection[], [sortingKey]);
  const slotProps = useMemo<DataGridProps['slotProps']>(
    () => ({
      noRowsOverlay: { message: emptyMessage },
      loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' },
    }),
    [emptyMessage],
  );
  return { effectiveRowCount, gridLocaleText, gridPageSizeOptions, gridSortingOrder, slotProps };
}

/** What the grid element is made of: every value is stable until what it shows changes. */
interface GridView<R extends object>
  extends ReturnType<typeof useGridModels<R>>, ReturnType<typeof useGridOptions> {
  ariaLabel: string;
  columnVisibilityModel: GridColumnVisibilityModel;
  rows: readonly R[];
  gridColumns: GridColDef<R>[];
  stableGetRowId: (row: R) => string;
  rowHeight: number;
  growingRows: boolean;
  selectable: boolean;
  handleCellKeyDown: (params: GridCellParams<R>, event: KeyboardEvent) => void;
  loading: boolean;
}

/** The DataGrid, made again only when one of its values changes. */
function useGridElement<R extends object>(view: GridView<R>) {
  return useMemo(
    () => (
      <DataGrid<R>
        aria-label={view.ariaLabel}
        columnVisibilityModel={view.columnVisibilityModel}
        rows={view.rows}
        columns={view.gridColumns}
        getRowId={view.stableGetRowId}
        localeText={view.gridLocaleText}
        autoHeight
        rowHeight={view.rowHeight}
        getRowHeight={view.growingRows ? contentRowHeight : undefined}
        columnHeaderHeight={HEADER_HEIGHT}
        // Paging and sorting happen on the server.
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        rowCount={view.effectiveRowCount}
        paginationModel={view.paginationModel}
        onPaginationModelChange={view.handlePagination}
        pageSizeOptions={view.gridPageSizeOptions}
        sortModel={view.sortModel}
        onSortModelChange={view.handleSort}
        sortingOrder={view.gridSortingOrder}
        // Selection: checkboxes only, always an explicit list of the visible rows (never an exclude model).
        checkboxSelection={view.selectable}
        disableRowSelectionOnClick
        disableRowSelectionExcludeModel
        rowSelectionModel={view.selectionModel}
        onRowSelectionModelChange={view.handleSelection}
        onCellKeyDown={view.handleCellKeyDown}
        hideFooterSelectedRowCount
        disableColumnMenu
        disableColumnFilter
        disableColumnSelector
        disableDensitySelector
        loading={view.loading}
        slots={GRID_SLOTS}
        slotProps={view.slotProps}
        sx={GRID_SX}
      />
    ),
    [
      view.ariaLabel,
      view.columnVisibilityModel,
      view.rows,
      view.gridColumns,
      view.stableGetRowId,
      view.gridLocaleText,
      view.rowHeight,
      view.growingRows,
      view.effectiveRowCount,
      view.paginationModel,
      view.handlePagination,
      view.gridPageSizeOptions,
      view.sortModel,
      view.handleSort,
      view.gridSortingOrder,
      view.selectable,
      view.selectionModel,
      view.handleSelection,
      view.handleCellKeyDown,
      view.loading,
      view.slotProps,
    ],
  );
}

/** What the props say the grid shows now (before `useShownListView`), one object while none of it changes. */
function useCurrentView<R>(props: DataTableProps<R>): ListView<R> {
  return useMemo(
    () => ({
      rows: props.rows,
      rowCount: props.rowCount,
      page: props.page,
      pageSize: props.pageSize,
      sortField: props.sort?.field,
      sortDirection: props.sort?.direction,
      loading: props.loading ?? false,
    }),
    [
      props.rows,
      props.rowCount,
      props.page,
      props.pageSize,
      props.sort?.field,
      props.sort?.direction,
      props.loading,
    ],
  );
}

export function DataTable<R extends object>(props: DataTableProps<R>) {
  // The functions (getRowId, the handlers) are read from `latest` below.
  const {
    ariaLabel,
    columns,
    pageSizeOptions = DEFAULT_PAGE_SIZE_OPTIONS,
    sortingOrder = ['asc', 'desc'],
    emptyMessage,
    getRowHref,
    selectable = false,
    selectedIds,
    rowHeight = 48,
    columnChoice = NO_CHOICE,
    onHiddenChange,
  } = props;

  // Screens pass their functions inline (`getRowId`, `getRowHref`, the handlers), new on every render. The grid
  // re-renders every row and cell of the page whenever one of its props changes, so it is given stable functions
  // that call the latest ones, and the grid element is made again only when what it shows changes: a render of the
  // screen (a selection elsewhere, a dialog, a late query) then costs no render of 250 cells (bench/README.md).
  const latest = useRef(props);
  latest.current = props;
  const { shown: list, waiting } = useShownListView(useCurrentView(props), props.listKey);
  const { rows } = list;
  // With rows on screen a load is the bar above them (`waiting`), never a prop of the grid (that renders every row).
  const loading = list.loading && (props.listKey === undefined || rows.length === 0);
  const reloading = rows.length > 0 && (waiting || (props.listKey !== undefined && list.loading));
  const box = useBoxWidth();
  const growingRows = columns.some((column) => column.lines === 'all');
  // A first page, or another list's page, renders the rows the window shows, then the rest (rows-in-stages.ts).
  const staged = useRowsInStages(rows, box.ref, rowHeight, HEADER_HEIGHT, props.listKey);
  const stableGetRowId = useCallback((row: R) => latest.current.getRowId(row), []);
  const gridColumns = useGridColumns(columns, rows, getRowHref, stableGetRowId);
  const columnVisibilityModel = useColumnVisibility(
    columns,
    columnChoice,
    box.width === undefined ? undefined : box.width - (selectable ? CHECKBOX_WIDTH : 0) - 2,
    onHiddenChange,
  );
  const handleCellKeyDown = useRowLinkKeys(columns, latest);
  const models = useGridModels(latest, list, selectedIds, stableGetRowId);
  const options = useGridOptions(list, pageSizeOptions, sortingOrder, emptyMessage);
  const grid = useGridElement<R>({
    ariaLabel,
    columnVisibilityModel,
    rows: staged.rows,
    gridColumns,
    stableGetRowId,
    rowHeight,
    growingRows,
    selectable,
    handleCellKeyDown,
    loading,
    ...models,
    ...options,
  });

  return (
    // While the rest of a first page waits, the box keeps the page's height (the document's height, and so its scroll,
    // never moves) and says it is being updated; so it does while the grid shows a list change a step behind.
    <div
      ref={box.ref}
      aria-busy={staged.busy || reloading || undefined}
      style={{
        position: 'relative',
        width: '100%',
        minWidth: 0,
        paddingBottom: staged.waiting * rowHeight || undefined,
        ...(growingRows ? { [ROW_HEIGHT_VAR]: `${rowHeight}px` } : {}),
      }}
    >
      {reloading && <GridLinearProgress style={RELOADING_BAR} />}
      {grid}
    </div>
  );
}
