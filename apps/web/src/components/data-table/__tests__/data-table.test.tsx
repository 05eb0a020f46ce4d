import { fireEvent, render, screen, within } from '@testing-library/react';
import { useLayoutEffect, useMemo, useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, dataTableClasses, type DataTableColumn, type DataTableSort } from '../data-table';

interface Row {
  id: string;
  name: string;
  amount: string;
}

const columns: DataTableColumn<Row>[] = [
  { field: 'name', headerName: 'NOMBRE', width: 160, lines: 2 },
  {
    field: 'amount',
    headerName: 'IMPORTE',
    width: 120,
    align: 'right',
    render: (row) => <span className={dataTableClasses.figures}>{row.amount}</span>,
  },
  {
    field: 'actions',
    headerName: 'ACCIONES',
    width: 120,
    rowLink: false,
    render: (row) => <button type="button">Anular {row.id}</button>,
  },
];

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const ROWS: Row[] = [{ id: '7', name: 'María Fernández de la Cruz', amount: '$ 1.500,00' }];

/**
 * The table as a screen renders it: its functions inline, so every call makes new ones (`tableColumns` for a test
 * that counts the cells' renders).
 */
function table(
  tableColumns: DataTableColumn<Row>[] = columns,
  linkPath = '/cobro',
  sort: DataTableSort | null = null,
  list: { rows: Row[]; loading?: boolean; listKey?: string } = { rows: ROWS },
) {
  return (
    <MemoryRouter initialEntries={['/cobros']}>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
      <DataTable<Row>
        ariaLabel="Cobros"
        rows={list.rows}
        loading={list.loading}
        listKey={list.listKey}
        columns={tableColumns}
        getRowId={(row) => row.id}
        rowCount={1}
        page={1}
        pageSize={10}
        onPageChange={vi.fn()}
        sort={sort}
        onSortChange={vi.fn()}
        emptyMessage="No se encontraron cobros"
        getRowHref={(row) => `${linkPath}/${row.id}`}
      />
    </MemoryRouter>
  );
}

function renderTable() {
  return render(table());
}

const cellOf = (field: string) => {
  const row = screen.getAllByRole('row').find((r) => r.getAttribute('data-id') === '7');
  if (!row) throw new Error('no row 7');
  const cell = row.querySelector(`[data-field="${field}"]`);
  if (!cell) throw new Error(`no cell ${field}`);
  return cell as HTMLElement;
};

describe('DataTable cells', () => {
  it('re-renders no cell when the screen renders again with new (equal) functions', () => {
    const renderAmount = vi.fn((row: Row) => <span className={dataTableClasses.figures}>{row.amount}</span>);
    const counted: DataTableColumn<Row>[] = [
      { field: 'amount', headerName: 'IMPORTE', width: 120, render: renderAmount },
    ];
    const { rerender } = render(table(counted));
    expect(within(cellOf('amount')).getByRole('link').getAttribute('href')).toBe('/cobro/7');
    const renders = renderAmount.mock.calls.length;
    expect(renders).toBeGreaterThan(0);
    rerender(table(counted));
    rerender(table(counted));
    expect(renderAmount.mock.calls.length).toBe(renders);
    // New links are something the grid shows: the cells render with them.
    rerender(table(counted, '/cobro-aprobado'));
    expect(within(cellOf('amount')).getByRole('link').getAttribute('href')).toBe('/cobro-aprobado/7');
  });

  it('makes every data cell a link to the row, with the whole text in its title', () => {
    renderTable();
    const name = within(cellOf('name')).getByRole('link');
    expect(name.getAttribute('href')).toBe('/cobro/7');
    const text = within(name).getByText('María Fernández de la Cruz');
    expect(text.getAttribute('title')).toBe('María Fernández de la Cruz');
    expect(text.className).toBe(dataTableClasses.twoLines);

    const amount = within(cellOf('amount')).getByRole('link');
    expect(amount.getAttribute('href')).toBe('/cobro/7');
    expect(amount.style.justifyContent).toBe('flex-end');
  });

  it("styles the cells' classes once, from the grid", () => {
    renderTable();
    const name = within(cellOf('name')).getByText('María Fernández de la Cruz');
    expect(getComputedStyle(name).webkitLineClamp).toBe('2');
    const link = within(cellOf('name')).getByRole('link');
    expect(getComputedStyle(link).display).toBe('flex');
    expect(getComputedStyle(link).textDecoration).toBe('none');
    const amount = within(cellOf('amount')).getByText('$ 1.500,00');
    expect(amount.className).toBe(dataTableClasses.figures);
    expect(getComputedStyle(amount).fontVariantNumeric).toBe('tabular-nums');
    expect(getComputedStyle(amount).whiteSpace).toBe('nowrap');
  });

  it("grows the rows with a text of `lines: 'all'`, never cut, and keeps fixed rows without one", () => {
    const { unmount } = renderTable();
    expect(cellOf('name').closest('[role="row"]')).not.toHaveClass('MuiDataGrid-row--dynamicHeight');
    unmount();
    render(table(columns.map((column) => (column.field === 'name' ? { ...column, lines: 'all' } : column))));
    const name = within(cellOf('name')).getByText('María Fernández de la Cruz');
    expect(name.className).toBe(dataTableClasses.allLines);
    expect(getComputedStyle(name).webkitLineClamp).not.toBe('2');
    expect(getComputedStyle(name).whiteSpace).toBe('normal');
    expect(cellOf('name').closest('[role="row"]')).toHaveClass('MuiDataGrid-row--dynamicHeight');
  });

  it('leaves a cell with its own buttons out of the row link', () => {
    renderTable();
    const actions = cellOf('actions');
    expect(within(actions).queryByRole('link')).toBeNull();
    expect(within(actions).getByRole('button', { name: 'Anular 7' })).toBeTruthy();
  });
});

