import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ScopeNotice } from '../scope-notice';

describe('ScopeNotice', () => {
  it('says what the list left out and runs its one action', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn();
    render(
      <ScopeNotice actionLabel="Ver todos" onAction={onAction} testId="scope">
        Hay 3 suscripciones más con otros tipos de pago.
      </ScopeNotice>,
    );
    expect(screen.getByTestId('scope')).toHaveTextContent('Hay 3 suscripciones más con otros tipos de pago.');
    await user.click(screen.getByRole('button', { name: 'Ver todos' }));
    expect(onAction).toHaveBeenCalledOnce();
  });
});
