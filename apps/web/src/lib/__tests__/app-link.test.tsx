import { act, fireEvent, render, screen } from '@testing-library/react';
import {
  createMemoryRouter,
  Link,
  RouterProvider,
  UNSAFE_NavigationContext,
  useNavigate,
  type To,
} from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppLink, useAppNavigate } from '../app-link';

function renderLinks(at: string, link = <AppLink to="/pago/7">Pago 7</AppLink>) {
  const router = createMemoryRouter([{ path: '*', element: link }], { initialEntries: [at] });
  render(<RouterProvider router={router} />);
  return { router };
}

const link = () => screen.getByRole('link', { name: 'Pago 7' });

describe('AppLink', () => {
  it('is a link to its address that a plain click follows inside the app', () => {
    const { router } = renderLinks('/pagos');
    expect(link()).toHaveAttribute('href', '/pago/7');
    expect(fireEvent.click(link())).toBe(false);
    expect(router.state.location.pathname).toBe('/pago/7');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('replaces the history entry when it names the address shown, as React Router’s Link does', () => {
    window.history.replaceState(null, '', '/pago/7');
    const { router } = renderLinks('/pago/7');
    fireEvent.click(link());
    expect(router.state.historyAction).toBe('REPLACE');
    window.history.replaceState(null, '', '/');
  });

  it('leaves to the browser a click with a modifier, another button, or on a link with another target', () => {
    const { router } = renderLinks('/pagos');
    for (const click of [
      { ctrlKey: true },
      { metaKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
    ]) {
      expect(fireEvent.click(link(), click)).toBe(true);
    }
    expect(router.state.location.pathname).toBe('/pagos');
  });

  it('leaves to the browser a click on a link that opens elsewhere', () => {
    const { router } = renderLinks(
      '/pagos',
      <AppLink to="/pago/7" target="_blank">
        Pago 7
      </AppLink>,
    );
    expect(fireEvent.click(link())).toBe(true);
    expect(router.state.location.pathname).toBe('/pagos');
  });

  it('reads nothing of the router but its navigator (not the address or the route, which change on every navigation)', () => {
    const pushed: string[] = [];
    const navigator = {
      push: (to: To) => void pushed.push(String(to)),
      replace: () => undefined,
      go: () => undefined,
      createHref: (to: To) => String(to),
    };
    // The navigator alone, no router around it.
    const context = { basename: '/', navigator, static: false, future: {}, useTransitions: false };
    render(
      <UNSAFE_NavigationContext.Provider value={context}>
        <AppLink to="/pago/7">Pago 7</AppLink>
      </UNSAFE_NavigationContext.Provider>,
    );
    fireEvent.click(link());
    expect(pushed).toEqual(['/pago/7']);
    // React Router's Link with the same context throws: it needs the address ("useHref() may be used only in the
    // context of a <Router> component").
    expect(() =>
      render(
        <UNSAFE_NavigationContext.Provider value={context}>
          <Link to="/pago/8">Pago 8</Link>
        </UNSAFE_NavigationContext.Provider>,
      ),
    ).toThrow(/<Router>/);
  });

  it('useAppNavigate goes to an address and renders nothing again as the router moves, where useNavigate does', async () => {
    const renders = { app: 0, router: 0 };
    let go: ((to: string) => void) | undefined;
    function WithAppNavigate() {
      renders.app += 1;
      go = useAppNavigate();
      return null;
    }
    function WithRouterNavigate() {
      renders.router += 1;
      useNavigate();
      return null;
    }
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <>
              <WithAppNavigate />
              <WithRouterNavigate />
            </>
          ),
        },
      ],
      { initialEntries: ['/pagos'] },
    );
    render(<RouterProvider router={router} />);
    const before = { ...renders };
    await act(async () => go!('/pago/7'));
    expect(router.state.location.pathname).toBe('/pago/7');
    expect(router.state.historyAction).toBe('PUSH');
    await act(() => router.navigate('/lotes'));
    expect(renders.app).toBe(before.app);
    expect(renders.router).toBeGreaterThan(before.router);
  });
});
