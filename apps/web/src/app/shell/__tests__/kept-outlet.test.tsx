import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CurrentUserContext, type Permission } from '@/lib/permissions';
import { APP_ROUTES } from '../../routes';
import { isKeptScreenMounted, KEPT_SCREENS, KeptOutlet } from '../kept-outlet';

/**
 * A list screen that counts its mounts (its state made: an effect would count each time it is shown, Activity runs
 * them again) and keeps what the operator typed in its own state.
 */
const mounts: Record<string, number> = {};
function ListScreen({ name }: { name: string }) {
  useState(() => {
    mounts[name] = (mounts[name] ?? 0) + 1;
  });
  const [typed, setTyped] = useState('');
  const { search } = useLocation();
  return (
    <section aria-label={name}>
      <input aria-label={`Buscar en ${name}`} value={typed} onChange={(e) => setTyped(e.target.value)} />
      <output aria-label={`Dirección de ${name}`}>{search}</output>
    </section>
  );
}

/** Four kept lists of the route manifest (routes.ts `kept`) and a detail that is not kept. */
const LISTS = ['/pagos', '/suscripciones', '/comercios', '/pagadores'] as const;

/** Every permission a route asks for: the operator may open every list. */
const ALL = [
  ...new Set(APP_ROUTES.flatMap((route) => [...(route.rule?.any ?? []), ...(route.rule?.all ?? [])])),
];

function show(router: ReturnType<typeof makeRouter>, permissions: readonly Permission[] = ALL) {
  render(
    <CurrentUserContext.Provider value={{ username: 'admin', name: null, email: null, permissions }}>
      <RouterProvider router={router} />
    </CurrentUserContext.Provider>,
  );
}

