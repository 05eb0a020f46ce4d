import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChangePaymentMethodDialog } from '../change-payment-method-dialog';

// MUI in jsdom on a shared 2-core machine: a dialog test takes seconds, not milliseconds.
describe('ChangePaymentMethodDialog', { timeout: 60_000 }, () => {
  it("opens with 'Guardar' disabled in its first render, before any validation has run", () => {
    render(
      <ChangePaymentMethodDialog holderName="María González" onSubmit={vi.fn()} onClose={vi.fn()} />,
    );
    // Read synchronously: the mount's validation resolves in a later microtask, after this line.
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  });
});
