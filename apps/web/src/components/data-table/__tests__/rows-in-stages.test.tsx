import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn, type DataTableProps } from '../data-table';
import { useRowsInStages } from '../rows-in-stages';

// A first page renders the rows the window shows, then the rest right after the first paint.

interface Row {
  id: string;
  name: string;
}

const COLUMNS: DataTableColumn<Row>[] = [{ field: 'name', headerName: 'NOMBRE', width: 200 }];
const page = (from: number): Row[] =>
  Array.from({ length: 25 }, (_, i) => ({ id: String(from + i), name: `Pagador ${from + i}` }));
const FIRST = page(1);
const SECOND = page(26);

/** The window holds the header (44 px) and three rows of 48 px: jsdom lays nothing out, the grid's box is at 0. */
const WINDOW_HEIGHT = 44 + 3 * 48;
let height = 0;
beforeEach(() => {
  height = window.innerHeight;
  window.innerHeight = WINDOW_HEIGHT;
});
afterEach(() => {
  window.innerHeight = height;
});

function table(props: Partial<DataTableProps<Row>>) {
  return (
    <MemoryRouter>
      <DataTable<Row>
        ariaLabel="Pagadores"
        rows={[]}
        columns={COLUMNS}
        getRowId={(row) => row.id}
        rowCount={60}
        page={1}
        pageSize={25}
        onPageChange={vi.fn()}
        sort={null}
        onSortChange={vi.fn()}
        emptyMessage="No se encontraron pagadores"
        {...props}
      />
    </MemoryRouter>
  );
}

const shownIds = () =>
  Array.from(screen.getByRole('grid', { name: 'Pagadores' }).querySelectorAll('.MuiDataGrid-row'), (row) =>
    row.getAttribute('data-id'),
  );
const ids = (rows: Row[]) => rows.map((row) => row.id);

describe('DataTable: a first page in two stages', () => {
  it('renders the rows the window shows when the answer arrives, keeps the page height, then the whole page', async () => {
    const { rerender, container } = render(table({ loading: true }));
    rerender(table({ rows: FIRST }));
    // The commit of the answer: the rows that reach the window's bottom, the box busy and as tall as the whole page.
    expect(shownIds()).toEqual(ids(FIRST.slice(0, 3)));
    const box = container.querySelector('[aria-busy="true"]') as HTMLElement;
    expect(box).not.toBeNull();
    expect(box.style.paddingBottom).toBe(`${22 * 48}px`);

    await waitFor(() => expect(container.querySelector('[aria-busy]')).toBeNull());
    expect(shownIds()).toEqual(ids(FIRST));
    expect((container.firstElementChild as HTMLElement).style.paddingBottom).toBe('');
  });

  it('is busy whenever the grid shows part of the page, and not once it shows the whole page', async () => {
    // What a test or an assistive technology reading the grid may see at any moment: every change of the DOM.
    const seen: { busy: boolean; rows: number }[] = [];
    const observer = new MutationObserver(() => {
      const grid = document.querySelector('[role="grid"]');
      seen.push({
        busy: grid?.closest('[aria-busy="true"]') != null,
        rows: grid?.querySelectorAll('.MuiDataGrid-row').length ?? 0,
      });
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    const { rerender, container } = render(table({ loading: true }));
    rerender(table({ rows: FIRST }));
    await waitFor(() => expect(container.querySelector('[aria-busy]')).toBeNull());
    observer.disconnect();
    expect(seen.some(({ busy, rows }) => busy && rows === 3)).toBe(true);
    expect(seen.filter(({ busy, rows }) => !busy && rows > 0 && rows < FIRST.length)).toEqual([]);
    expect(seen.at(-1)).toEqual({ busy: false, rows: FIRST.length });
  });

  it('renders a grid mounted with its page (an answer already cached) in the same two stages', async () => {
    render(table({ rows: FIRST }));
    expect(shownIds()).toEqual(ids(FIRST.slice(0, 3)));
    await waitFor(() => expect(shownIds()).toEqual(ids(FIRST)));
    await waitFor(() => expect(document.querySelector('[aria-busy]')).toBeNull());
  });

  it('renders a page that replaces another page whole at once (the operator may be scrolled down)', async () => {
    const { rerender } = render(table({ rows: FIRST }));
    await waitFor(() => expect(shownIds()).toEqual(ids(FIRST)));
    rerender(table({ rows: SECOND, page: 2 }));
    expect(shownIds()).toEqual(ids(SECOND));
  });

  it("renders another list's page (its listKey changed: a page, a sort, a filter) in the same two stages", async () => {
    const { rerender } = render(table({ rows: FIRST, listKey: 'pagina=1' }));
    await waitFor(() => expect(document.querySelector('[aria-busy]')).toBeNull());
    expect(shownIds()).toEqual(ids(FIRST));
    rerender(table({ rows: SECOND, page: 2, listKey: 'pagina=2' }));
    expect(shownIds()).toEqual(ids(SECOND.slice(0, 3)));
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    await waitFor(() => expect(document.querySelector('[aria-busy]')).toBeNull());
    expect(shownIds()).toEqual(ids(SECOND));
  });

  it("renders the same list's rows again whole at once (an action's or a live change: a row past the first stage may hold the focus)", async () => {
    const { rerender } = render(table({ rows: FIRST, listKey: 'pagina=1' }));
    await waitFor(() => expect(document.querySelector('[aria-busy]')).toBeNull());
    const changed = FIRST.map((row) => (row.id === '20' ? { ...row, name: 'Pagador cambiado' } : row));
    rerender(table({ rows: changed, listKey: 'pagina=1' }));
    expect(shownIds()).toEqual(ids(FIRST));
    expect(screen.getByText('Pagador cambiado')).toBeInTheDocument();
  });

  it("selects the whole page with 'select all', and counts the page's rows in the footer from the first stage", async () => {
    const onSelectionChange = vi.fn();
    const { rerender } = render(table({ loading: true, selectable: true, onSelectionChange }));
    rerender(table({ rows: FIRST, selectable: true, onSelectionChange }));
    expect(shownIds()).toHaveLength(3);
    expect(screen.getByText('1–25 de 60')).toBeInTheDocument();
    await waitFor(() => expect(shownIds()).toHaveLength(25));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todas las filas' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith(ids(FIRST));
  });
});

describe('useRowsInStages', () => {
  it("stays busy after its last stage until the grid's DOM shows every row of the page", async () => {
    // The grid takes a new `rows` prop in an effect of its own: the table's last stage is not yet the grid's.
    const box = document.createElement('div');
    document.body.append(box);
    const ref = { current: box };
    const { result, rerender } = renderHook(({ rows }) => useRowsInStages(rows, ref, 48, 44), {
      initialProps: { rows: [] as Row[] },
    });
    rerender({ rows: FIRST });
    expect(result.current.rows).toHaveLength(3);
    expect(result.current).toMatchObject({ busy: true, waiting: 22 });
    await waitFor(() => expect(result.current.rows).toHaveLength(25));
    // The grid has not rendered the rest yet: still busy, the box still as tall as the page.
    expect(result.current).toMatchObject({ busy: true, waiting: 22 });
    act(() => {
      box.append(
        ...FIRST.slice(0, 24).map(() =>
          Object.assign(document.createElement('div'), { className: 'MuiDataGrid-row' }),
        ),
      );
    });
    expect(result.current.busy).toBe(true);
    act(() => {
      box.append(Object.assign(document.createElement('div'), { className: 'MuiDataGrid-row' }));
    });
    await waitFor(() => expect(result.current).toMatchObject({ busy: false, waiting: 0 }));
    box.remove();
  });
});
