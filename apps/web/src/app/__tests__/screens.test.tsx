import type { ComponentType } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

// The withdrawals screen, reduced to what it is given: which component it shows as its 'Lotes' view.
vi.mock('../../features/withdrawals/screens/unified-screen', () => ({
  default: ({ Batches }: { Batches: ComponentType }) => (
    <div data-testid="unified">{Batches === BATCHES.Component ? 'Lotes de /lotes' : 'otra pantalla'}</div>
  ),
}));

const { BATCHES, UNIFIED_WITHDRAWALS } = await import('../screens');

describe('app/screens', () => {
  it("'Retiros' (/retirosUnificados) is given the screen of /lotes as its Lotes view (a feature never imports it)", async () => {
    const { default: Route } = await UNIFIED_WITHDRAWALS.load();
    render(<Route />);
    expect(screen.getByTestId('unified').textContent).toBe('Lotes de /lotes');
  });
});
