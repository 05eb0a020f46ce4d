import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTICE_DURATION_MS, NotificationsProvider, useNotify, type Notifier } from '../notifications';

let notifier: Notifier;
function Capture() {
  notifier = useNotify();
  return null;
}

/** Time passes in steps: each step's state changes render (and start their own timers) before the next. */
function advance(ms: number, step = 100) {
  for (let passed = 0; passed < ms; passed += step) {
    act(() => {
      vi.advanceTimersByTime(step);
    });
  }
}

describe('NotificationsProvider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(
      <NotificationsProvider>
        <Capture />
      </NotificationsProvider>,
    );
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows notices one after another, each for its 2.5 s', () => {
    act(() => {
      notifier.success('Descarga completa: retiro.txt');
      notifier.success('Descarga completa: retiro.xml');
    });
    expect(screen.getByRole('status')).toHaveTextContent('retiro.txt');
    advance(NOTICE_DURATION_MS + 500);
    expect(screen.getByRole('status')).toHaveTextContent('retiro.xml');
    advance(NOTICE_DURATION_MS + 500);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("says a refusal's message, ' - ' and its code at once (no chunk to wait for)", () => {
    act(() => notifier.error('El BIN ya existe - bin_exists'));
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('El BIN ya existe - bin_exists');
    expect(notice.querySelector('[data-code="bin_exists"]')).not.toBeNull();
  });

  it('a notice that arrives while the previous one fades out follows it, without bringing it back', () => {
    act(() => notifier.success('Descarga completa: retiro.txt'));
    advance(NOTICE_DURATION_MS + 50);
    act(() => notifier.success('Descarga completa: retiro.xlsx'));
    advance(500);
    expect(screen.getByRole('status')).toHaveTextContent('retiro.xlsx');
  });
});
