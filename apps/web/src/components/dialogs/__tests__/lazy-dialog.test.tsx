import { Component, type ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyDialog } from '../lazy-flow-dialogs';

describe('lazyDialog', () => {
  it('downloads the dialog with its first opening, shows nothing meanwhile, then renders it with its props', async () => {
    let arrive: (component: (props: { title: string }) => React.ReactNode) => void = () => undefined;
    const load = vi.fn(
      () =>
        new Promise<(props: { title: string }) => React.ReactNode>((resolve) => {
          arrive = resolve;
        }),
    );
    const Dialog = lazyDialog(load);
    expect(load).not.toHaveBeenCalled();
    const { container } = render(<Dialog title="Cambiar medio de pago" />);
    expect(load).toHaveBeenCalledTimes(1);
    expect(container.textContent).toBe('');
    arrive(({ title }) => <h2>{title}</h2>);
    expect(await screen.findByRole('heading', { name: 'Cambiar medio de pago' })).toBeTruthy();
  });

  it('preload() downloads it before its opening, once; a failed download is asked for again by the next preload or opening', async () => {
    const load = vi
      .fn<() => Promise<(props: { title: string }) => React.ReactNode>>()
      .mockRejectedValueOnce(new Error('sin red'))
      .mockResolvedValue(({ title }) => <h2>{title}</h2>);
    const Dialog = lazyDialog(load);
    void Dialog.preload();
    expect(load).toHaveBeenCalledTimes(1);
    // The failed download is forgotten (no unhandled rejection): the opening asks again, once.
    await vi.waitFor(() => {
      void Dialog.preload();
      expect(load).toHaveBeenCalledTimes(2);
    });
    await Dialog.preload();
    render(<Dialog title="Cancelar pago" />);
    expect(await screen.findByRole('heading', { name: 'Cancelar pago' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a dialog whose chunk is in shows in the very render that opens it (nothing suspends, no reveal waits)', async () => {
    const load = vi.fn(async () => ({ title }: { title: string }) => <h2>{title}</h2>);
    const Dialog = lazyDialog(load);
    await Dialog.preload();
    render(<Dialog title="Cancelar pago" />);
    // `getByRole`, not `findByRole`: in the render that opened it.
    expect(screen.getByRole('heading', { name: 'Cancelar pago' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("a download that fails while the dialog waits reaches the screen's error boundary", async () => {
    const Dialog = lazyDialog<{ title: string }>(() => Promise.reject(new Error('sin red')));
    class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
      override state = { error: null };
      static getDerivedStateFromError(error: Error) {
        return { error: error.message };
      }
      override render() {
        return this.state.error ? <p role="alert">{this.state.error}</p> : this.props.children;
      }
    }
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(
        <Boundary>
          <Dialog title="Cancelar pago" />
        </Boundary>,
      );
      expect((await screen.findByRole('alert')).textContent).toBe('sin red');
    } finally {
      consoleError.mockRestore();
    }
  });
});
