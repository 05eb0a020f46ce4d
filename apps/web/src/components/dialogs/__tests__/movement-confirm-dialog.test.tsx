import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import { detailActionKit } from '../../actions/declared-dialogs';
import type { DialogRun } from '../../actions/detail-actions';

interface Withdrawal {
  id: string;
  collector: string;
  amount: string;
  cbu: string;
}

const AUTHORIZE = {
  label: 'Autorizar',
  icon: CheckCircleOutlined,
  dialog: {
    title: 'Autorizar retiro',
    description: (id: string) => `Se autorizará el retiro ${id}.`,
    submit: 'Autorizar',
    bulkTitle: 'Autorizar selección',
    bulkConfirm: 'Confirme',
    bulkDescription: () => '',
    bulkSubmit: 'Autorizar',
    success: 'Retiro autorizado',
  },
};

describe('kit.confirmMovementOf (a dialog that moves money says what and where)', { timeout: 60_000 }, () => {
  it("asks in the registry's words and lists which record, whose, how much and to which account", async () => {
    const kit = detailActionKit<Withdrawal, null>();
    const onSubmit = vi.fn().mockResolvedValue(null);
    const record = {
      id: '6000001',
      collector: 'Club Atlético',
      amount: '254300.75',
      cbu: '2850590940090418135201',
    };
    const render_ = kit.confirmMovementOf(AUTHORIZE, ({ record: shown }) => ({
      summaryTitle: 'Se autorizará',
      movement: {
        record: ['Retiro', shown.id],
        collector: shown.collector,
        amount: shown.amount,
        account: ['CBU de destino', shown.cbu],
      },
    }));
    render(<>{render_({ onSubmit, onClose: vi.fn() }, { record } as DialogRun<Withdrawal, null>)}</>);
    const dialog = await screen.findByRole('dialog', { name: 'Autorizar retiro' });
    expect(within(dialog).getByText('Se autorizará el retiro 6000001.')).toBeInTheDocument();
    const summary = within(dialog).getByRole('region', { name: 'Se autorizará' });
    const shown = (label: string) =>
      within(summary)
        .getByText(label, { selector: 'dt' })
        .nextElementSibling?.textContent?.replace(/\s/g, ' ');
    expect(shown('Retiro')).toBe('6000001');
    expect(shown('Entidad')).toBe('Club Atlético');
    expect(shown('Monto')).toBe('$ 254.300,75');
    expect(shown('CBU de destino')).toBe('2850590940090418135201');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Autorizar' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
