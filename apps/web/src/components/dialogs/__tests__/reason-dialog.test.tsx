import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReasonDialog } from '../reason-dialog';
import { REASON_MAX_LENGTH } from '../reason-field';

function Opener({ onSubmit }: { onSubmit(reason: string): Promise<null> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Abrir</button>
      {open && (
        <ReasonDialog
          title="Cancelar pago"
          submitLabel="Cancelar pago"
          onSubmit={async (reason) => {
            const outcome = await onSubmit(reason);
            setOpen(false);
            return outcome;
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

const field = () => screen.getByRole('textbox', { name: 'Ingrese el motivo' });

// MUI in jsdom on a shared 2-core machine: a dialog test takes seconds, not milliseconds.
describe('ReasonDialog', { timeout: 60_000 }, () => {
  it("asks for the reason: 'Disculpe, debe ingresar el motivo' and nothing is sent", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn(async () => null);
    render(<Opener onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar pago' }));
    expect(await screen.findByText('Disculpe, debe ingresar el motivo')).toBeVisible();
    await user.type(field(), '   ');
    await user.click(screen.getByRole('button', { name: 'Cancelar pago' }));
    expect(screen.getByText('Disculpe, debe ingresar el motivo')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('Enter in the multi-line reason is a new line, never the (irreversible) submit', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn(async () => null);
    render(<Opener onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    await user.type(field(), 'Pedido del pagador{Enter}con detalle{Enter}');
    expect(field()).toHaveValue('Pedido del pagador\ncon detalle\n');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancelar pago' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('Pedido del pagador\ncon detalle'));
  });

  it('a reason past the limit is not cut: the counter and a message show, and it is not sent', async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn(async () => null);
    render(<Opener onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    const long = 'x'.repeat(REASON_MAX_LENGTH + 12);
    fireEvent.change(field(), { target: { value: long } });
    expect(field()).toHaveValue(long);
    expect(screen.getByTestId('reason-counter')).toHaveTextContent(`512/${REASON_MAX_LENGTH}`);
    expect(await screen.findByText('El motivo admite hasta 500 caracteres (tiene 512).')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancelar pago' }));
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(field(), { target: { value: 'x'.repeat(REASON_MAX_LENGTH) } });
    expect(screen.getByTestId('reason-counter')).toHaveTextContent('500/500');
    await user.click(screen.getByRole('button', { name: 'Cancelar pago' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('x'.repeat(REASON_MAX_LENGTH)));
  });

  it('traps focus inside while open and returns it to the opener when it closes', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Opener onSubmit={async () => null} />);
    const opener = screen.getByRole('button', { name: 'Abrir' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    // Forwards and backwards past the last and first controls, focus stays in the dialog.
    for (let i = 0; i < 6; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    for (let i = 0; i < 6; i++) {
      await user.tab({ shift: true });
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    expect(opener).not.toHaveFocus();
    await user.click(screen.getAllByRole('button', { name: 'Cerrar' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('returns focus after a successful submit too', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Opener onSubmit={async () => null} />);
    const opener = screen.getByRole('button', { name: 'Abrir' });
    await user.click(opener);
    await user.type(field(), 'Duplicado');
    await user.click(screen.getByRole('button', { name: 'Cancelar pago' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });
});
