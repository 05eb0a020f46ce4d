import { ApolloClient, ApolloLink, InMemoryCache, gql, type TypedDocumentNode } from '@apollo/client';
import { of } from 'rxjs';
import { ApolloProvider } from '@apollo/client/react';
import PaidOutlined from '@mui/icons-material/PaidOutlined';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NotificationsProvider } from '@/lib/notifications';
import type { OutcomePayloadLike } from '@/lib/mutation-outcome';
import { detailActionKit } from '../declared-dialogs';
import { useDetailActions, type DetailActionTable } from '../detail-actions';

interface Charge {
  id: string;
}
type RefundAnswer = OutcomePayloadLike & { __typename: 'RefundPayload' };

const REFUND: TypedDocumentNode<{ refund: RefundAnswer }, { id: string; idempotencyKey: string }> = gql`
  mutation Refund($id: ID!, $idempotencyKey: String!) {
    refund(id: $id, idempotencyKey: $idempotencyKey) {
      outcome
      approval {
        id
        status
        expiresAt
      }
    }
  }
`;

const kit = detailActionKit<Charge, null>();
const MONEY: DetailActionTable<'REFUND', Charge, null> = {
  REFUND: kit.mutation({
    meta: { label: 'Devolver', icon: PaidOutlined, placement: 'operation', order: 1 },
    dialog: kit.confirm(({ record }) => ({ title: 'Devolver cobro', message: `Se devolverá ${record.id}.` })),
    mutation: REFUND,
    variables: (_sent, { record, idempotencyKey }) => ({ id: record.id, idempotencyKey }),
    payload: (data) => data.refund,
    success: 'Cobro devuelto',
  }),
};

function ChargeDetail() {
  const actions = useDetailActions(MONEY, { record: { id: 'C9' }, context: null, refetch: async () => null });
  return (
    <>
      <button onClick={() => actions.run('REFUND')}>Devolver</button>
      {actions.dialog}
    </>
  );
}

describe("the maker's dialog of a move held for approval", { timeout: 60_000 }, () => {
  it("ends with 'Pendiente de aprobación' and the request's number, only 'Cerrar' left, no toast", async () => {
    const sent = vi.fn();
    const held = {
      __typename: 'RefundPayload',
      outcome: 'PENDING_APPROVAL',
      approval: {
        __typename: 'ApprovalRequest',
        id: '42',
        status: 'PENDING',
        expiresAt: '2026-12-01T12:00:00Z',
      },
    };
    const link = new ApolloLink((operation) => {
      sent(operation.variables);
      return of({ data: { refund: held } });
    });
    render(
      <ApolloProvider client={new ApolloClient({ cache: new InMemoryCache(), link })}>
        <NotificationsProvider>
          <ChargeDetail />
        </NotificationsProvider>
      </ApolloProvider>,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Devolver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Devolver cobro' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    const feedback = await within(dialog).findByTestId('dialog-feedback');
    expect(feedback).toHaveTextContent('Pendiente de aprobación');
    expect(feedback).toHaveTextContent('otro operador con el mismo permiso debe aprobarla');
    expect(feedback).toHaveTextContent('Solicitud N.º 42');
    // Neither an error nor a success: an information, the dialog open, no success toast.
    expect(feedback.className).toMatch(/Info/);
    expect(screen.queryByText('Cobro devuelto')).toBeNull();
    // The dialog's work ends: only 'Cerrar', nothing to send again.
    expect(within(dialog).queryByRole('button', { name: 'Confirmar' })).toBeNull();
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent || button.getAttribute('aria-label'));
    expect(buttons).toEqual(['Cerrar', 'Cerrar']);
    expect(sent).toHaveBeenCalledTimes(1);
  });
});
