import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConciliateDialog, conciliationInput } from '../conciliate-dialog';

const BATCH = { batchNumber: 8200001, gatewayName: 'Rapipago', description: 'Lote Rapipago diario' };
const summaryLine = (label: string) =>
  within(screen.getByRole('region', { name: 'Se enviará' }))
    .getByText(label, { selector: 'dt' })
    .nextElementSibling?.textContent?.replace(/\s/g, ' ');

describe('ConciliateDialog (it says what it will send)', { timeout: 60_000 }, () => {
  it('shows the description and the compensation amount as the request will carry them, as typed', () => {
    render(<ConciliateDialog batch={BATCH} onSubmit={vi.fn()} onClose={() => undefined} />);
    expect(summaryLine('Monto de compensación')).toBe('—');
    fireEvent.change(screen.getByLabelText('Monto de compensación'), { target: { value: '250' } });
    expect(summaryLine('Monto de compensación')).toBe('$ 250,00');
    fireEvent.change(screen.getByLabelText('Descripción'), { target: { value: '  Lote corregido ' } });
    expect(summaryLine('Descripción')).toBe('Lote corregido');
  });

  it('takes es-AR decimals as every amount field does, and never shows an amount it cannot send', () => {
    render(<ConciliateDialog batch={BATCH} onSubmit={vi.fn()} onClose={() => undefined} />);
    const field = screen.getByLabelText('Monto de compensación');
    for (const [typed, shown] of [
      ['26.717,23', '$ 26.717,23'],
      ['26717,23', '$ 26.717,23'],
      ['1.500', '$ 1.500,00'],
      ['26717', '$ 26.717,00'],
    ]) {
      fireEvent.change(field, { target: { value: typed } });
      expect(summaryLine('Monto de compensación'), typed).toBe(shown);
    }
    for (const typed of ['-3', '12a', '1,234']) {
      fireEvent.change(field, { target: { value: typed } });
      expect(summaryLine('Monto de compensación'), typed).toBe('—');
    }
  });

  it('sends what the summary showed: trimmed, the amount as a Decimal, an empty field null (the batch keeps its own)', () => {
    expect(conciliationInput({ description: '  Lote corregido ', compensationAmount: '26.717,23' })).toEqual({
      description: 'Lote corregido',
      compensationAmount: '26717.23',
    });
    expect(conciliationInput({ description: ' ', compensationAmount: '' })).toEqual({
      description: null,
      compensationAmount: null,
    });
  });
});
