import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RefundDialog, type RefundDialogProps } from '../refund-dialog';

/** The refund of an approved payment of $ 12.569,67, nothing refunded yet (the issue's /pago/1002496). */
function renderRefund(onSubmit: RefundDialogProps['onSubmit'] = vi.fn(async () => null)) {
  render(
    <RefundDialog
      variant="refund"
      paymentId="1002496"
      finalAmount="12569.67"
      refunds={[]}
      methods={[]}
      onSubmit={onSubmit}
      onClose={() => undefined}
    />,
  );
  const dialog = screen.getByTestId('refund-dialog');
  return {
    dialog,
    amount: () => screen.getByTestId('refund-amount'),
    total: () => within(screen.getByTestId('refund-amounts')).getByText('Importe a devolver').nextSibling,
    partial: () => within(screen.getByTestId('refund-amounts')).getByText('Devolución parcial').nextSibling,
  };
}

// MUI in jsdom on a shared 2-core machine: a dialog test takes seconds, not milliseconds.
describe('RefundDialog (it confirms what it sends)', { timeout: 60_000 }, () => {
  it('shows the amount typed in the summary and a partial intro, and sends that same amount', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn(async () => null);
    const { dialog, amount, total, partial } = renderRefund(onSubmit);
    expect(total()).toHaveTextContent('$ 12.569,67');
    expect(partial()).toHaveTextContent(/^No$/);
    expect(dialog).toHaveTextContent('Se devolverá al pagador el importe pendiente de devolución del pago.');

    fireEvent.change(amount(), { target: { value: '1.234,56' } });
    expect(total()).toHaveTextContent(/^\$ 1\.234,56$/);
    // The request's partial flag, as the gateway will send it (smaller than what is left).
    expect(partial()).toHaveTextContent(/^Sí$/);
    expect(dialog).toHaveTextContent(
      'Se devolverá al pagador $ 1.234,56, una parte del importe pendiente de devolución.',
    );
    expect(dialog).not.toHaveTextContent('el importe pendiente de devolución del pago');

    await user.type(screen.getByRole('textbox', { name: 'Ingrese el motivo' }), 'Pedido del pagador');
    await user.click(within(dialog).getByRole('button', { name: 'Devolver' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ amount: '1234.56' }));
  });

  it('claims no amount while the one typed is not valid, and the whole amount is a total refund again', () => {
    const { dialog, amount, total, partial } = renderRefund();
    for (const invalid of ['12ab', '0', '20.000,00', '']) {
      fireEvent.change(amount(), { target: { value: invalid } });
      expect(total()).toHaveTextContent(/^—$/);
      expect(partial()).toHaveTextContent(/^—$/);
      expect(dialog).toHaveTextContent(
        'Se devolverá al pagador el importe pendiente de devolución del pago.',
      );
    }
    fireEvent.change(amount(), { target: { value: '12569,67' } });
    expect(total()).toHaveTextContent(/^\$ 12\.569,67$/);
    expect(partial()).toHaveTextContent(/^No$/);
    expect(dialog).toHaveTextContent('Se devolverá al pagador el importe pendiente de devolución del pago.');
  });
});