/** One sortable IMPORTE column whose cells are counted; memoized, as a screen's columns are. */
const useAmountColumn = (renderAmount: (row: Row) => string) =>
  useMemo<DataTableColumn<Row>[]>(
    () => [{ field: 'amount', headerName: 'IMPORTE', width: 120, sortable: true, render: renderAmount }],
    [renderAmount],
  );

/**
 * A screen whose 'Ordenar' changes the table's sort, and a probe committed in the same render as the change: they
 * record how many times the cells had rendered at the click and when the click's render reached the screen.
 */
function SortingScreen({
  renderAmount,
  atClick,
  atCommit,
}: {
  renderAmount: (row: Row) => string;
  atClick: number[];
  atCommit: number[];
}) {
  const [sort, setSort] = useState<DataTableSort | null>(null);
  const cellRenders = () => vi.mocked(renderAmount).mock.calls.length;
  const columns = useAmountColumn(renderAmount);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          atClick.push(cellRenders());
          setSort({ field: 'amount', direction: 'asc' });
        }}
      >
        Ordenar
      </button>
      <CommitProbe sort={sort} onCommit={() => atCommit.push(cellRenders())} />
      {table(columns, '/cobro', sort)}
    </>
  );
}

function CommitProbe({ sort, onCommit }: { sort: DataTableSort | null; onCommit: () => void }) {
  useLayoutEffect(() => {
    if (sort) onCommit();
  }, [sort, onCommit]);
  return null;
}

describe('DataTable and a list change', () => {
  it("paints the click before the grid renders its rows again: the cells render after the click's own render", async () => {
    const renderAmount = vi.fn((row: Row) => row.amount);
    const atClick: number[] = [];
    const atCommit: number[] = [];
    render(<SortingScreen renderAmount={renderAmount} atClick={atClick} atCommit={atCommit} />);
    expect(await screen.findByText('$ 1.500,00')).toBeInTheDocument();
    const header = screen.getByRole('columnheader', { name: /IMPORTE/ });
    expect(header).not.toHaveAttribute('aria-sort', 'ascending');

    fireEvent.click(screen.getByRole('button', { name: 'Ordenar' }));

    // The click's render reached the screen with no cell rendered again...
    expect(atClick).toHaveLength(1);
    expect(atCommit).toEqual(atClick);
    // ...and the grid shows the new sort right after.
    expect(await screen.findByRole('columnheader', { name: /IMPORTE/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });
});

/** A list page's table: a sort asks for a new list (`listKey`), whose rows come with 'Responder'. */
function ListScreen({ renderAmount }: { renderAmount: (row: Row) => string }) {
  const [list, setList] = useState({
    key: 'a',
    sort: null as DataTableSort | null,
    rows: ROWS,
    loading: false,
  });
  const columns = useAmountColumn(renderAmount);
  const sorted: Row[] = [{ id: '8', name: 'Juan Pérez', amount: '$ 90,00' }];
  return (
    <>
      <button
        type="button"
        onClick={() =>
          setList((l) => ({ ...l, key: 'b', sort: { field: 'amount', direction: 'asc' }, loading: true }))
        }
      >
        Ordenar
      </button>
      <button type="button" onClick={() => setList((l) => ({ ...l, rows: sorted, loading: false }))}>
        Responder
      </button>
      {table(columns, '/cobro', list.sort, { ...list, listKey: list.key })}
    </>
  );
}

describe('DataTable of a list page (listKey) and a list change', () => {
  it('keeps its rows as they are while the new list is asked for, with a loading bar, and shows its rows in one render', async () => {
    const renderAmount = vi.fn((row: Row) => row.amount);
    render(<ListScreen renderAmount={renderAmount} />);
    expect(await screen.findByText('$ 1.500,00')).toBeInTheDocument();
    const before = renderAmount.mock.calls.length;

    fireEvent.click(screen.getByRole('button', { name: 'Ordenar' }));
    // The previous rows, not rendered again: their sort stays with them; the box is busy and says it is loading.
    expect(await screen.findByRole('progressbar', { name: 'Cargando' })).toBeInTheDocument();
    expect(renderAmount.mock.calls.length).toBe(before);
    expect(screen.getByRole('columnheader', { name: /IMPORTE/ })).not.toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(screen.getByRole('grid', { name: 'Cobros' }).closest('[aria-busy="true"]')).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Responder' }));
    expect(await screen.findByText('$ 90,00')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /IMPORTE/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.queryByRole('progressbar', { name: 'Cargando' })).toBeNull();
  });
});

describe('DataTable from the keyboard', () => {
  it("Enter on a focused cell of the row link opens the row's page; a cell with its own buttons keeps its Enter", () => {
    renderTable();
    fireEvent.keyDown(cellOf('actions'), { key: 'Enter' });
    expect(screen.getByTestId('where').textContent).toBe('/cobros');
    fireEvent.keyDown(cellOf('name'), { key: 'Shift' });
    expect(screen.getByTestId('where').textContent).toBe('/cobros');
    fireEvent.keyDown(cellOf('name'), { key: 'Enter' });
    expect(screen.getByTestId('where').textContent).toBe('/cobro/7');
  });
});
