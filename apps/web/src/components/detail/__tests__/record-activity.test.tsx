import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Permission } from '@/lib/permissions';
import { renderForOperator } from '@/test/operator-gateway';
import { RecordActivity } from '../record-activity';

const EVENT = {
  __typename: 'ActivityEvent',
  id: '7',
  at: '2026-11-23T15:00:00Z',
  user: 'operador',
  area: 'payments',
  operation: 'cancelPayment',
  recordIds: ['1000005'],
  recordCount: 1,
  result: 'UNKNOWN',
  code: 'UPSTREAM_TIMEOUT',
  serviceCode: null,
  reason: 'Pedido del pagador',
  items: null,
};

/** The section for a user holding `permissions`; the operations the gateway received. */
function renderSection(permissions: Permission[], path = '/pago/1000005') {
  const page = { __typename: 'ActivityPage', total: 1, page: 1, pageSize: 10, rows: [EVENT] };
  return renderForOperator(<RecordActivity recordId="1000005" />, {
    permissions,
    path,
    answer: () => ({ activity: page }),
  });
}

describe('RecordActivity', () => {
  it('shows the last actions on the record, in Spanish, with the link to /actividad filtered by it', async () => {
    const sent = renderSection(['ACTIVITY_SHOW']);
    await screen.findByText('Cancelar pago');
    expect(screen.getByRole('heading', { name: 'Actividad en el back-office' })).toBeTruthy();
    expect(screen.getByText('Resultado desconocido')).toBeTruthy();
    expect(screen.getByText('Motivo: Pedido del pagador · Código: UPSTREAM_TIMEOUT')).toBeTruthy();
    expect(screen.getByTestId('record-activity-link').getAttribute('href')).toBe(
      '/actividad?area=payments&registro=1000005',
    );
    // Only the payments' actions: another area's mutation naming the same id is not this payment's.
    expect(sent).toEqual([
      { name: 'RecordActivity', variables: { recordId: '1000005', area: 'payments', pageSize: 10 } },
    ]);
  });

  it("asks for the actions of the detail's own kind", async () => {
    const sent = renderSection(['ACTIVITY_SHOW'], '/lotes/lotes/12/1000005');
    await screen.findByText('Cancelar pago');
    expect(sent.map(({ variables }) => variables.area)).toEqual(['batches']);
  });

  it('is nothing, and asks nothing, without ACTIVITY_SHOW', () => {
    const sent = renderSection(['PAYMENT_CANCEL' as Permission]);
    expect(screen.queryByTestId('record-activity')).toBeNull();
    expect(sent).toEqual([]);
  });
});
