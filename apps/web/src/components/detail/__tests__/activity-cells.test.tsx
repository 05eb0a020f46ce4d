import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ActivityRecords, ActivityResultChip, activityDetailText } from '../activity-cells';

const row = (recordIds: string[], recordCount?: number) => ({
  area: 'payments',
  operation: 'cancelPayment',
  recordIds,
  ...(recordCount === undefined ? {} : { recordCount }),
  result: 'DENIED' as const,
});

describe('activity cells', () => {
  it('counts the ids an action named beyond those kept ("y N más")', () => {
    const ids = Array.from({ length: 10 }, (_, i) => `wd-${i}`);
    render(
      <MemoryRouter>
        <ActivityRecords row={row(ids, 200)} />
      </MemoryRouter>,
    );
    expect(screen.getByText(/y 197 más/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'wd-0' }).getAttribute('href')).toBe('/pago/wd-0');
  });

  it('counts the kept ids of a row stored without a count', () => {
    render(
      <MemoryRouter>
        <ActivityRecords row={row(['1', '2', '3', '4'])} />
      </MemoryRouter>,
    );
    expect(screen.getByText(/y 1 más/)).toBeTruthy();
  });

  it('shows a refused call as "Denegado"', () => {
    render(<ActivityResultChip result="DENIED" />);
    expect(screen.getByText('Denegado')).toBeTruthy();
  });

  it("says 'Versión desactualizada' for an action refused because the record changed", () => {
    const refused = { ...row(['1000007']), result: 'FAILED' as const, reason: 'Pedido del pagador' };
    expect(activityDetailText({ ...refused, code: 'VERSION_CONFLICT' })).toBe(
      'Versión desactualizada · Motivo: Pedido del pagador',
    );
    // Any other code as it came, after the reason.
    expect(activityDetailText({ ...refused, code: 'ACTION_NOT_ALLOWED' })).toBe(
      'Motivo: Pedido del pagador · Código: ACTION_NOT_ALLOWED',
    );
    // A service's refusal by the service's own code, not the gateway's UPSTREAM_REFUSED.
    expect(activityDetailText({ ...refused, code: 'UPSTREAM_REFUSED', serviceCode: 'invalid_status' })).toBe(
      'Motivo: Pedido del pagador · Código: invalid_status',
    );
  });
});
