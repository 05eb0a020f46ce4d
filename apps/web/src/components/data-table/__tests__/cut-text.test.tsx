import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CutText } from '../cut-text';

/** jsdom lays nothing out: the span's sizes are given. */
function sized(element: HTMLElement, scrollWidth: number, clientWidth: number) {
  Object.defineProperty(element, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: clientWidth });
}

describe('CutText', () => {
  it('shows the full value in a tooltip when the text is cut', async () => {
    const user = userEvent.setup();
    render(<CutText text="Cuota mensual del club social y deportivo" className="oneLine" />);
    const text = screen.getByText('Cuota mensual del club social y deportivo');
    sized(text, 400, 120);
    await user.hover(text);
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'Cuota mensual del club social y deportivo',
    );
  });

  it('shows no tooltip when the text fits', async () => {
    // MUI opens a tooltip after its enter delay: the clock is moved past it instead of waiting.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      render(<CutText text="Corto" className="oneLine" />);
      const text = screen.getByText('Corto');
      sized(text, 40, 120);
      await user.hover(text);
      act(() => vi.advanceTimersByTime(1_000));
      expect(screen.queryByRole('tooltip')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the full value when the grid cell holding a cut text gets the keyboard focus, and hides it after', async () => {
    render(
      <>
        <div role="gridcell" tabIndex={-1} data-testid="cell">
          <CutText text="Motivo: pedido del pagador por duplicado" className="oneLine" />
        </div>
        <button type="button">Otro</button>
      </>,
    );
    sized(screen.getByText('Motivo: pedido del pagador por duplicado'), 400, 120);
    act(() => screen.getByTestId('cell').focus());
    expect((await screen.findByRole('tooltip')).textContent).toBe('Motivo: pedido del pagador por duplicado');
    act(() => screen.getByRole('button', { name: 'Otro' }).focus());
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('shows the full value of a text shortened before it reached the cell', async () => {
    const user = userEvent.setup();
    render(<CutText text="ABCDEF.." full="ABCDEF0123456789" className="oneLine" />);
    const text = screen.getByText('ABCDEF..');
    sized(text, 40, 120);
    await user.hover(text);
    expect((await screen.findByRole('tooltip')).textContent).toBe('ABCDEF0123456789');
  });
});
