import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { DataTableColumn } from '@/components/data-table/data-table';
import { defineListQuery } from '@/lib/list/list-query';
import { useListPage, type ListPageHandle } from '@/lib/list/use-list-page';
import {
  THINGS,
  thing,
  thingsList,
  thingsRule,
  type ThingChange,
  type ThingsQuery,
} from '@/lib/list/__tests__/fixture';
import BrushIcon from '@mui/icons-material/Brush';
import { useMemo, useState, type ReactNode } from 'react';
import { PreferencesContext, type PreferenceStore } from '@/lib/use-preference';
import TextField from '@mui/material/TextField';
import { FiltersForm } from '@/components/layout/filters-form';
import type { ListFilterFormBinding } from '@/lib/list/use-list-page';
import { ListPage, type ListPageView } from '../list-page';
import { useListBulk, type ListBulk } from '../use-list-bulk';

type Row = ThingsQuery['things']['rows'][number];
type Answer = { rows: string[]; total: number } | Error;

const thingsQuery = defineListQuery({
  list: thingsList,
  document: THINGS,
  variables: (state) => ({ filter: state.colour ? { colour: state.colour } : {}, page: state.page }),
  pageOf: (data) => data.things,
});

const COLUMNS: DataTableColumn<Row>[] = [
  { field: 'id', headerName: 'ID', width: 100 },
  { field: 'colour', headerName: 'COLOR', width: 140 },
  // The default sort's column: a grid without it drops the sort (and the list would go back to page 1).
  { field: 'createdDate', headerName: 'CREADA', width: 120, sortable: true, render: () => '—' },
];

/**
 * A gateway the test answers by hand: every request waits in `pending` until `answer` settles it, so a test
 * sees the screen between a request and its answer.
 */
function fakeGateway() {
  const pending: { page: number; settle: (answer: Answer) => void }[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        pending.push({
          page: Number(operation.variables.page ?? 1),
          settle: (answer) => {
            if (answer instanceof Error) return observer.error(answer);
            observer.next({
              data: {
                things: {
                  __typename: 'ThingPage',
                  total: answer.total,
                  rows: answer.rows.map((id) => thing(id, 'red')),
                },
              },
            });
            observer.complete();
          },
        });
      }),
  );
  const client = new ApolloClient({ cache: new InMemoryCache(), link });
  const answer = async (value: Answer) => {
    await waitFor(() => expect(pending.length).toBeGreaterThan(0));
    const next = pending.shift()!;
    act(() => next.settle(value));
    return next.page;
  };
  return { client, pending, answer };
}

/** A filter form on the handle's binding: a draft colour, applied on 'Buscar'. */
function ColourForm({
  applied,
  onSubmit,
  onClear,
}: ListFilterFormBinding<{ q: string; colour: string | null }>) {
  const [colour, setColour] = useState(applied.colour ?? '');
  return (
    <FiltersForm
      ariaLabel="Filtros de cosas"
      onSubmit={() => onSubmit({ colour: colour || null })}
      onClear={onClear}
    >
      <TextField label="Color" value={colour} onChange={(event) => setColour(event.target.value)} />
    </FiltersForm>
  );
}

let handle: ListPageHandle<object, string, unknown, unknown, Row, ThingChange> | undefined;
let search = '';

type PaintResult = { id: string; outcome: 'SUCCESS' | 'FAILED' | 'UNKNOWN' };
let bulkHandle: ListBulk<'PAINT', Row, string, PaintResult> | undefined;
const NOUN = { one: 'cosa', many: 'cosas', gender: 'feminine' } as const;
const PAINT = { PAINT: { label: 'Pintar', icon: BrushIcon } };
const paintable = () => [{ kind: 'PAINT', enabled: true, permitted: true }];

/** Polls every 200 ms while a row is still 'running'. */
const POLL = { interval: 200, while: (rows: readonly Row[]) => rows.some((row) => row.id === 'running') };

