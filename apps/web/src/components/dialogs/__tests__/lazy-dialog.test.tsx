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
});
