import { useEffect } from 'react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BulkCountConfirmDialog } from '../bulk-count-confirm-dialog';
import { BulkFlowDialogs, type BulkFlowDialogsProps } from '../bulk-flow-dialogs';
import type { BulkResultLike } from '../bulk-progress';
import { FlowReasonInput } from '../flow-inputs';
import { useBulkFlow, type MatchingSelection } from '../use-bulk-flow';
import { CANCEL_PAYMENT_TEXTS } from './cancel-texts';

const noun = { one: 'pago', many: 'pagos', gender: 'masculine' } as const;

interface Row {
  id: string;
}

type RunBulk = BulkFlowDialogsProps<'CANCEL', Row, { reason: string }, BulkResultLike>['runBulk'];

/** A page of 2 rows with "all 4 matching" selected: the flow starts on mount. */
function Harness({ runBulk, matching }: { runBulk: RunBulk; matching: MatchingSelection }) {
  const control = useBulkFlow<'CANCEL', Row, { reason: string }>();
  const { startBulk } = control;
  useEffect(() => startBulk('CANCEL', [{ id: '1' }, { id: '2' }], matching), [startBulk, matching]);
  return (
    <BulkFlowDialogs
      control={control}
      texts={() => CANCEL_PAYMENT_TEXTS}
      noun={noun}
      getId={(row) => row.id}
      columns={[{ header: 'ID', render: (row) => row.id }]}
      renderInput={(props) => <FlowReasonInput {...props} />}
      runSingle={async () => null}
      runBulk={runBulk}
    />
  );
}

const ok = (id: string): BulkResultLike => ({ id, outcome: 'SUCCESS', error: null });
const failed = (id: string): BulkResultLike => ({
  id,
  outcome: 'FAILED',
  error: { message: 'Solo se pueden cancelar pagos pendientes o emitidos', code: 'ACTION_NOT_ALLOWED' },
});

// MUI in jsdom on a shared 2-core machine: a dialog test takes seconds, not milliseconds.
describe('bulk over every matching item', { timeout: 60_000 }, () => {
  it('BulkCountConfirmDialog: Continuar only once the count is confirmed', async () => {
    const user = userEvent.setup({ delay: null });
    const onConfirm = vi.fn(async () => null);
    render(
      <BulkCountConfirmDialog
        title="Cancelar pagos"
        count={23}
        noun={noun}
        onConfirm={onConfirm}
        onClose={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancelar pagos' });
    expect(dialog).toHaveStyle({ width: '850px' });
    expect(within(dialog).getByTestId('bulk-count-scope')).toHaveTextContent(
      'Se aplicará a los 23 pagos que coinciden con la búsqueda, no solo a los de esta página.',
    );
    const next = within(dialog).getByRole('button', { name: 'Continuar' });
    expect(next).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Confirmo que se aplicará a 23 pagos' }));
    expect(next).toBeEnabled();
    await user.click(next);
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  });

  it('confirms the count, runs over the search from the input step, shows each result and retries only the failed ids', async () => {
    const user = userEvent.setup({ delay: null });
    const runBulk = vi.fn<RunBulk>(async (_kind, ids, _value, matching) =>
      matching ? [ok('1'), failed('7'), ok('2'), ok('9')] : ids.map(ok),
    );
    render(<Harness runBulk={runBulk} matching={{ count: 4 }} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Confirmo que se aplicará a 4 pagos' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Se cancelarán 4 pagos.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Ingrese el motivo' }), 'Cierre de período');
    await user.click(screen.getByRole('button', { name: 'Cancelar pagos' }));
    const progress = await screen.findByTestId('bulk-progress-dialog');
    expect(runBulk).toHaveBeenCalledTimes(1);
    expect(runBulk.mock.calls[0]!.slice(0, 3)).toEqual(['CANCEL', [], { reason: 'Cierre de período' }]);
    expect(runBulk.mock.calls[0]![3]).toEqual({ count: 4 });
    const states = () =>
      within(progress)
        .getAllByTestId('bulk-item')
        .map((el) => [el.getAttribute('data-id'), el.getAttribute('data-state')]);
    expect(states()).toEqual([
      ['1', 'success'],
      ['7', 'error'],
      ['2', 'success'],
      ['9', 'success'],
    ]);
    await user.click(within(progress).getByRole('button', { name: 'Reintentar fallidos (1)' }));
    await waitFor(() => expect(runBulk).toHaveBeenCalledTimes(2));
    expect(runBulk.mock.calls[1]!.slice(1, 3)).toEqual([['7'], { reason: 'Cierre de período' }]);
    expect(runBulk.mock.calls[1]![3]).toBeUndefined();
    await waitFor(() => expect(states()).toContainEqual(['7', 'success']));
  });

  it('a refusal (the search changed) keeps the input dialog and what was typed', async () => {
    const user = userEvent.setup({ delay: null });
    const runBulk = vi.fn<RunBulk>(async () => {
      // The gateway's refusal as Apollo Client reports it (the field path is left out on screen).
      throw new CombinedGraphQLErrors({
        errors: [
          {
            message:
              'La búsqueda ahora devuelve 5 pagos, no 4: revísela y vuelva a confirmar (matching.expectedCount).',
            extensions: { code: 'BAD_USER_INPUT', field: 'matching.expectedCount' },
          },
        ],
      });
    });
    render(<Harness runBulk={runBulk} matching={{ count: 4 }} />);
    await user.click(await screen.findByRole('checkbox', { name: 'Confirmo que se aplicará a 4 pagos' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    const reason = await screen.findByRole('textbox', { name: 'Ingrese el motivo' });
    await user.type(reason, 'Cierre de período');
    await user.click(screen.getByRole('button', { name: 'Cancelar pagos' }));
    expect(await screen.findByTestId('dialog-feedback')).toHaveTextContent(
      'La búsqueda ahora devuelve 5 pagos, no 4: revísela y vuelva a confirmar.',
    );
    expect(screen.getByRole('textbox', { name: 'Ingrese el motivo' })).toHaveValue('Cierre de período');
    expect(screen.queryByTestId('bulk-progress-dialog')).toBeNull();
  });
});
