import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BulkResultLike } from '../bulk-progress';
import { BulkProgressDialog } from '../bulk-progress-dialog';

const noun = { one: 'pago', many: 'pagos', gender: 'masculine' } as const;
const items = ['1001', '1002', '1003', '1004'].map((id) => ({ id, label: `Concepto ${id}` }));

function itemStates() {
  return screen.getAllByTestId('bulk-item').map((el) => ({
    id: el.getAttribute('data-id'),
    state: el.getAttribute('data-state'),
    message: within(el).queryByTestId('bulk-item-message')?.textContent ?? '',
    // A refusal reads its text, ' - ' and its code (spec 001 §8); the code is also the element's data-code.
    code: el.querySelector('[data-code]')?.getAttribute('data-code') ?? null,
  }));
}

// MUI in jsdom on a shared 2-core machine: a dialog test takes seconds, not milliseconds.
describe('BulkProgressDialog', { timeout: 60_000 }, () => {
  it('shows each item on its own: eligible ones succeed, the others fail with message - extended code; "Reintentar fallidos" sends only the failed', async () => {
    const user = userEvent.setup({ delay: null });
    const calls: string[][] = [];
    const run = vi.fn(async (ids: string[]): Promise<BulkResultLike[]> => {
      calls.push(ids);
      if (calls.length === 1) {
        return ids.map((id) =>
          id === '1002' || id === '1004'
            ? {
                id,
                outcome: 'FAILED' as const,
                error: {
                  message: `El pago ${id} ya no se puede cancelar`,
                  code: 'ACTION_NOT_ALLOWED',
                  extendedCode: 'payment_not_cancellable',
                },
              }
            : { id, outcome: 'SUCCESS' as const },
        );
      }
      return ids.map((id) => ({ id, outcome: 'SUCCESS' as const }));
    });
    const onResults = vi.fn();
    const onClose = vi.fn();
    render(
      <BulkProgressDialog
        title="Cancelar pagos"
        noun={noun}
        items={items}
        run={run}
        successMessage="Pago cancelado correctamente"
        onResults={onResults}
        onClose={onClose}
      />,
    );
    await waitFor(() =>
      expect(screen.getByTestId('bulk-summary')).toHaveTextContent('Finalizado: 2 correctos, 2 con error.'),
    );
    expect(itemStates()).toEqual([
      { id: '1001', state: 'success', message: 'Pago cancelado correctamente', code: null },
      {
        id: '1002',
        state: 'error',
        message: 'El pago 1002 ya no se puede cancelar - payment_not_cancellable',
        code: 'payment_not_cancellable',
      },
      { id: '1003', state: 'success', message: 'Pago cancelado correctamente', code: null },
      {
        id: '1004',
        state: 'error',
        message: 'El pago 1004 ya no se puede cancelar - payment_not_cancellable',
        code: 'payment_not_cancellable',
      },
    ]);
    expect(screen.getByText('Pago 1002')).toBeVisible();
    expect(onResults).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Reintentar fallidos (2)' }));
    await waitFor(() =>
      expect(screen.getByTestId('bulk-summary')).toHaveTextContent('Finalizado: 4 correctos, 0 con error.'),
    );
    expect(calls).toEqual([
      ['1001', '1002', '1003', '1004'],
      ['1002', '1004'],
    ]);
    expect(screen.queryByRole('button', { name: /Reintentar fallidos/ })).not.toBeInTheDocument();
    expect(onResults).toHaveBeenCalledTimes(2);

    await user.click(screen.getAllByRole('button', { name: 'Cerrar' }).at(-1)!);
    expect(onClose).toHaveBeenCalledWith(expect.objectContaining({ success: 4, error: 0, unknown: 0 }));
  });

  it('an unknown result is never a success and is not retried blindly; it cannot be closed while running', async () => {
    let answer: (results: BulkResultLike[]) => void = () => undefined;
    const run = vi.fn(
      (ids: string[]) =>
        new Promise<BulkResultLike[]>((resolve) => {
          answer = resolve;
          void ids;
        }),
    );
    const onClose = vi.fn();
    const user = userEvent.setup({ delay: null });
    render(
      <BulkProgressDialog
        title="Cancelar pagos"
        noun={noun}
        items={items.slice(0, 2)}
        run={run}
        successMessage="Pago cancelado correctamente"
        onClose={onClose}
      />,
    );
    expect(screen.getByTestId('bulk-summary')).toHaveTextContent('Procesando 2 de 2…');
    for (const button of screen.getAllByRole('button', { name: 'Cerrar' })) expect(button).toBeDisabled();
    answer([
      { id: '1001', outcome: 'UNKNOWN', error: null },
      { id: '1002', outcome: 'SUCCESS' },
    ]);
    await waitFor(() =>
      expect(screen.getByTestId('bulk-summary')).toHaveTextContent(
        'Finalizado: 1 correcto, 0 con error, 1 sin confirmar.',
      ),
    );
    expect(itemStates()[0]).toMatchObject({ state: 'unknown' });
    expect(itemStates()[0]!.message).toMatch(/^Resultado desconocido/);
    expect(screen.queryByRole('button', { name: /Reintentar fallidos/ })).not.toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Cerrar' }).at(-1)!);
    expect(onClose).toHaveBeenCalledWith(expect.objectContaining({ success: 1, unknown: 1 }));
    expect(run).toHaveBeenCalledTimes(1);
  });

  const labelled = [
    { id: '1001', label: 'Ana · $ 100,00' },
    { id: '1002', label: 'Luis · $ 200,00' },
  ];
  it('lets a successful result replace its label (the new amount), a failed one keeps it', async () => {
    const run = vi.fn(async (ids: string[]): Promise<BulkResultLike[]> =>
      ids.map((id) =>
        id === '1002'
          ? { id, outcome: 'FAILED' as const, error: { message: 'No se puede', code: 'ACTION_NOT_ALLOWED' } }
          : { id, outcome: 'SUCCESS' as const },
      ),
    );
    render(
      <BulkProgressDialog
        title="Editar Importe"
        noun={noun}
        items={labelled}
        run={run}
        successMessage="Importe de la suscripción actualizado correctamente"
        resultLabel={(result) => (result.id === '1001' ? 'Ana · $ 150,00' : 'Luis · $ 150,00')}
        onClose={vi.fn()}
      />,
    );
    await waitFor(() =>
      expect(screen.getByTestId('bulk-summary')).toHaveTextContent('Finalizado: 1 correcto, 1 con error.'),
    );
    const [ana, luis] = screen.getAllByTestId('bulk-item');
    expect(ana).toHaveTextContent('Ana · $ 150,00');
    expect(ana).not.toHaveTextContent('$ 100,00');
    expect(luis).toHaveTextContent('Luis · $ 200,00');
  });
});
