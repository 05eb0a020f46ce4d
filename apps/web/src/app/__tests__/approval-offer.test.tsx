import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Permission } from '@/lib/permissions';
import { renderForOperator } from '@/test/operator-gateway';
import { approvalOfferOf, requestNumberIn, useApprovalOffer } from '../search/approval-offer';

const PENDING = {
  __typename: 'ApprovalRequest',
  id: '42',
  action: 'cancelPayment',
  status: 'PENDING',
  canDecide: true,
} as const;

/** What the palette offers for `text` to an operator holding `permissions`; the operations the gateway received. */
function Offer({ text }: { text: string }) {
  const offer = useApprovalOffer(text);
  return <p data-testid="offer">{offer ? offer.actions.map((action) => action.text).join(' | ') : 'nada'}</p>;
}
const renderOffer = (text: string, permissions: Permission[]) =>
  renderForOperator(<Offer text={text} />, {
    permissions,
    path: '/home',
    answer: () => ({ approvalRequest: PENDING }),
  });

describe("the palette's decisions on an approval request", () => {
  it("reads a request number as the palette reads ids: bare or after #, not a group's word", () => {
    const read = ['42', ' #42 ', 'pago 42', 'María', '20-28456789-8'].map(requestNumberIn);
    expect(read).toEqual(['42', '42', null, null, null]);
  });

  it("offers 'Aprobar' and 'Rechazar' on a pending request, each opening it on that decision", () => {
    expect(approvalOfferOf(PENDING)).toEqual({
      id: '42',
      label: 'Solicitud N.º 42 · Cancelar pago',
      actions: [
        {
          kind: 'APPROVE',
          text: 'Aprobar solicitud N.º 42',
          reason: '',
          path: '/aprobaciones?solicitud=42&accion=APPROVE',
        },
        {
          kind: 'REJECT',
          text: 'Rechazar solicitud N.º 42',
          reason: '',
          path: '/aprobaciones?solicitud=42&accion=REJECT',
        },
      ],
    });
  });

  it('says why when the operator may not decide it, and offers nothing once decided', () => {
    const offer = approvalOfferOf({ ...PENDING, canDecide: false });
    expect(offer?.actions.map((action) => action.reason)).toEqual([
      'No puede decidirla: la pidió usted o ya la aprobó.',
      'No puede decidirla: la pidió usted o ya la aprobó.',
    ]);
    expect(approvalOfferOf({ ...PENDING, status: 'APPROVED' })).toBeNull();
  });

  it('asks the request of a number typed by an operator holding an approval permission', async () => {
    const sent = renderOffer('42', ['PAYMENT_CANCEL']);
    await waitFor(() =>
      expect(screen.getByTestId('offer')).toHaveTextContent(
        'Aprobar solicitud N.º 42 | Rechazar solicitud N.º 42',
      ),
    );
    expect(sent).toEqual([{ name: 'SearchApprovalRequest', variables: { id: '42' } }]);
  });

  it('asks nothing of an operator without any approval permission, nor for a text that is not a number', async () => {
    const withoutPermission = renderOffer('42', ['PAYMENT_SHOW' as Permission]);
    const notANumber = renderOffer('María', ['PAYMENT_CANCEL']);
    // Their effects run: without the permission (or a number) no query is made, whatever time passes.
    await act(async () => {
      await Promise.resolve();
    });
    expect([...withoutPermission, ...notANumber]).toEqual([]);
    expect(screen.getAllByTestId('offer').map((offer) => offer.textContent)).toEqual(['nada', 'nada']);
  });
});
