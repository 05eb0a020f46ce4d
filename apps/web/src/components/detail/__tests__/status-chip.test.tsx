import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusChip, statusChipOf } from '../status-chip';

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
});
