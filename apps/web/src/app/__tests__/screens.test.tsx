import { Component, type ComponentType, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// The withdrawals screen, reduced to what it is given: which component it shows as its 'Lotes' view.
vi.mock('../../features/withdrawals/screens/unified-screen', () => ({
  default: ({ Batches }: { Batches: ComponentType }) => (
    <div data-testid="unified">{Batches === BATCHES.Component ? 'Lotes de /lotes' : 'otra pantalla'}</div>
  ),
}));

const { BATCHES, UNIFIED_WITHDRAWALS, lazyScreen } = await import('../screens');

describe('app/screens', () => {
  it("'Retiros' (/retirosUnificados) is given the screen of /lotes as its Lotes view (a feature never imports it)", async () => {
    const Route = await UNIFIED_WITHDRAWALS.load();
    render(<Route />);
    expect(screen.getByTestId('unified').textContent).toBe('Lotes de /lotes');
  });

  it('a lazy screen shows the page loader, then its module with the props it is given, without suspending', async () => {
    // No <Suspense> around it: a screen that suspended would leave nothing on the page here.
    const Embedded = lazyScreen(async () => ({
      default: ({ embedded }: { embedded?: boolean }) => <p>{embedded ? 'Dentro de Retiros' : 'Sola'}</p>,
    })).Component as ComponentType<{ embedded: boolean }>;
    render(<Embedded embedded />);
    expect(screen.getByRole('progressbar', { name: 'Cargando…' })).toBeInTheDocument();
    expect(await screen.findByText('Dentro de Retiros')).toBeInTheDocument();
  });

  it('a screen whose chunk failed to load throws to the error boundary once, and loads again on the next mount', async () => {
    const load = vi
      .fn<() => Promise<{ default: ComponentType }>>()
      .mockRejectedValueOnce(new Error('error loading dynamically imported module'))
      .mockResolvedValue({ default: () => <p>Perfil</p> });
    const Profile = lazyScreen(load).Component;
    const errors: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
      override state = { failed: false };
      static getDerivedStateFromError() {
        return { failed: true };
      }
      override componentDidCatch(error: unknown) {
        errors.push(error);
      }
      override render() {
        return this.state.failed ? <p>Nueva versión</p> : this.props.children;
      }
    }
    const first = render(
      <Boundary>
        <Profile />
      </Boundary>,
    );
    expect(await screen.findByText('Nueva versión')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(errors).toHaveLength(1);
    first.unmount();
    render(<Profile />);
    expect(await screen.findByText('Perfil')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });
});
