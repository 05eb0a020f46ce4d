import { useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { BulkActionBar } from '../actions/bulk-action-bar';
import { DataTable, type DataTableColumn } from '../data-table/data-table';
import { ListBar } from '../data-table/list-bar';
import type { ItemNoun } from '../dialogs/item-noun';
import { ErrorAlert } from '../feedback/error-alert';
import { PageHeader } from '../layout/page-header';
import type { ListPageHandle } from '@/lib/list/use-list-page';
import { listTextsOf, type ListTexts } from './list-texts';
import { useListSearchKey } from './list-search-key';
import { useListTools } from './list-tools';
import { LiveRowsStatus, useLiveRows } from './live-rows';
import type { ListBulk } from './use-list-bulk';

/** What `<ListPage>` reads of `useListPage`'s handle. */
export type ListPageView<Row extends { id: string }> = Pick<
  ListPageHandle<object, string, unknown, unknown, Row, never>,
  'rows' | 'total' | 'failure' | 'retry' | 'table' | 'selection'
> &
  Partial<Pick<ListPageHandle<object, string, unknown, unknown, Row, never>, 'view' | 'refetch'>>;

export interface ListPageTable<Row> {
  /** Accessible name of the grid ('Pagadores'); with a noun, by default its plural ('Presentaciones'). */
  ariaLabel?: string;
  columns: readonly DataTableColumn<Row>[];
  /** With a noun, by default 'No se encontraron presentaciones'. */
  emptyMessage?: string;
  /** Rows that open a page of their own. */
  getRowHref?: (row: Row) => string;
  /** Checkbox selection (the handle's `selection`). */
  selectable?: boolean;
  /** The list's service takes no sort: the headers do not sort. */
  unsorted?: boolean;
  /** Shown as loading besides the list's own request (a reset in progress). */
  busy?: boolean;
  rowHeight?: number;
}

/** What `<ListPage>` reads of `useListBulk`'s handle. */
export type ListPageBulk<K extends string> = Pick<
  ListBulk<K, never, never, never>,
  'actions' | 'allMatching' | 'registry' | 'noun' | 'ariaLabel' | 'clearable' | 'startBulk'
>;

/**
 * A list's noun and texts: the texts it does not give are said from its noun (`listTextsOf`); a list without a noun
 * gives them all.
 */
export type ListPageTexts<Row> =
  | {
      /**
       * The bar above the grid: the total in words ('3 presentaciones'), the selection's count and `bulkActions`.
       * Without a noun there is no bar; `bar` replaces it where a list's bar says more.
       */
      noun: ItemNoun;
      /** The failure's title; by default 'No se pudieron cargar los pagadores'. */
      errorTitle?: string;
      table: ListPageTable<Row>;
    }
  | {
      noun?: undefined;
      errorTitle: string;
      table: ListPageTable<Row> & Pick<ListTexts, 'ariaLabel' | 'emptyMessage'>;
    };

interface ListPageLayoutProps<Row extends { id: string }, K extends string> {
  page: ListPageView<Row>;
  /** The screen's title (h1); a panel inside a screen has none. */
  title?: string;
  subtitle?: ReactNode;
  /** The header's actions on the right ('Nueva presentación'). */
  headerActions?: ReactNode;
  /** The section's accessible name (default: the title). */
  ariaLabel?: string;
  /** The filter form (the kit's `FiltersForm` or `SearchBar`). */
  filters?: ReactNode;
  /** Between the filters and the list (a scope notice). */
  beforeList?: ReactNode;
  /** Shown instead of the list while it cannot be asked for (a required filter not chosen yet). */
  placeholder?: ReactNode;
  totalTestId?: string;
  /** Said after the total (' · actualizando mientras hay exportaciones en proceso'). */
  totalNote?: string;
  bulkActions?: ReactNode;
  /**
   * The selection's actions (`useListBulk`): its buttons in the bar (hidden for a role permitted none), "all N
   * matching the search" and 'Deseleccionar' where the list offers them; the bar's noun is the bulk's.
   */
  bulk?: ListPageBulk<K>;
  /** A list's own bar; as a function it is given 'Vistas' and 'Columnas' to place (on its right). */
  bar?: ReactNode | ((tools: ReactNode) => ReactNode);
  /** Dialogs and other content after the list. */
  children?: ReactNode;
}

export type ListPageProps<Row extends { id: string }, K extends string = string> = ListPageLayoutProps<
  Row,
  K
> &
  ListPageTexts<Row>;

const getRowId = (row: { id: string }) => row.id;

/** The texts the screen gave, and its noun's for those it did not. */
function textsOf<Row>(props: ListPageTexts<Row>): ListTexts {
  if (!props.noun) {
    const { ariaLabel, emptyMessage } = props.table;
    return { errorTitle: props.errorTitle, ariaLabel, emptyMessage };
  }
  const said = listTextsOf(props.noun);
  return {
    errorTitle: props.errorTitle ?? said.errorTitle,
    ariaLabel: props.table.ariaLabel ?? said.ariaLabel,
    emptyMessage: props.table.emptyMessage ?? said.emptyMessage,
  };
}

/** The selection's buttons of `useListBulk` (hidden for a role permitted none), for a list's own bar. */
export function ListBulkActions<K extends string>({ bulk }: { bulk: ListPageBulk<K> }) {
  return (
    <BulkActionBar
      actions={bulk.actions}
      registry={bulk.registry}
      onAction={bulk.startBulk}
      ariaLabel={bulk.ariaLabel}
      hideWhenNonePermitted
    />
  );
}
const ignoreSort = () => undefined;

/** 'Vistas' and 'Columnas' alone above a list without a bar of its own. */
function ToolsBar({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'flex-end',
        px: 2,
        py: 0.75,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {children}
    </Box>
  );
}

/**
 * A list screen's layout: the header, the filters, then the list (its bar and a server-paged grid) or, when the
 * request failed, the failure with 'Reintentar' in its place, never an empty list. The bar ends with 'Vistas' and
 * 'Columnas' (the operator's saved views and choice of columns, `useListTools`) on every list with a view binding.
 */
export function ListPage<Row extends { id: string }, K extends string = string>(
  props: ListPageProps<Row, K>,
) {
  const {
    page,
    title,
    subtitle,
    headerActions,
    ariaLabel,
    filters,
    beforeList,
    placeholder,
    noun,
    totalTestId,
    totalNote,
    bulkActions,
    bulk,
    bar,
    table,
    children,
  } = props;
  const { table: binding, selection } = page;
  const barNoun = noun ?? bulk?.noun;
  const texts = textsOf(props);
  const { tools, columnChoice, onHiddenChange } = useListTools(page.view, table.columns);
  // A change pushed for a row shown reads the page again and highlights the row for a moment.
  const live = useLiveRows(page.view?.area, page.rows, page.refetch ?? page.retry);
  // A new page starts at the table's top: after 'next page' at the bottom of a long page, the list scrolls up to
  // its bar, never further than needed.
  const listTop = useRef<HTMLDivElement>(null);
  const onPageChange = (p: number, size: number) => {
    binding.onPageChange(p, size);
    const list = listTop.current;
    if (list && list.getBoundingClientRect().top < 0) list.scrollIntoView?.({ block: 'start' });
  };
  return (
    <Box component="section" ref={useListSearchKey()} aria-label={ariaLabel ?? title}>
      {title !== undefined && <PageHeader title={title} subtitle={subtitle} actions={headerActions} />}
      {filters}
      {beforeList}
      {placeholder ? (
        // 'Vistas' stays while a required filter is missing: a saved view may choose it (/lotes' Entidad).
        <>
          {tools && (
            <Paper variant="outlined" sx={{ overflow: 'hidden', mb: 2 }}>
              <ToolsBar>{tools}</ToolsBar>
            </Paper>
          )}
          {placeholder}
        </>
      ) : page.failure ? (
        <ErrorAlert title={texts.errorTitle} error={page.failure} onRetry={page.retry} />
      ) : (
        <Paper
          ref={listTop}
          variant="outlined"
          sx={live.sx}
          data-updated-ids={live.updated.join(' ') || undefined}
        >
          {typeof bar === 'function'
            ? bar(tools)
            : (bar ??
              (barNoun ? (
                <ListBar
                  tools={tools}
                  noun={barNoun}
                  total={page.total}
                  selectedCount={selection.selectedIds.length}
                  totalTestId={totalTestId}
                  totalNote={totalNote}
                  matching={bulk?.allMatching}
                  onClearSelection={bulk?.clearable ? () => selection.setSelectedIds([]) : undefined}
                >
                  {bulk ? (
                    <>
                      <ListBulkActions bulk={bulk} />
                      {bulkActions}
                    </>
                  ) : (
                    bulkActions
                  )}
                </ListBar>
              ) : (
                tools && <ToolsBar>{tools}</ToolsBar>
              )))}
          <DataTable
            ariaLabel={texts.ariaLabel}
            rows={page.rows}
            columns={table.columns}
            getRowId={getRowId}
            {...binding}
            onPageChange={onPageChange}
            loading={binding.loading || table.busy === true}
            sort={table.unsorted ? null : binding.sort}
            onSortChange={table.unsorted ? ignoreSort : binding.onSortChange}
            emptyMessage={texts.emptyMessage}
            getRowHref={table.getRowHref}
            selectable={table.selectable}
            selectedIds={table.selectable ? selection.selectedIds : undefined}
            onSelectionChange={table.selectable ? selection.setSelectedIds : undefined}
            rowHeight={table.rowHeight}
            columnChoice={columnChoice}
            onHiddenChange={onHiddenChange}
          />
        </Paper>
      )}
      <LiveRowsStatus status={live.status} />
      {children}
    </Box>
  );
}