function makeRouter(initial: string) {
  return createMemoryRouter(
    [
      {
        element: <KeptOutlet />,
        children: [
          ...LISTS.map((path) => ({ path, element: <ListScreen key={path} name={path} /> })),
          { path: '/pago/:id', element: <p>Detalle del pago</p> },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
}

const typeIn = (name: string, text: string) => {
  const input = screen.getByLabelText<HTMLInputElement>(`Buscar en ${name}`);
  act(() => {
    input.focus();
    // React's onChange listens to the native input event.
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setValue.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
};

const jsdomScrollTo = window.scrollTo;
beforeEach(() => {
  window.scrollTo = (() => undefined) as typeof window.scrollTo; // jsdom has none: the scroll test records its own
});
afterEach(() => {
  window.scrollTo = jsdomScrollTo;
  for (const key of Object.keys(mounts)) delete mounts[key];
});

describe('KeptOutlet (back to a list shows it at once, as it was left)', () => {
  it('keeps a list mounted and hidden while a detail is open, and shows it again as it was', async () => {
    const router = makeRouter('/pagos?estado=APPROVED');
    show(router);
    typeIn('/pagos', 'maria');

    await act(() => router.navigate('/pago/1000001'));
    expect(screen.getByText('Detalle del pago')).toBeVisible();
    // Out of the document (nothing that searches the page meets it), still mounted: known to the router's loaders.
    expect(screen.queryByLabelText('Buscar en /pagos')).toBeNull();
    expect(isKeptScreenMounted('/pagos')).toBe(true);

    await act(() => router.navigate(-1));
    expect(screen.queryByText('Detalle del pago')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Buscar en /pagos')).toBeVisible();
    expect(screen.getByLabelText<HTMLInputElement>('Buscar en /pagos').value).toBe('maria');
    expect(mounts['/pagos']).toBe(1); // not mounted again
    router.dispose();
  });

  it('shows a kept list again through a link to its bare address, which it then reads', async () => {
    const router = makeRouter('/pagos?estado=APPROVED');
    show(router);
    await act(() => router.navigate('/pago/1'));
    await act(() => router.navigate('/pagos'));
    expect(screen.getByLabelText('Dirección de /pagos')).toBeVisible();
    expect(screen.getByLabelText('Dirección de /pagos').textContent).toBe('');
    expect(mounts['/pagos']).toBe(1);
    router.dispose();
  });

  it('opens a kept list anew at the address of another list of it (a link with other filters)', async () => {
    const router = makeRouter('/pagos?estado=APPROVED');
    show(router);
    typeIn('/pagos', 'maria');
    await act(() => router.navigate('/pago/1'));
    await act(() => router.navigate('/pagos?estado=CANCELLED'));
    expect(mounts['/pagos']).toBe(2);
    expect(screen.getByLabelText<HTMLInputElement>('Buscar en /pagos').value).toBe('');
    expect(screen.getByLabelText('Dirección de /pagos').textContent).toBe('?estado=CANCELLED');
    // Its own changes of address keep it.
    await act(() => router.navigate('/pagos?estado=APPROVED'));
    expect(mounts['/pagos']).toBe(2);
    router.dispose();
  });

  describe('left right after a change of its list, before the screen showed it (the router then commits only the way out)', () => {
    /** Changes the list and leaves at once: both navigations in one act, so React renders only the second. */
    async function changeAndLeave(router: ReturnType<typeof makeRouter>) {
      await act(async () => {
        void router.navigate('/pagos?estado=CANCELLED');
        await router.navigate('/pago/1');
      });
      expect(screen.getByText('Detalle del pago')).toBeVisible();
    }

    it('a link to the list shown before the change opens it anew: what was left is the changed list', async () => {
      const router = makeRouter('/pagos?estado=APPROVED');
      show(router);
      typeIn('/pagos', 'maria');
      await changeAndLeave(router);
      await act(() => router.navigate('/pagos?estado=APPROVED'));
      expect(mounts['/pagos']).toBe(2);
      expect(screen.getByLabelText<HTMLInputElement>('Buscar en /pagos').value).toBe('');
      expect(screen.getByLabelText('Dirección de /pagos').textContent).toBe('?estado=APPROVED');
      router.dispose();
    });

    it("the browser's back to the changed list shows the kept screen, given that address", async () => {
      const router = makeRouter('/pagos?estado=APPROVED');
      show(router);
      typeIn('/pagos', 'maria');
      await changeAndLeave(router);
      await act(() => router.navigate(-1));
      expect(mounts['/pagos']).toBe(1);
      expect(screen.getByLabelText<HTMLInputElement>('Buscar en /pagos').value).toBe('maria');
      expect(screen.getByLabelText('Dirección de /pagos').textContent).toBe('?estado=CANCELLED');
      router.dispose();
    });
  });

  it(`keeps at most ${KEPT_SCREENS} lists: the one left longest ago is let go`, async () => {
    const router = makeRouter(LISTS[0]);
    show(router);
    for (const path of LISTS.slice(1)) await act(() => router.navigate(path));
    expect(screen.queryByLabelText(`Buscar en ${LISTS[0]}`)).toBeNull();
    expect(isKeptScreenMounted(LISTS[0])).toBe(false);
    for (const path of LISTS.slice(1)) expect(isKeptScreenMounted(path)).toBe(true);

    // Back to the one let go: a new screen (mounted again, nothing kept).
    await act(() => router.navigate(LISTS[0]));
    expect(mounts[LISTS[0]]).toBe(2);
    expect(mounts[LISTS[3]]).toBe(1);
    router.dispose();
  });

  it('keeps no screen the operator may not open (its "No tiene permisos" page)', async () => {
    const router = makeRouter('/comercios');
    show(router, []);
    await act(() => router.navigate('/pago/1'));
    expect(screen.queryByLabelText('Buscar en /comercios')).toBeNull();
    expect(isKeptScreenMounted('/comercios')).toBe(false);
    router.dispose();
  });

  it('puts the window back where the operator left the list, and a new screen at the top', async () => {
    const router = makeRouter('/pagos');
    show(router);
    act(() => {
      window.scrollY = 480;
      window.dispatchEvent(new Event('scroll'));
    });
    const scrolls: number[] = [];
    const scrollTo = window.scrollTo;
    window.scrollTo = ((_x: number, y: number) => {
      scrolls.push(y);
      window.scrollY = y;
    }) as typeof window.scrollTo;
    try {
      await act(() => router.navigate('/pago/1'));
      await act(() => router.navigate(-1));
      expect(scrolls).toEqual([0, 480]);
    } finally {
      window.scrollTo = scrollTo;
      router.dispose();
    }
  });
});