interface ScreenOptions {
  selectable?: boolean;
  bulk?: boolean;
  form?: boolean;
  poll?: boolean;
  /** The failure's title, the empty message and the grid's name left to the noun. */
  textsOfNoun?: boolean;
}

function ThingsScreen({
  selectable = false,
  bulk = false,
  form = false,
  poll = false,
  textsOfNoun = false,
}: ScreenOptions) {
  const page = useListPage(thingsQuery, { rule: thingsRule, poll: poll ? POLL : undefined });
  handle = page as unknown as typeof handle;
  search = useLocation().search;
  const actions = useListBulk<'PAINT', Row, string, PaintResult>(page, {
    kinds: ['PAINT'],
    registry: PAINT,
    noun: NOUN,
    ariaLabel: 'Acciones sobre las cosas seleccionadas',
    actionsOf: paintable,
    allMatching: true,
    clearable: true,
    // A painted thing is blue: it leaves the red list.
    changeOf: (result) => ({ id: result.id, colour: 'blue' }),
  });
  bulkHandle = actions;
  return (
    <ListPage
      page={page}
      title="Cosas"
      errorTitle={textsOfNoun ? undefined : 'No se pudieron cargar las cosas'}
      noun={NOUN}
      totalTestId="things-total"
      bulk={bulk ? actions : undefined}
      filters={form ? <ColourForm key={page.filtersKey} {...page.filterForm} /> : undefined}
      table={
        textsOfNoun
          ? { columns: COLUMNS, selectable }
          : { ariaLabel: 'Cosas', columns: COLUMNS, emptyMessage: 'No se encontraron cosas', selectable }
      }
    />
  );
}

function renderScreen(url: string, options: ScreenOptions = {}) {
  window.sessionStorage.clear();
  const gateway = fakeGateway();
  render(
    <ApolloProvider client={gateway.client}>
      <MemoryRouter initialEntries={[url]}>
        <ThingsScreen {...options} />
      </MemoryRouter>
    </ApolloProvider>,
  );
  return gateway;
}

const grid = () => screen.getByRole('grid', { name: 'Cosas' });
const ids = (count: number) => Array.from({ length: count }, (_, index) => String(index + 1));

