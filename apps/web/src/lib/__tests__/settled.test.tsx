import { Component, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { followSettlement, lazyComponent, loadOnce, useSettled } from '../settled';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

function Shown({ promise }: { promise: Promise<string> }) {
  const value = useSettled(promise);
  return <p>{value ?? 'Cargando'}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>Falló: {this.state.error.message}</p> : this.props.children;
  }
}

describe('useSettled', () => {
  it('shows nothing until the promise settles, then its value, without suspending', async () => {
    const { promise, resolve } = deferred<string>();
    render(<Shown promise={promise} />);
    expect(screen.getByText('Cargando')).toBeInTheDocument();
    await act(async () => resolve('Pagos'));
    expect(screen.getByText('Pagos')).toBeInTheDocument();
  });

  it('reads a promise that settled before at once, on the first render', async () => {
    const promise = Promise.resolve('Lotes');
    render(<Shown promise={promise} />);
    await act(async () => undefined);
    const { unmount } = render(<Shown promise={promise} />);
    expect(screen.getAllByText('Lotes')).toHaveLength(2);
    unmount();
  });

  it('throws a rejection in render, for the error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { promise, reject } = deferred<string>();
    render(
      <Boundary>
        <Shown promise={promise} />
      </Boundary>,
    );
    await act(async () => reject(new Error('sin red')));
    expect(screen.getByText('Falló: sin red')).toBeInTheDocument();
    vi.restoreAllMocks();
  });
});

describe('followSettlement', () => {
  it('has a promise no component looked at before it settled read at once, on the first render', async () => {
    const followed = followSettlement(Promise.resolve('Pagos'));
    const loaded = loadOnce(() => Promise.resolve('Retiros'))();
    await act(async () => undefined);
    render(
      <>
        <Shown promise={followed} />
        <Shown promise={loaded} />
      </>,
    );
    expect(screen.getByText('Pagos')).toBeInTheDocument();
    expect(screen.getByText('Retiros')).toBeInTheDocument();
  });
});

describe('loadOnce', () => {
  it('loads once and shares the promise; a failed load is tried again on the next call', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('sin red'))
      .mockResolvedValue('ok');
    const once = loadOnce(load);
    await expect(once()).rejects.toThrow('sin red');
    const first = once();
    expect(once()).toBe(first);
    await expect(first).resolves.toBe('ok');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyComponent', () => {
  it('shows its fallback until the code is in, then the component; once in, in the very render that mounts it', async () => {
    const arrival = deferred<(props: { title: string }) => ReactNode>();
    const load = vi.fn(() => arrival.promise);
    const Dialog = lazyComponent(load, <p>Cargando…</p>);
    const first = render(<Dialog.Component title="Buscar en el back-office" />);
    expect(screen.getByText('Cargando…')).toBeTruthy();
    await act(async () => arrival.resolve(({ title }) => <h2>{title}</h2>));
    expect(screen.getByRole('heading', { name: 'Buscar en el back-office' })).toBeTruthy();
    first.unmount();
    // Mounted again (a dialog opened a second time): no fallback render, no Suspense pause.
    render(<Dialog.Component title="Atajos de teclado" />);
    expect(screen.getByRole('heading', { name: 'Atajos de teclado' })).toBeTruthy();
    expect(screen.queryByText('Cargando…')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads ahead of its first mount with `load()`, which then renders at once', async () => {
    const Menu = lazyComponent(async () => () => <ul aria-label="Menú del usuario" />);
    await Menu.load();
    render(<Menu.Component />);
    expect(screen.getByRole('list', { name: 'Menú del usuario' })).toBeTruthy();
  });
});
