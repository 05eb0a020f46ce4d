import { Profiler, useLayoutEffect, type ReactNode } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserContext } from '@/lib/permissions';
import { ShellLayout } from '../shell-layout';

// "Render only what changes": the shell's bar is rendered again only when what it shows changes, never for
// a change of the address (a list's page or filter) or a shortcut's dialog. The bar is counted with React's
// Profiler; the menu, the data layer and the search dialog are stand-ins (they need a session and a server).
const count = vi.hoisted(() => ({ topBar: 0 }));

vi.mock('../top-bar', async () => {
  const { Profiler: CountingProfiler } = await import('react');
  return {
    TopBar: ({ onOpenSearch, contents }: { onOpenSearch: () => void; contents?: boolean }) => (
      <CountingProfiler id="top-bar" onRender={() => (count.topBar += 1)}>
        {contents !== false && (
          <button type="button" onClick={onOpenSearch}>
            Buscar… Ctrl K
          </button>
        )}
      </CountingProfiler>
    ),
  };
});
vi.mock('../side-menu', () => ({ SideMenu: () => <nav aria-label="Menú principal" /> }));
// A desktop's window: the menu is the permanent drawer's (a narrow window's opens on demand).
vi.mock('@mui/material/useMediaQuery', () => ({ default: () => true }));
vi.mock('../../data-layer', () => ({
  DataBoundary: ({ children }: { children: React.ReactNode }) => children,
}));
vi.mock('../../search/search-dialog', () => ({
  default: ({ open }: { open: boolean }) =>
    open ? <div role="dialog" aria-label="Buscar en el back-office" /> : null,
}));

function renderShell(pagos: ReactNode = <h1>Pagos</h1>) {
  const screenRenders = { count: 0 };
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <ShellLayout />,
        children: [
          {
            path: 'pagos',
            handle: { title: 'Buscar Pagos' },
            element: (
              <Profiler id="screen" onRender={() => (screenRenders.count += 1)}>
                {pagos}
              </Profiler>
            ),
          },
          { path: 'lotes', handle: { title: 'Lotes' }, element: <h1>Lotes</h1> },
        ],
      },
    ],
    { initialEntries: ['/pagos'] },
  );
  // The kept lists (kept-outlet.tsx) keep only what the user may open.
  const user = { username: 'operador', name: null, email: null, permissions: [] };
  render(
    <CurrentUserContext.Provider value={user}>
      <RouterProvider router={router} />
    </CurrentUserContext.Provider>,
  );
  return { router, screenRenders };
}

describe('the shell renders only what changes', () => {
  let scrollTo: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    count.topBar = 0;
    scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => scrollTo.mockRestore());

  it("does not render the top bar again when the address changes (a list's page), and still titles and scrolls", async () => {
    const { router } = renderShell();
    await screen.findByRole('heading', { name: 'Pagos' });
    expect(document.title).toBe('Buscar Pagos · Back-office');
    const before = count.topBar;
    expect(before).toBeGreaterThan(0);
    const scrolls = scrollTo.mock.calls.length;

    await act(() => router.navigate('/pagos?page=2&sort=amount'));
    await act(() => router.navigate('/pagos?page=3'));
    expect(count.topBar).toBe(before);
    // Same screen: no scroll to the top (the list scrolls itself to its bar).
    expect(scrollTo.mock.calls.length).toBe(scrolls);

    await act(() => router.navigate('/lotes'));
    await screen.findByRole('heading', { name: 'Lotes' });
    expect(document.title).toBe('Lotes · Back-office');
    expect(scrollTo.mock.calls.length).toBe(scrolls + 1);
    expect(count.topBar).toBe(before);
  });

  it('opens the search with Ctrl+K and from the bar without rendering the bar or the screen again', async () => {
    const { screenRenders } = renderShell();
    await screen.findByRole('heading', { name: 'Pagos' });
    const before = { topBar: count.topBar, screen: screenRenders.count };

    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    expect(await screen.findByRole('dialog', { name: 'Buscar en el back-office' })).toBeInTheDocument();
    expect(count.topBar).toBe(before.topBar);
    expect(screenRenders.count).toBe(before.screen);
  });

  it("opens the search from the bar's box (the bar's handler reaches the dialogs' own state)", async () => {
    renderShell();
    fireEvent.click(await screen.findByRole('button', { name: 'Buscar… Ctrl K' }));
    expect(await screen.findByRole('dialog', { name: 'Buscar en el back-office' })).toBeInTheDocument();
  });

  it("commits the routed screen before the bar's and the menu's contents, which follow in the next render", async () => {
    // The bar and the menu would be a third of a document's first render, before its list's rows.
    const atScreenCommit: { menu: boolean; bar: boolean }[] = [];
    function Screen() {
      useLayoutEffect(() => {
        atScreenCommit.push({
          menu: document.querySelector('nav[aria-label="Menú principal"]') !== null,
          bar: screen.queryByRole('button', { name: 'Buscar… Ctrl K' }) !== null,
        });
      }, []);
      return <h1>Pagos</h1>;
    }
    renderShell(<Screen />);
    expect(await screen.findByRole('navigation', { name: 'Menú principal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buscar… Ctrl K' })).toBeInTheDocument();
    expect(atScreenCommit).toEqual([{ menu: false, bar: false }]);
  });
});
