import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

// A treasury operator (every withdrawal permission); the lists themselves are not what this screen test is about.
vi.mock('@/lib/permissions', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/permissions')>()),
  usePermissions: () => ['WITHDRAWAL_SEARCH', 'WITHDRAWAL_AUTHORIZE', 'WITHDRAW_SHOW', 'BATCH_WITHDRAW_SHOW'],
}));
vi.mock('../../components/withdrawal-list-panel', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../components/withdrawal-list-panel')>()),
  WithdrawalListPanel: () => <p>Lista de retiros</p>,
}));

const { default: UnifiedWithdrawalsScreen } = await import('../unified-screen');

// MUI in jsdom on a shared 2-core machine: a screen test takes seconds, not milliseconds.
describe("'Retiros' (/retirosUnificados)", { timeout: 60_000 }, () => {
  it("shows 'Programar' present and disabled, as spec 001 §2 does, saying why", async () => {
    render(
      <MemoryRouter initialEntries={['/retirosUnificados']}>
        <UnifiedWithdrawalsScreen Batches={() => null} />
      </MemoryRouter>,
    );
    const button = screen.getByRole('button', { name: 'Programar' });
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.mouseOver(screen.getByTestId('action-reason-SCHEDULE'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Los retiros programados todavía no están habilitados.',
    );
  });
});