describe('useListPage with <ListPage>', () => {
  it('keeps the previous rows on screen while the next page loads, then shows the new ones', async () => {
    const gateway = renderScreen('/cosas?colour=red');
    await gateway.answer({ rows: ids(10), total: 12 });
    expect(await screen.findByTestId('things-total')).toHaveTextContent('12 cosas');
    // The grid lays its rows out after it has measured its width (column fit): wait for them, not for a tick.
    expect(await within(grid()).findByText('10')).toBeInTheDocument();

    act(() => handle!.list.setPage(2));
    await waitFor(() => expect(gateway.pending).toHaveLength(1));
    // Loading page 2: page 1's rows stay, the total too; nothing says "no rows".
    expect(handle!.loading).toBe(true);
    expect(within(grid()).getByText('10')).toBeInTheDocument();
    expect(screen.getByTestId('things-total')).toHaveTextContent('12 cosas');
    expect(screen.queryByText('No se encontraron cosas')).not.toBeInTheDocument();

    expect(await gateway.answer({ rows: ['11', '12'], total: 12 })).toBe(2);
    await waitFor(() => expect(within(grid()).getByText('12')).toBeInTheDocument());
    expect(within(grid()).queryByText('10')).not.toBeInTheDocument();
  });

  it('shows a failure instead of the list, and Reintentar reads it again', async () => {
    const user = userEvent.setup();
    const gateway = renderScreen('/cosas?colour=red');
    await gateway.answer(new Error('Failed to fetch'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron cargar las cosas');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(screen.queryByText('No se encontraron cosas')).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await gateway.answer({ rows: ['1'], total: 1 });
    expect(await screen.findByTestId('things-total')).toHaveTextContent('1 cosa');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('moves a page past the end to the last page, replacing the address', async () => {
    const gateway = renderScreen('/cosas?colour=red&page=5');
    expect(await gateway.answer({ rows: [], total: 12 })).toBe(5);
    await waitFor(() => expect(search).toBe('?colour=red&page=2'));
    expect(await gateway.answer({ rows: ['11', '12'], total: 12 })).toBe(2);
    await waitFor(() => expect(within(grid()).getByText('11')).toBeInTheDocument());
  });

  it('prunes from the selection the rows that left the list after an action', async () => {
    const gateway = renderScreen('/cosas?colour=red', { selectable: true });
    await gateway.answer({ rows: ['1', '2', '3'], total: 3 });
    await screen.findByTestId('things-total');
    act(() => handle!.selection.setSelectedIds(['1', '2']));
    expect(screen.getByTestId('selection-count')).toHaveTextContent('2 cosas seleccionadas');

    // Thing 1 turned blue: it leaves the red list, and the selection.
    act(() => void handle!.afterAction.applyChanges([{ id: '1', colour: 'blue' }]));
    await waitFor(() => expect(handle!.selection.selectedIds).toEqual(['2']));
    expect(screen.getByTestId('selection-count')).toHaveTextContent('1 cosa seleccionada');
    expect(screen.getByTestId('things-total')).toHaveTextContent('2 cosas');
    expect(gateway.pending).toHaveLength(0);
  });

  it('shows the placeholder instead of the list while it has one', () => {
    render(
      <ListPage
        page={
          {
            rows: [],
            total: undefined,
            failure: new Error('Failed to fetch'),
            retry: () => undefined,
            table: {
              rowCount: undefined,
              page: 1,
              pageSize: 10,
              pageSizeOptions: [10],
              onPageChange: () => undefined,
              sort: null,
              onSortChange: () => undefined,
              loading: false,
            },
            selection: {
              selectedIds: [],
              selectedRows: [],
              setSelectedIds: () => undefined,
              deselect: () => undefined,
            },
          } as unknown as ListPageView<Row>
        }
        title="Cosas"
        placeholder={<p>Elija una entidad</p>}
        errorTitle="No se pudieron cargar las cosas"
        table={{ ariaLabel: 'Cosas', columns: COLUMNS, emptyMessage: 'No se encontraron cosas' }}
      />,
    );
    expect(screen.getByText('Elija una entidad')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    const gateway = renderScreen('/cosas?colour=green');
    await gateway.answer({ rows: [], total: 0 });
    expect(await screen.findByText('No se encontraron cosas')).toBeInTheDocument();
    expect(screen.getByTestId('things-total')).toHaveTextContent('0 cosas');
  });

  it('says its failure, its empty list and its grid in its noun’s words when the screen does not', async () => {
    const gateway = renderScreen('/cosas?colour=green', { textsOfNoun: true });
    await gateway.answer({ rows: [], total: 0 });
    expect(await screen.findByText('No se encontraron cosas')).toBeInTheDocument();
    expect(grid()).toBeInTheDocument();
    act(() => handle!.list.setPage(2));
    await gateway.answer(new Error('Failed to fetch'));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar las cosas');
  });

  it('useListBulk: the bulk buttons, "all N matching", and done items leave the list and the selection', async () => {
    const user = userEvent.setup();
    const gateway = renderScreen('/cosas?colour=red', { selectable: true, bulk: true });
    await gateway.answer({ rows: ['1', '2', '3'], total: 5 });
    await screen.findByTestId('things-total');
    expect(screen.queryByText('Deseleccionar')).not.toBeInTheDocument();

    // The whole page ticked and more match: the bar offers every matching row.
    act(() => handle!.selection.setSelectedIds(['1', '2', '3']));
    expect(screen.getByRole('button', { name: 'Pintar' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: /Seleccionar las 5 cosas/ }));
    expect(screen.getByTestId('all-matching-selected')).toHaveTextContent(
      '5 cosas seleccionadas (todas las que coinciden con la búsqueda)',
    );
    expect(screen.queryByTestId('selection-count')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pintar' }));
    expect(bulkHandle!.flow.flow).toMatchObject({ mode: 'bulk', kind: 'PAINT', matching: { count: 5 } });
    act(() => bulkHandle!.flow.close());
    await user.click(screen.getByTestId('all-matching-undo'));
    expect(screen.getByTestId('selection-count')).toHaveTextContent('3 cosas seleccionadas');

    // Thing 1 painted, thing 2 failed: 1 leaves the list and the selection, 2 stays selected.
    act(() =>
      bulkHandle!.onBulkResults([
        { id: '1', outcome: 'SUCCESS' },
        { id: '2', outcome: 'FAILED' },
      ]),
    );
    await waitFor(() => expect(handle!.selection.selectedIds).toEqual(['2', '3']));
    expect(screen.getByTestId('things-total')).toHaveTextContent('4 cosas');
    expect(within(grid()).queryByText('1')).not.toBeInTheDocument();
    expect(gateway.pending).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Pintar' }));
    expect(bulkHandle!.flow.flow).toMatchObject({ mode: 'bulk', items: [{ id: '2' }, { id: '3' }] });
    act(() => bulkHandle!.flow.close());
    await user.click(screen.getByRole('button', { name: 'Deseleccionar' }));
    expect(handle!.selection.selectedIds).toEqual([]);
  });

  it('useListBulk: an unknown outcome reads the list again', async () => {
    const gateway = renderScreen('/cosas?colour=red', { selectable: true, bulk: true });
    await gateway.answer({ rows: ['1', '2'], total: 2 });
    await screen.findByTestId('things-total');
    act(() => bulkHandle!.onBulkResults([{ id: '1', outcome: 'UNKNOWN' }]));
    await gateway.answer({ rows: ['1', '2'], total: 2 });
    expect(gateway.pending).toHaveLength(0);
  });

  it('binds a filter form: it applies on Buscar, and a change from elsewhere replaces its draft', async () => {
    const user = userEvent.setup();
    const gateway = renderScreen('/cosas?colour=red', { form: true });
    await gateway.answer({ rows: ['1'], total: 1 });
    const field = screen.getByRole('textbox', { name: 'Color' });
    expect(field).toHaveValue('red');
    await user.clear(field);
    await user.type(field, 'blue');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(search).toBe('?colour=blue'));
    await gateway.answer({ rows: [], total: 0 });

    await user.type(screen.getByRole('textbox', { name: 'Color' }), 'ish');
    act(() => handle!.list.setFilters({ colour: 'green' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Color' })).toHaveValue('green'));
  });

  it('reads the list again quietly while a row says so, and stops when none does', async () => {
    const gateway = renderScreen('/cosas?colour=red', { poll: true });
    await gateway.answer({ rows: ['1', 'running'], total: 2 });
    await screen.findByTestId('things-total');
    // The poll's request: the rows stay on screen and nothing shows as loading.
    await waitFor(() => expect(gateway.pending).toHaveLength(1), { timeout: 10_000 });
    expect(handle!.loading).toBe(false);
    expect(within(grid()).getByText('running')).toBeInTheDocument();
    await gateway.answer({ rows: ['1', 'running'], total: 2 });
    await waitFor(() => expect(gateway.pending).toHaveLength(1), { timeout: 10_000 });
    await gateway.answer({ rows: ['1', '2'], total: 2 });
    await waitFor(() => expect(within(grid()).getByText('2')).toBeInTheDocument());
    // Polling stopped with the last running row: a reload is the only next request.
    act(() => handle!.retry());
    expect(await gateway.answer({ rows: ['1', '2'], total: 2 })).toBe(1);
    expect(gateway.pending).toHaveLength(0);
  });
});

/** The operator's preferences in memory (the app's are the gateway's store): what was written, by key. */
function MemoryPreferences({
  written,
  loaded = true,
  kept = new Map(),
  children,
}: {
  written: Map<string, unknown>;
  /** False: asked of the store, not answered yet (the browser's kept copy meanwhile). */
  loaded?: boolean;
  /** The browser's last copy, shown until the store answers. */
  kept?: ReadonlyMap<string, unknown>;
  children: ReactNode;
}) {
  const [values, setValues] = useState(() => new Map(written));
  const store = useMemo<PreferenceStore>(
    () => ({
      useGroup: () => ({ loaded, value: (key) => (loaded ? values : kept).get(key) }),
      set: (key, value) => {
        written.set(key, value);
        setValues(new Map(written));
      },
      // As the gateway's store: the changed entries into what it holds (another tab's entries stay).
      merge: (key, _next, changes) => {
        const merged = { ...(written.get(key) as object | undefined), ...changes };
        for (const [entry, value] of Object.entries(changes))
          if (value === null) delete (merged as Record<string, unknown>)[entry];
        written.set(key, Object.keys(merged).length ? merged : null);
        setValues(new Map(written));
      },
    }),
    [values, written, loaded, kept],
  );
  return <PreferencesContext.Provider value={store}>{children}</PreferencesContext.Provider>;
}

describe("<ListPage>'s Columnas and Vistas", () => {
  const headers = () =>
    within(grid())
      .getAllByRole('columnheader')
      .map((header) => header.textContent);

  /**
   * /cosas with its rows and COLOR shown, then 'Columnas' pressed; `meanwhile` changes the store after the screen
   * read it (another tab's write).
   */
  async function openColumnsPanel(meanwhile?: (written: Map<string, unknown>) => void) {
    const user = userEvent.setup();
    const written = new Map<string, unknown>();
    window.sessionStorage.clear();
    const gateway = fakeGateway();
    render(
      <ApolloProvider client={gateway.client}>
        <MemoryPreferences written={written}>
          <MemoryRouter initialEntries={['/cosas?colour=red']}>
            <ThingsScreen />
          </MemoryRouter>
        </MemoryPreferences>
      </ApolloProvider>,
    );
    await gateway.answer({ rows: ['1'], total: 1 });
    await waitFor(() => expect(headers()).toContain('COLOR'));
    meanwhile?.(written);
    await user.click(screen.getByRole('button', { name: 'Columnas' }));
    return { user, written };
  }

  it("hides a column, kept as the list's preference (list.<area>.columns), and restores the default", async () => {
    const { user, written } = await openColumnsPanel();
    const panel = await screen.findByRole('dialog', { name: 'Columnas' });
    await user.click(within(panel).getByRole('checkbox', { name: 'COLOR' }));
    expect(written.get('list.things.columns')).toEqual({ colour: false });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(headers()).not.toContain('COLOR'));
    await user.click(screen.getByRole('button', { name: 'Columnas' }));
    const again = await screen.findByRole('dialog', { name: 'Columnas' });
    expect(within(again).getByRole('checkbox', { name: 'COLOR' })).not.toBeChecked();
    await user.click(within(again).getByRole('button', { name: 'Restablecer columnas' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(headers()).toContain('COLOR'));
    expect(written.get('list.things.columns')).toBeNull();
  });

  it("hiding a column writes that column's choice only: another tab's choice made meanwhile stays", async () => {
    // Another tab of the operator hid CREADA once this one had read its columns; this one has not read them again.
    const { user, written } = await openColumnsPanel((shown) =>
      shown.set('list.things.columns', { createdDate: false }),
    );
    const panel = await screen.findByRole('dialog', { name: 'Columnas' });
    await user.click(within(panel).getByRole('checkbox', { name: 'COLOR' }));
    expect(written.get('list.things.columns')).toEqual({ createdDate: false, colour: false });
  });

  it("shows the rows at once with the kept copy; the store's copy re-applies columns, keeping rows and selection", async () => {
    const user = userEvent.setup();
    // The store says COLOR and CREADA are hidden; this browser's last copy knew only of COLOR.
    const written = new Map<string, unknown>([
      ['list.things.columns', { colour: false, createdDate: false }],
    ]);
    const kept = new Map<string, unknown>([['list.things.columns', { colour: false }]]);
    window.sessionStorage.clear();
    const gateway = fakeGateway();
    const screenWith = (loaded: boolean) => (
      <ApolloProvider client={gateway.client}>
        <MemoryPreferences written={written} loaded={loaded} kept={kept}>
          <MemoryRouter initialEntries={['/cosas?colour=red']}>
            <ThingsScreen selectable />
          </MemoryRouter>
        </MemoryPreferences>
      </ApolloProvider>
    );
    const { rerender } = render(screenWith(false));
    await gateway.answer({ rows: ['1', '2'], total: 2 });
    // The preferences have not arrived: the rows, the count and the kept copy's columns show all the same.
    expect(await within(grid()).findByText('2')).toBeInTheDocument();
    expect(screen.getByTestId('things-total')).toHaveTextContent('2 cosas');
    expect(headers()).toContain('CREADA');
    expect(headers()).not.toContain('COLOR');
    await user.click(within(grid()).getAllByRole('checkbox', { name: /seleccionar fila/i })[1]!);
    await waitFor(() => expect(handle!.selection.selectedIds).toEqual(['2']));
    const shown = grid();
    // The operator scrolled the rows (jsdom lays nothing out: the scroller keeps the offset it is given).
    const scroller = shown.querySelector<HTMLElement>('.MuiDataGrid-virtualScroller')!;
    scroller.scrollTop = 36;

    rerender(screenWith(true));
    await waitFor(() => expect(headers()).not.toContain('CREADA'));
    expect(headers()).not.toContain('COLOR');
    // The same grid (its scroll with it), its rows and selection; no request for the rows again.
    expect(grid()).toBe(shown);
    expect(shown.querySelector('.MuiDataGrid-virtualScroller')).toBe(scroller);
    expect(scroller.scrollTop).toBe(36);
    expect(within(grid()).getByText('1')).toBeInTheDocument();
    expect(within(grid()).getByText('2')).toBeInTheDocument();
    expect(handle!.selection.selectedIds).toEqual(['2']);
    expect(within(grid()).getAllByRole('checkbox', { name: /seleccionar fila/i })[1]).toBeChecked();
    expect(gateway.pending).toHaveLength(0);
  });

  it('saves the filters and sort as a view (list.<area>.views); choosing it brings back the same address', async () => {
    const user = userEvent.setup();
    const written = new Map<string, unknown>();
    window.sessionStorage.clear();
    const gateway = fakeGateway();
    render(
      <ApolloProvider client={gateway.client}>
        <MemoryPreferences written={written}>
          <MemoryRouter initialEntries={['/cosas?colour=red&sort=created_date%3Aasc&page=2']}>
            <ThingsScreen />
          </MemoryRouter>
        </MemoryPreferences>
      </ApolloProvider>,
    );
    await gateway.answer({ rows: ['11'], total: 11 });
    await user.click(screen.getByRole('button', { name: 'Vistas' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Guardar vista actual…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Guardar vista actual' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre' }), 'Rojas{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // One entry per view, by its id, with when it was saved.
    const views = written.get('list.things.views') as Record<string, unknown>;
    expect(Object.values(views)).toEqual([
      { name: 'Rojas', params: 'colour=red&sort=created_date%3Aasc', at: expect.any(Number) as number },
    ]);

    act(() => handle!.list.clear());
    await waitFor(() => expect(search).toBe(''));
    await user.click(screen.getByRole('button', { name: 'Vistas' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rojas' }));
    await waitFor(() => expect(search).toBe('?colour=red&sort=created_date%3Aasc'));
  });
});
