import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusChip, statusChipOf, statusColumn } from '../status-chip';

describe('StatusChip', () => {
  it('shows the Spanish label in its tone, with the code and the class a spec names', () => {
    render(
      <StatusChip
        label="Pendiente de aprobación"
        tone="warning"
        code="pending_approved"
        className="status-pending-approved"
      />,
    );
    const chip = screen.getByText('Pendiente de aprobación').closest('.MuiChip-root')!;
    expect(chip).toHaveClass('MuiChip-outlined', 'MuiChip-colorWarning', 'status-pending-approved');
    expect(chip).toHaveAttribute('data-status', 'pending_approved');
  });

  it('is neutral without a tone', () => {
    render(<StatusChip label="Cerrado" />);
    expect(screen.getByText('Cerrado').closest('.MuiChip-root')).toHaveClass('MuiChip-colorDefault');
  });

  it("statusChipOf: an area's chip, its status's label and tone from the area's catalogues", () => {
    const LotChip = statusChipOf(
      { OPEN: 'Abierto', CLOSED: 'Cerrado' },
      { OPEN: 'success', CLOSED: 'default' },
    );
    render(<LotChip status="OPEN" />);
    const chip = screen.getByText('Abierto').closest('.MuiChip-root')!;
    expect(chip).toHaveClass('MuiChip-outlined', 'MuiChip-colorSuccess');
    expect(chip).toHaveAttribute('data-status', 'open');
  });

  it('statusColumn: ESTADO as the chip, sortable unless told, on its own field when given', () => {
    type Lot = { id: string; status: 'OPEN'; state: 'OPEN' };
    const chip = (status: string) => <StatusChip label={status === 'OPEN' ? 'Abierto' : '?'} />;
    const column = statusColumn<Lot>((lot) => chip(lot.status), { width: 120 });
    expect(column).toMatchObject({ field: 'status', headerName: 'ESTADO', width: 120, sortable: true });
    render(<>{column.render!({ id: '1', status: 'OPEN', state: 'OPEN' })}</>);
    expect(screen.getByText('Abierto')).toBeInTheDocument();
    expect(
      statusColumn<Lot>((lot) => chip(lot.state), { field: 'state', width: 90, sortable: false }),
    ).toMatchObject({ field: 'state', width: 90, sortable: false });
  });
});
