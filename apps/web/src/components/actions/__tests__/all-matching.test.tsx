import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AllMatching } from '@/lib/list/use-all-matching';
import {
  AllMatchingNotice,
  allMatchingActionStates,
  allMatchingSelectedText,
  confirmCountText,
  overMaxText,
  selectAllMatchingText,
} from '../all-matching';

const PAGO = { one: 'pago', many: 'pagos', gender: 'masculine' } as const;
const SUSCRIPCION = { one: 'suscripción', many: 'suscripciones', gender: 'feminine' } as const;

const matching = (overrides: Partial<AllMatching> = {}): AllMatching => ({
  offer: { count: 23, overMax: false, maxItems: 500 },
  active: false,
  count: 0,
  selectAll: vi.fn(),
  undo: vi.fn(),
  ...overrides,
});

describe('all matching texts', () => {
  it('agree with the noun', () => {
    expect(selectAllMatchingText(PAGO, 23)).toBe('Seleccionar los 23 pagos que coinciden con la búsqueda');
    expect(selectAllMatchingText(SUSCRIPCION, 23)).toBe(
      'Seleccionar las 23 suscripciones que coinciden con la búsqueda',
    );
    expect(allMatchingSelectedText(PAGO, 23)).toBe(
      '23 pagos seleccionados (todos los que coinciden con la búsqueda)',
    );
    expect(allMatchingSelectedText(SUSCRIPCION, 1500)).toBe(
      '1.500 suscripciones seleccionadas (todas las que coinciden con la búsqueda)',
    );
    expect(overMaxText(PAGO, 500)).toBe('Se pueden procesar hasta 500 pagos por vez; refine la búsqueda.');
    expect(confirmCountText(PAGO, 23)).toBe('Confirmo que se aplicará a 23 pagos');
  });

  it('enable every permitted action over the search; the unpermitted stay disabled', () => {
    const states = allMatchingActionStates([
      { kind: 'CANCEL', label: 'Cancelar', enabled: false, permitted: true, reason: 'Pago 1: no' },
      { kind: 'CHANGE', label: 'Cambiar', enabled: false, permitted: false, reason: 'No tiene permisos.' },
    ]);
    expect(states.map((s) => [s.kind, s.enabled, s.reason])).toEqual([
      ['CANCEL', true, null],
      ['CHANGE', false, 'No tiene permisos.'],
    ]);
  });
});

// MUI in jsdom on a shared 2-core machine: a component test takes seconds, not milliseconds.
describe('AllMatchingNotice', { timeout: 60_000 }, () => {
  it('offers the matching rows, and once taken says so with "Solo los de esta página"', async () => {
    const user = userEvent.setup({ delay: null });
    const state = matching();
    const { rerender } = render(<AllMatchingNotice noun={PAGO} matching={state} />);
    await user.click(
      screen.getByRole('button', { name: 'Seleccionar los 23 pagos que coinciden con la búsqueda' }),
    );
    expect(state.selectAll).toHaveBeenCalled();
    const active = matching({ active: true, count: 23 });
    rerender(<AllMatchingNotice noun={PAGO} matching={active} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      '23 pagos seleccionados (todos los que coinciden con la búsqueda)',
    );
    await user.click(screen.getByRole('button', { name: 'Solo los de esta página' }));
    expect(active.undo).toHaveBeenCalled();
  });

  it('over the maximum the offer is disabled with the Spanish reason', () => {
    const state = matching({ offer: { count: 501, overMax: true, maxItems: 500 } });
    render(<AllMatchingNotice noun={PAGO} matching={state} />);
    expect(
      screen.getByRole('button', { name: 'Seleccionar los 501 pagos que coinciden con la búsqueda' }),
    ).toBeDisabled();
    expect(screen.getByTestId('all-matching-reason')).toHaveTextContent(
      'Se pueden procesar hasta 500 pagos por vez; refine la búsqueda.',
    );
    expect(screen.getByTestId('all-matching-offer')).toHaveAttribute(
      'aria-label',
      'Seleccionar los 501 pagos que coinciden con la búsqueda: Se pueden procesar hasta 500 pagos por vez; refine la búsqueda.',
    );
  });

  it('shows nothing without an offer', () => {
    const { container } = render(<AllMatchingNotice noun={PAGO} matching={matching({ offer: null })} />);
    expect(container).toBeEmptyDOMElement();
  });
});
