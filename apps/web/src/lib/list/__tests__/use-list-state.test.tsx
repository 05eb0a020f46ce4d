import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { useEffect, useState, type ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListPageClamp, useListSelection, useListState } from '../use-list-state';
import { thingsList } from './fixture';

/** Renders the hook at `url`, exposing the router's current address and navigate. */
function renderList(url: string, total?: () => number | undefined) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => {
      const list = useListState(thingsList);
      useListPageClamp(list, total?.());
      return { list, location: useLocation(), navigate: useNavigate() };
    },
    { wrapper },
  );
}

const saved = () => window.sessionStorage.getItem('things.list');

describe('useListState', () => {
  it('reads the list from the address and saves it in session storage', async () => {
    const { result } = renderList('/things?colour=red&page=2');
    expect(result.current.list.state).toMatchObject({ colour: 'red', page: 2 });
    await waitFor(() => expect(saved()).toBe(JSON.stringify('colour=red&page=2')));
  });

  it('a filter change returns to page 1 and writes the address (a new history entry)', async () => {
    const { result } = renderList('/things?colour=red&page=3');
    act(() => result.current.list.setFilters({ q: 'ana' }));
    expect(result.current.list.state).toMatchObject({ q: 'ana', colour: 'red', page: 1 });
    await waitFor(() => expect(result.current.location.search).toBe('?q=ana&colour=red'));
    act(() => result.current.navigate(-1));
    await waitFor(() => expect(result.current.list.state).toMatchObject({ q: '', page: 3 }));
  });

  it('an address naming no list restores the last list of the tab and rewrites the address', async () => {
    window.sessionStorage.setItem('things.list', JSON.stringify('colour=blue&page=4'));
    const { result } = renderList('/things');
    expect(result.current.list.state).toMatchObject({ colour: 'blue', page: 4 });
    await waitFor(() => expect(result.current.location.search).toBe('?colour=blue&page=4'));
  });

  it('a return to the default sort is saved like any other change (a reload keeps it)', async () => {
    const { result } = renderList('/things?sort=name:desc');
    await waitFor(() => expect(saved()).toBe(JSON.stringify('sort=name%3Adesc')));
    act(() => result.current.list.setSort(null));
    await waitFor(() => expect(result.current.location.search).toBe(''));
    expect(saved()).toBeNull();
  });

  it("counts each 'Limpiar', even when the list already had its defaults", () => {
    const { result } = renderList('/things');
    expect(result.current.list.clears).toBe(0);
    act(() => result.current.list.clear());
    act(() => result.current.list.clear());
    expect(result.current.list.clears).toBe(2);
  });

  it('ignores a saved value that names no list', async () => {
    window.sessionStorage.setItem('things.list', JSON.stringify('utm=x'));
    const { result } = renderList('/things');
    expect(result.current.list.state).toMatchObject({ colour: null, page: 1 });
    expect(saved()).toBeNull();
  });

  it('an entry link forgets the saved list, saves its own and leaves the address without parameters', async () => {
    window.sessionStorage.setItem('things.list', JSON.stringify('q=old&page=7'));
    const { result } = renderList('/things?color=green');
    expect(result.current.list.state).toMatchObject({ q: '', colour: 'green', page: 1 });
    await waitFor(() => expect(result.current.location.search).toBe(''));
    expect(saved()).toBe(JSON.stringify('colour=green'));
    // The bare address shows the entry's list as it is (not rewritten to it) until the operator changes it.
    expect(result.current.list.state).toMatchObject({ q: '', colour: 'green', page: 1 });
    act(() => result.current.list.setPage(2));
    await waitFor(() => expect(result.current.location.search).toBe('?colour=green&page=2'));
  });

  it('saves a new search in session storage the moment it is made, before the address commits', async () => {
    const { result } = renderList('/things?colour=red&page=3');
    await waitFor(() => expect(saved()).toBe(JSON.stringify('colour=red&page=3')));
    let savedAtOnce: string | null = null;
    act(() => {
      result.current.list.setFilters({ q: 'ana' });
      savedAtOnce = saved();
    });
    expect(savedAtOnce).toBe(JSON.stringify('q=ana&colour=red'));
  });

  it('shows a change at once and keeps acting on it before the address catches up', () => {
    const { result } = renderList('/things?page=2');
    act(() => {
      result.current.list.setPage(3);
    });
    expect(result.current.list.state.page).toBe(3);
    act(() => result.current.list.setSort({ field: 'NAME', direction: 'ASC' }));
    expect(result.current.list.state).toMatchObject({ page: 1, sort: { field: 'NAME', direction: 'ASC' } });
  });

  it('clear goes back to the default filters and keeps the page size', async () => {
    const { result } = renderList('/things?colour=red&page_size=25&page=2');
    act(() => result.current.list.clear());
    await waitFor(() => expect(result.current.location.search).toBe('?page_size=25'));
  });

  it('a page past the end moves to the last page, replacing the history entry', async () => {
    const total: { value?: number } = {};
    const { result, rerender } = renderList('/things?page=9', () => total.value);
    expect(result.current.list.state.page).toBe(9);
    total.value = 23;
    rerender();
    await waitFor(() => expect(result.current.list.state.page).toBe(3));
    await waitFor(() => expect(result.current.location.search).toBe('?page=3'));
  });

  it('an empty list or an unknown total moves nowhere', () => {
    let total: number | undefined = 0;
    const { result, rerender } = renderList('/things?page=4', () => total);
    total = undefined;
    rerender();
    expect(result.current.list.state.page).toBe(4);
  });
});

