import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FlowInputProps } from '../bulk-flow-dialogs';
import { FlowPaymentMethodInput, FlowReasonInput } from '../flow-inputs';
import { closeLabelBeside } from '../action-dialog';

interface Item {
  id: string;
}

function flowProps<V>(onSubmit: (value: V) => Promise<null>): FlowInputProps<'CANCEL', Item, V> {
  return {
    kind: 'CANCEL',
    mode: 'bulk',
    items: [{ id: '1' }, { id: '2' }],
    title: 'Cancelar cosas',
    description: 'Se cancelarán 2 cosas.',
    submitLabel: 'Cancelar cosas',
    onSubmit,
    onClose: vi.fn(),
    returnFocusTo: null,
    intentKey: 'k1',
  };
}

// MUI in jsdom on a shared 2-core machine: a dialog test takes seconds, not milliseconds.
describe('flow input steps', { timeout: 60_000 }, () => {
  it("FlowReasonInput shows the step's texts and answers { reason }", async () => {
    const user = userEvent.setup({ delay: null });
    const onSubmit = vi.fn(async (_: { reason: string }) => null);
    render(<FlowReasonInput {...flowProps(onSubmit)} submitColor="error" />);
    expect(screen.getByRole('dialog', { name: 'Cancelar cosas' })).toBeInTheDocument();
    expect(screen.getByText('Se cancelarán 2 cosas.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Ingrese el motivo' }), 'Pedido del pagador');
    await user.click(screen.getByRole('button', { name: 'Cancelar cosas' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ reason: 'Pedido del pagador' }));
  });

  it('FlowPaymentMethodInput pre-fills the holder and closes through the flow', async () => {
    const user = userEvent.setup({ delay: null });
    const props = flowProps(vi.fn(async (_: { input: unknown }) => null));
    render(<FlowPaymentMethodInput {...props} holderName="María González" />);
    expect(screen.getByRole('dialog', { name: 'Cancelar cosas' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nombre del titular' })).toHaveValue('María González');
    expect(screen.getByRole('button', { name: 'Cancelar cosas' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(props.onClose).toHaveBeenCalled());
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it('a multi-selection step is 850 px wide like its confirm and progress dialogs, a single one is not', () => {
    const bulk = render(<FlowReasonInput {...flowProps(vi.fn(async (_: { reason: string }) => null))} />);
    expect(screen.getByRole('dialog')).toHaveStyle({ width: '850px' });
    bulk.unmount();
    const method = render(
      <FlowPaymentMethodInput {...flowProps(vi.fn(async (_: { input: unknown }) => null))} holderName="" />,
    );
    expect(screen.getByRole('dialog')).toHaveStyle({ width: '850px' });
    method.unmount();
    render(
      <FlowReasonInput
        {...flowProps(vi.fn(async (_: { reason: string }) => null))}
        mode="single"
        item={{ id: '1' }}
      />,
    );
    expect(screen.getByRole('dialog')).not.toHaveStyle({ width: '850px' });
  });

  it("the close button reads 'Cerrar' beside a submit that itself cancels", () => {
    render(<FlowReasonInput {...flowProps(vi.fn(async (_: { reason: string }) => null))} />);
    // The title's X and the actions' text button.
    expect(screen.getAllByRole('button', { name: 'Cerrar' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Cancelar$/ })).toBeNull();
    expect(closeLabelBeside('Cancelar pago')).toBe('Cerrar');
    expect(closeLabelBeside('Guardar')).toBe('Cancelar');
    expect(closeLabelBeside(undefined)).toBe('Cerrar');
  });
});
