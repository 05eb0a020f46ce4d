import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { bulkResultsOf, PENDING_APPROVAL_MESSAGE, type MutationOutcome } from '@/lib/mutation-outcome';
import { BulkProgressDialog } from '../bulk-progress-dialog';
import { failedIds, holdRunning, markRunning, initialBulkItems, summarizeBulk } from '../bulk-progress';

const HELD = `Pendiente de aprobación: ${PENDING_APPROVAL_MESSAGE} Solicitud N.º 9.`;

describe('a bulk held for approval (four eyes on money)', { timeout: 60_000 }, () => {
  it('marks the items it sent held: neither failed nor retried, and the run is over', () => {
    const sent = markRunning(initialBulkItems([{ id: 'a' }, { id: 'b' }, { id: 'c' }]), ['a', 'b']);
    const held = holdRunning(sent, HELD);
    expect(held.map((item) => [item.id, item.state])).toEqual([
      ['a', 'held'],
      ['b', 'held'],
      ['c', 'pending'],
    ]);
    expect(failedIds(held)).toEqual([]);
    expect(summarizeBulk(holdRunning(markRunning(held, ['c']), HELD))).toMatchObject({
      held: 3,
      error: 0,
      done: true,
    });
  });

  it("says 'Pendiente de aprobación' on each item, in the summary, and offers no 'Reintentar fallidos'", async () => {
    // What an area's run does with the gateway's answer: bulkResultsOf throws it as a whole.
    const answer = { outcome: 'PENDING_APPROVAL' as MutationOutcome, results: [], approval: { id: '9' } };
    const run = vi.fn(async () => bulkResultsOf(answer));
    render(
      <BulkProgressDialog
        title="Devolver pagos"
        noun={{ one: 'pago', many: 'pagos', gender: 'masculine' }}
        items={[{ id: '1001' }, { id: '1002' }]}
        run={run}
        successMessage="Pago devuelto correctamente"
        onClose={vi.fn()}
      />,
    );
    await waitFor(() =>
      expect(screen.getByTestId('bulk-summary')).toHaveTextContent(
        'Finalizado: 0 correctos, 0 con error, 2 pendientes de aprobación.',
      ),
    );
    const items = screen.getAllByTestId('bulk-item');
    expect(items.map((item) => item.getAttribute('data-state'))).toEqual(['held', 'held']);
    expect(screen.getAllByTestId('bulk-item-message')[0]).toHaveTextContent('Solicitud N.º 9');
    expect(screen.getAllByLabelText('Pendiente de aprobación')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Reintentar fallidos/ })).toBeNull();
    expect(run).toHaveBeenCalledTimes(1);
  });
});
