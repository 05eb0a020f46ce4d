import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provideLiveTab } from '@/lib/live/live-access';
import { liveTab } from '@/lib/live/live-tab';
import type { LiveEvent } from '@/lib/live/protocol';
import type { Permission } from '@/lib/permissions';
import { renderForOperator } from '@/test/operator-gateway';
import { PendingApproval } from '../record-activity';

const REQUEST = {
  __typename: 'ApprovalRequest',
  id: '42',
  action: 'cancelPayment',
  maker: 'operador',
  amount: '1500.5',
  createdAt: '2026-11-28T13:00:00Z',
  expiresAt: '2026-12-01T13:00:00Z',
  approvalsNeeded: 1,
  approvals: [],
};

/**
 * The notice on the detail at `path` for a user holding `permissions`, the gateway answering `pages` in turn (the
 * last one again); the operations it received.
 */
function renderNotice(permissions: Permission[], pages: Array<(typeof REQUEST)[]>, path = '/pago/1000005') {
  return renderForOperator(<PendingApproval recordId="1000005" />, {
    permissions,
    path,
    username: 'supervisor',
    answer: (sent) => {
      const rows = pages[Math.min(sent.length, pages.length) - 1]!;
      return { approvalRequests: { __typename: 'ApprovalRequestPage', total: rows.length, rows } };
    },
  });
}

const push = (event: LiveEvent) => act(() => liveTab.dispatch(event));
const change = (area: string): LiveEvent => ({ type: 'change', id: '9', area, ids: ['42'], version: null });

beforeAll(() => provideLiveTab(liveTab));
afterAll(() => provideLiveTab(null));

describe('PendingApproval', () => {
  it("names the record's pending request: what, who asked, how much, until when, and its address", async () => {
    const sent = renderNotice(['PAYMENT_CANCEL'], [[REQUEST]]);
    const notice = await screen.findByTestId('pending-approval');
    expect(within(notice).getByText('Pendiente de aprobación')).toBeTruthy();
    const line = within(notice).getByTestId('pending-approval-request');
    expect(line).toHaveTextContent('Cancelar pago');
    expect(line).toHaveTextContent('Pidió: operador');
    expect(line).toHaveTextContent('Importe: $ 1.500,50');
    expect(line).toHaveTextContent('Vence: 01/12/2026 10:00:00');
    const link = within(line).getByRole('link', { name: 'Ver solicitud N.º 42' });
    expect(link.getAttribute('href')).toBe('/aprobaciones?solicitud=42');
    // Only the pending requests of the detail's own kind (another area's record may share the id).
    expect(sent).toEqual([
      {
        name: 'RecordPendingApprovals',
        variables: { recordId: '1000005', area: 'payments', pageSize: 5 },
      },
    ]);
  });

  it('says nothing while nothing is pending', async () => {
    const sent = renderNotice(['PAYMENT_CANCEL'], [[]]);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(screen.queryByTestId('pending-approval')).toBeNull();
  });

  it('is nothing, and asks nothing, for an operator without any approval permission', async () => {
    const sent = renderNotice(['PAYMENT_SHOW' as Permission, 'ACTIVITY_SHOW'], [[REQUEST]]);
    // Their effects run: without the permission (or a number) no query is made, whatever time passes.
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.queryByTestId('pending-approval')).toBeNull();
    expect(sent).toEqual([]);
  });

  it("reads again on a live change of area 'approvals' (once for a burst) and on a reset, not on another area's", async () => {
    const sent = renderNotice(['PAYMENT_CANCEL'], [[], [REQUEST], []]);
    await waitFor(() => expect(sent).toHaveLength(1));
    push(change('payments'));
    push(change('approvals'));
    push(change('approvals'));
    await screen.findByTestId('pending-approval');
    expect(sent).toHaveLength(2);
    // Decided elsewhere: the reset of the stream reads it again, and the notice goes.
    push({ type: 'reset' });
    await waitFor(() => expect(screen.queryByTestId('pending-approval')).toBeNull());
    expect(sent).toHaveLength(3);
  });
});
