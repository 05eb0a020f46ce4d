import { useEffect } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import BlockIcon from '@mui/icons-material/Block';
import { describe, expect, it, vi } from 'vitest';
import type { ActionRegistry } from '../../actions/action-registry';
import { areaFlowDialogs } from '../area-flow-dialogs';
import type { BulkResultLike } from '../bulk-progress';
import { FlowReasonInput } from '../flow-inputs';
import { useBulkFlow } from '../use-bulk-flow';
import { CANCEL_PAYMENT_TEXTS } from './cancel-texts';

interface Row {
  id: string;
  name: string;
}

const REGISTRY: ActionRegistry<'CANCEL'> = {
  CANCEL: {
    label: 'Cancelar',
    icon: BlockIcon,
    dialog: CANCEL_PAYMENT_TEXTS,
  },
};

const PaymentDialogs = areaFlowDialogs<'CANCEL', Row, { reason: string }, BulkResultLike>({
  registry: REGISTRY,
  noun: { one: 'pago', many: 'pagos', gender: 'masculine' },
  columns: [
    { header: 'ID', render: (row) => row.id },
    { header: 'NOMBRE', render: (row) => row.name },
  ],
  renderInput: (props) => <FlowReasonInput {...props} />,
});

function Harness({ start, runSingle }: { start: 'single' | 'bulk'; runSingle: () => Promise<null> }) {
  const control = useBulkFlow<'CANCEL', Row, { reason: string }>();
  const { startSingle, startBulk } = control;
  useEffect(() => {
    const rows = [
      { id: '7', name: 'Ana' },
      { id: '8', name: 'Luis' },
    ];
    if (start === 'single') startSingle('CANCEL', rows[0]!);
    else startBulk('CANCEL', rows);
  }, [start, startSingle, startBulk]);
  return <PaymentDialogs control={control} runSingle={runSingle} runBulk={async () => []} />;
}

// MUI in jsdom on a shared 2-core machine: a dialog test takes seconds, not milliseconds.
describe('areaFlowDialogs', { timeout: 60_000 }, () => {
  it("one item: the registry's dialog texts, and the input's value reaches the area's runner", async () => {
    const user = userEvent.setup({ delay: null });
    const runSingle = vi.fn(async () => null);
    render(<Harness start="single" runSingle={runSingle} />);
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar pago' });
    expect(dialog).toHaveTextContent('Se cancelará el pago 7.');
    await user.type(within(dialog).getByRole('textbox'), 'Pedido del pagador');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar pago' }));
    await waitFor(() =>
      expect(runSingle).toHaveBeenCalledWith(
        'CANCEL',
        { id: '7', name: 'Ana' },
        { reason: 'Pedido del pagador' },
        expect.any(String),
      ),
    );
  });

  it("a selection: the confirm step lists the items in the area's columns, named by their id", async () => {
    render(<Harness start="bulk" runSingle={async () => null} />);
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar pagos' });
    expect(within(dialog).getByRole('columnheader', { name: 'NOMBRE' })).toBeVisible();
    expect(within(dialog).getByText('Luis')).toBeVisible();
    expect(within(dialog).getByText('8')).toBeVisible();
  });
});
