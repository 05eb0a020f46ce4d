import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MoneySummary, movementLines } from '../money-summary';

const shownOf = (label: string) =>
  within(screen.getByRole('region', { name: 'Se enviará' }))
    .getByText(label, { selector: 'dt' })
    .nextElementSibling?.textContent?.replace(/\s/g, ' ');

describe('MoneySummary (what a money dialog will send)', () => {
  it("a movement's lines: which record, whose, the details, how much and where to", () => {
    expect(
      movementLines({
        record: ['Retiro', '6000001'],
        collector: 'Club Atlético',
        amount: '10.50',
        account: ['CBU de destino', '2850590940090418135201'],
      }).map(({ label, value }) => `${label}: ${value}`),
    ).toEqual([
      'Retiro: 6000001',
      'Entidad: Club Atlético',
      'Monto: 10.50',
      'CBU de destino: 2850590940090418135201',
    ]);
    expect(
      movementLines({
        record: ['Importación', '4025'],
        collector: '10001',
        details: [{ label: 'Pagos', value: '5' }],
        amount: '1',
      }).map(({ label }) => label),
    ).toEqual(['Importación', 'Entidad', 'Pagos', 'Monto']);
  });

  it('shows each value as sent, an amount in es-AR from the very decimal sent, and a dash for what is not sent', () => {
    render(
      <MoneySummary
        lines={[
          { label: 'CBU', value: '2850590940090418135201' },
          { label: 'Nombre', value: null },
          { label: 'Importe', value: '26717.23', amount: true },
          { label: 'Monto', value: '', amount: true },
          { label: 'Compensación', value: '12a', amount: true },
        ]}
      />,
    );
    expect(shownOf('CBU')).toBe('2850590940090418135201');
    expect(shownOf('Importe')).toBe('$ 26.717,23');
    expect(shownOf('Nombre')).toBe('—');
    expect(shownOf('Monto')).toBe('—');
    expect(shownOf('Compensación')).toBe('—');
    expect(screen.getByRole('region', { name: 'Se enviará' })).toHaveAttribute('aria-live', 'polite');
  });

  it('follows what the dialog will send as it changes', () => {
    const { rerender } = render(<MoneySummary lines={[{ label: 'Importe', value: '1.00', amount: true }]} />);
    expect(shownOf('Importe')).toBe('$ 1,00');
    rerender(<MoneySummary lines={[{ label: 'Importe', value: '169178.46', amount: true }]} />);
    expect(shownOf('Importe')).toBe('$ 169.178,46');
  });
});