describe('useListSelection', () => {
  const rows = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

  it('keeps only ids still shown, starts empty on a new list view, and deselects', () => {
    const { result, rerender } = renderHook(({ key, shown }) => useListSelection(key, shown), {
      initialProps: { key: 'page=1', shown: rows },
    });
    act(() => result.current.setSelectedIds(['a', 'c']));
    expect(result.current.selectedRows).toEqual([{ id: 'a' }, { id: 'c' }]);
    rerender({ key: 'page=1', shown: [{ id: 'a' }, { id: 'b' }] });
    expect(result.current.selectedIds).toEqual(['a']);
    act(() => result.current.deselect(['a']));
    expect(result.current.selectedIds).toEqual([]);
    act(() => result.current.setSelectedIds(['b']));
    rerender({ key: 'page=2', shown: rows });
    expect(result.current.selectedIds).toEqual([]);
  });
});

/**
 * A list screen whose chunk arrives while the operator is already opening another address: React commits its first
 * render with the previous location (the router's move is a transition), so its effects run after the router left.
 * `total` is the clamp's total (a page past the end when given).
 */
async function screenShownAsTheOperatorLeaves(url: string, total?: number) {
  let arrive!: () => void;
  const chunk = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  function LazyThings() {
    const [ready, setReady] = useState(false);
    useEffect(() => {
      void chunk.then(() => setReady(true));
    }, []);
    return ready ? <ThingsScreen total={total} /> : <p>cargando</p>;
  }
  const router = createMemoryRouter(
    [
      { path: '/things', element: <LazyThings /> },
      { path: '/other', element: <p>otra</p> },
    ],
    { initialEntries: [url] },
  );
  const addresses: string[] = [];
  router.subscribe((state) => addresses.push(`${state.location.pathname}${state.location.search}`));
  render(<RouterProvider router={router} />);
  await act(async () => {
    void router.navigate('/other');
    arrive();
  });
  await screen.findByText('otra');
  return { router, addresses };
}

