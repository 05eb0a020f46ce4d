import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BlockIcon from '@mui/icons-material/Block';
import type { ActionRegistry } from '../action-registry';
import { RowActionsMenu } from '../row-actions-menu';
import { rowMenuActions } from '../selection-actions';

// The kit's dialogs as the menu sees them: only whether it asked for them.
const { preloadKitDialogs } = vi.hoisted(() => ({ preloadKitDialogs: vi.fn() }));
vi.mock('../../dialogs/kit-dialogs', () => ({ preloadKitDialogs }));

type Kind = 'CANCEL';
const REGISTRY: ActionRegistry<Kind> = { CANCEL: { label: 'Cancelar', icon: BlockIcon, color: 'error' } };
const ACTIONS = rowMenuActions(['CANCEL'], [{ kind: 'CANCEL', enabled: true, permitted: true, reason: null }], REGISTRY);

// jsdom lays nothing out: a menu 0 px tall would close in 0 ms whatever its duration. As a browser lays out this one.
const MENU_HEIGHT_PX = 200;
let clientHeight: PropertyDescriptor | undefined;
beforeEach(() => {
  clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => MENU_HEIGHT_PX });
  preloadKitDialogs.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
});

describe('RowActionsMenu', { timeout: 60_000 }, () => {
  it("asks for the kit's dialogs as it opens, before anything is chosen", () => {
    render(<RowActionsMenu actions={ACTIONS} registry={REGISTRY} label="Acciones del pago 1" onAction={vi.fn()} />);
    expect(preloadKitDialogs).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Acciones del pago 1' }));
    expect(preloadKitDialogs).toHaveBeenCalledTimes(1);
  });

  it('runs the chosen action without waiting for the closing animation; a dismissed menu keeps it', () => {
    vi.useFakeTimers();
    const onAction = vi.fn();
    render(<RowActionsMenu actions={ACTIONS} registry={REGISTRY} label="Acciones del pago 2" onAction={onAction} />);
    const trigger = screen.getByRole('button', { name: 'Acciones del pago 2' });

    // Dismissed (Escape): Material's closing animation, a few hundred ms for a menu this tall.
    fireEvent.click(trigger);
    act(() => vi.advanceTimersByTime(1_000));
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    act(() => vi.advanceTimersByTime(20));
    expect(screen.queryByRole('menu', { hidden: true })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByRole('menu', { hidden: true })).not.toBeInTheDocument();

    // Chosen: gone and the action running within the same few ms.
    fireEvent.click(trigger);
    act(() => vi.advanceTimersByTime(1_000));
    fireEvent.click(screen.getByRole('menuitem', { name: /Cancelar/ }));
    act(() => vi.advanceTimersByTime(20));
    expect(onAction).toHaveBeenCalledExactlyOnceWith('CANCEL');
    expect(screen.queryByRole('menu', { hidden: true })).not.toBeInTheDocument();
  });
});
