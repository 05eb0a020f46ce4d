import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserContext, type Permission } from '@/lib/permissions';
import { SideMenu } from '../side-menu';

// Each entry's renders, counted by its address (by its name in the collapsed menu, whose buttons are not links):
// which entries a navigation renders again.
const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('@mui/material/ListItemButton', async () => {
  const { forwardRef } = await import('react');
  const { default: ListItemButton } = await vi.importActual<typeof import('@mui/material/ListItemButton')>(
    '@mui/material/ListItemButton',
  );
  return {
    default: forwardRef<HTMLElement, { to?: string; 'aria-label'?: string }>(function Counted(props, ref) {
      const name = props.to ?? props['aria-label'];
      if (name) renders.set(name, (renders.get(name) ?? 0) + 1);
      return <ListItemButton ref={ref as never} {...(props as object)} />;
    }),
  };
});

function renderMenu(at: string, collapsed = false) {
  const router = createMemoryRouter([{ path: '*', element: <SideMenu collapsed={collapsed} /> }], {
    initialEntries: [at],
  });
  // Buscar Suscripciones' group shown beside Buscar Pagos'.
  const user = {
    username: 'operador',
    name: null,
    email: null,
    permissions: ['SUBSCRIPTION_UPDATE'] as Permission[],
  };
  render(
    <CurrentUserContext.Provider value={user}>
      <RouterProvider router={router} />
    </CurrentUserContext.Provider>,
  );
  return router;
}

/** An entry's link, by its group's id and its label. */
const entry = (group: string, name: string) => {
  const item = screen
    .getByRole('navigation', { name: 'Menú principal' })
    .querySelector(`[data-menu-group="${group}"]`);
  return within(item as HTMLElement).getByRole('link', { name });
};

describe('the side menu', () => {
  beforeEach(() => {
    renders.clear();
    localStorage.clear();
  });

  it('marks the entry of the address as the current page, and follows a click to its entry', async () => {
    const router = renderMenu('/pagos');
    expect(entry('payments', 'Buscar')).toHaveAttribute('aria-current', 'page');
    expect(entry('payments', 'Buscar')).toHaveClass('Mui-selected');
    expect(entry('payments', 'Buscar')).toHaveAttribute('href', '/pagos');

    fireEvent.click(entry('subscriptions', 'Buscar'));
    expect(router.state.location.pathname).toBe('/suscripciones');
    expect(entry('subscriptions', 'Buscar')).toHaveAttribute('aria-current', 'page');
    expect(entry('payments', 'Buscar')).not.toHaveAttribute('aria-current');
  });

  it('leaves a click with a modifier or the middle button to the browser (a new tab), the address unchanged', () => {
    const router = renderMenu('/pagos');
    for (const click of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      // The browser's own handling is not in the DOM here: the click is not taken over (not prevented).
      expect(fireEvent.click(entry('subscriptions', 'Buscar'), click)).toBe(true);
      expect(router.state.location.pathname).toBe('/pagos');
    }
  });

  it('renders again, on a navigation, only the entries whose group holds the entry selected before or after', async () => {
    const router = renderMenu('/pagos');
    await act(() => router.navigate('/pagos?page=2'));
    await act(() => router.navigate('/pago/1000001'));
    const before = new Map(renders);
    await act(() => router.navigate('/pagos?page=3'));
    // Buscar Pagos' group: its entry selected again.
    expect(renders.get('/pagos')).toBe((before.get('/pagos') ?? 0) + 1);
    // Another group's entry: not rendered again (it was on the first render).
    expect(before.get('/suscripciones')).toBeGreaterThan(0);
    expect(renders.get('/suscripciones')).toBe(before.get('/suscripciones'));
    await act(() => router.navigate('/suscripciones'));
    expect(renders.get('/suscripciones')).toBe((before.get('/suscripciones') ?? 0) + 1);
    expect(renders.get('/pagos')).toBe((before.get('/pagos') ?? 0) + 2);
  });

  it('collapsed, renders again on a navigation only the icons whose group holds the entry selected before or after', async () => {
    const router = renderMenu('/pagos', true);
    // The icons' tooltips come in a chunk of their own, rendering each icon again once it is in.
    await act(async () => {
      await import('@mui/material/Tooltip');
    });
    const before = new Map(renders);
    await act(() => router.navigate('/pagos?page=2'));
    await act(() => router.navigate('/pago/1000001'));
    expect(before.get('Suscripciones · Buscar')).toBeGreaterThan(0);
    expect(renders.get('Suscripciones · Buscar')).toBe(before.get('Suscripciones · Buscar'));
    // Buscar Pagos' icon: no longer selected on the payment's address.
    expect(renders.get('Pagos · Buscar')).toBe((before.get('Pagos · Buscar') ?? 0) + 1);
    fireEvent.click(screen.getByRole('button', { name: 'Suscripciones · Buscar' }));
    expect(router.state.location.pathname).toBe('/suscripciones');
  });
});