describe('useListState while the operator leaves', () => {
  it("a screen first shown as the router moves on does not give the next address its saved list's query", async () => {
    window.sessionStorage.setItem('things.list', JSON.stringify('colour=blue&page=4'));
    const { router, addresses } = await screenShownAsTheOperatorLeaves('/things');
    expect(addresses).toEqual(['/other']);
    expect(router.state.location.search).toBe('');
  });

  it('nor its page clamp (a page past the end)', async () => {
    const { router, addresses } = await screenShownAsTheOperatorLeaves('/things?page=9', 30);
    expect(addresses).toEqual(['/other']);
    expect(router.state.location.search).toBe('');
  });

  it('while the router stays, the same screen rewrites its address and clamps its page as before', async () => {
    window.sessionStorage.setItem('things.list', JSON.stringify('colour=blue&page=4'));
    const router = createMemoryRouter([{ path: '/things', element: <ThingsScreen total={30} /> }], {
      initialEntries: ['/things'],
    });
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(router.state.location.search).toBe('?colour=blue&page=3'));
  });
});

describe('a change of the list the router had not shown when the operator left', () => {
  /** A list screen showing the list it reads, with a button that changes its filters. */
  function ShownList() {
    const list = useListState(thingsList);
    return (
      <>
        <output aria-label="lista">{list.key}</output>
        <button onClick={() => list.setFilters({ colour: 'blue' })}>Azul</button>
      </>
    );
  }

  it('is dropped: back at the address it left, the screen shows that list, not the change', async () => {
    const router = createMemoryRouter(
      [
        { path: '/things', element: <ShownList /> },
        { path: '/other', element: <p>otra</p> },
      ],
      { initialEntries: ['/things?colour=red'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByLabelText('lista').textContent).toBe('colour=red');
    // The change, then away and back before React renders any of it (one act): its transition never commits.
    await act(async () => {
      screen.getByRole('button', { name: 'Azul' }).click();
      void router.navigate('/other');
      await router.navigate('/things?colour=red');
    });
    expect(router.state.location.search).toBe('?colour=red');
    expect(screen.getByLabelText('lista').textContent).toBe('colour=red');
    // The same change made again is a change (it shows, and moves the address).
    await act(async () => screen.getByRole('button', { name: 'Azul' }).click());
    expect(screen.getByLabelText('lista').textContent).toBe('colour=blue');
    await waitFor(() => expect(router.state.location.search).toBe('?colour=blue'));
  });

  it('while the router stays at its address, the change shows before the address commits', () => {
    const router = createMemoryRouter([{ path: '/things', element: <ShownList /> }], {
      initialEntries: ['/things?colour=red'],
    });
    render(<RouterProvider router={router} />);
    act(() => screen.getByRole('button', { name: 'Azul' }).click());
    expect(screen.getByLabelText('lista').textContent).toBe('colour=blue');
  });
});

describe("a dialog's parameters (`dialogParams`): the screen's, never the list's", () => {
  const withDialog = { ...thingsList, dialogParams: ['abrir'] };
  const renderWithDialog = (url: string) =>
    renderHook(() => ({ list: useListState(withDialog), location: useLocation() }), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
      ),
    });

  it.each([
    {
      when: 'the address names the list',
      url: '/things?colour=red&abrir=7',
      list: 'colour=red',
      address: '?colour=red&abrir=7',
    },
    {
      when: 'the address naming no list is rewritten to the last list of the tab',
      before: 'colour=blue&page=4',
      url: '/things?abrir=7',
      list: 'colour=blue&page=4',
      address: '?colour=blue&page=4&abrir=7',
    },
    {
      when: 'the list changes',
      url: '/things?colour=red&abrir=7',
      change: { q: 'ana' },
      list: 'q=ana&colour=red',
      address: '?q=ana&colour=red&abrir=7',
    },
  ])('are neither read nor saved, and stay in the address when $when', async (example) => {
    if (example.before) window.sessionStorage.setItem('things.list', JSON.stringify(example.before));
    const { result } = renderWithDialog(example.url);
    if (example.change) act(() => result.current.list.setFilters(example.change));
    expect(result.current.list.key).toBe(example.list);
    await waitFor(() => expect(result.current.location.search).toBe(example.address));
    expect(saved()).toBe(JSON.stringify(example.list));
  });
});

/** A list screen on `useListState` with its page clamp (`total`: the list's total, when known). */
function ThingsScreen({ total }: { total?: number }) {
  const list = useListState(thingsList);
  useListPageClamp(list, total);
  return <p>cosas</p>;
}
