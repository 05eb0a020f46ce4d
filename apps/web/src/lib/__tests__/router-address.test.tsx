import { render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useStillAtAddress } from '../router-address';

describe('useStillAtAddress', () => {
  it("follows the data router's own address, ahead of what the screen last rendered", async () => {
    let stillHere: (() => boolean) | undefined;
    function Screen() {
      stillHere = useStillAtAddress();
      return <p>pantalla</p>;
    }
    const router = createMemoryRouter(
      [
        { path: '/pagos', element: <Screen /> },
        { path: '/retiros', element: <p>retiros</p> },
      ],
      { initialEntries: ['/pagos?page=2'] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByText('pantalla');
    const asked = stillHere!;
    expect(asked()).toBe(true);
    // Another query of the same screen is still this address.
    await router.navigate('/pagos?page=3');
    expect(asked()).toBe(true);
    // What the screen rendered with is asked again after the router moved (as an effect of a stale render would).
    await router.navigate('/retiros');
    expect(asked()).toBe(false);
  });

  it('outside a data router, the address rendered is the only one there is', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/pagos']}>{children}</MemoryRouter>
    );
    const { result } = renderHook(() => useStillAtAddress(), { wrapper });
    expect(result.current()).toBe(true);
  });
});
