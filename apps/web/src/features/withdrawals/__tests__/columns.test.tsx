import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatDateTime } from '@/lib/format';
import { amountColumn, dateColumn, withdrawalStatusColumn } from '../components/columns';

type Row = { id: string; amount: string; status: 'PENDING'; transferDate: string | null };
const row: Row = { id: '1', amount: '1234.50', status: 'PENDING', transferDate: null };

describe('the withdrawal lists’ shared columns', () => {
  it('a date column sorts, takes two lines and says — while there is no date', () => {
    const column = dateColumn<Row>('transferDate', 'FECHA DE TRANSFERENCIA', 110, (r) => r.transferDate);
    expect(column).toMatchObject({ field: 'transferDate', width: 110, lines: 2, sortable: true });
    expect(column.render!(row)).toBe('—');
    const date = '2025-03-04T15:00:00.000Z';
    expect(column.render!({ ...row, transferDate: date })).toBe(formatDateTime(date));
  });

  it('MONTO is right aligned money; ESTADO is the status chip', () => {
    const amount = amountColumn<Row>(125);
    expect(amount).toMatchObject({ field: 'amount', headerName: 'MONTO', width: 125, align: 'right' });
    expect(amount.render!(row)).toBe(formatAmount('1234.50'));
    const status = withdrawalStatusColumn<Row>(120);
    expect(status).toMatchObject({ field: 'status', headerName: 'ESTADO', width: 120, sortable: true });
    render(<>{status.render!(row)}</>);
    expect(screen.getByText('Pendiente')).toBeInTheDocument();
  });
});
