import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { of } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { createCache } from '@/lib/apollo';
import { NotificationsProvider } from '@/lib/notifications';
import { ApprovalDetailDialog } from '../components/approval-detail-dialog';
import type { ApprovalRequestRowFragment } from '../gql/graphql';
import { REQUEST } from './request-fixture';

/** The dialog on a client whose link answers each decision with `answer` and records what it was sent. */
function renderDialog(
  request: ApprovalRequestRowFragment,
  answer: (name: string) => Record<string, unknown> | null = () => null,
) {
  const sent: { name: string; variables: Record<string, unknown> }[] = [];
  const link = new ApolloLink((operation) => {
    const name = operation.operationName ?? '';
    sent.push({ name, variables: operation.variables });
    return of({ data: answer(name) });
  });
  const onClose = vi.fn();
  const onDecided = vi.fn();
  render(
    <ApolloProvider client={new ApolloClient({ cache: createCache(), link })}>
      <NotificationsProvider>
        <ApprovalDetailDialog request={request} onClose={onClose} onDecided={onDecided} />
      </NotificationsProvider>
    </ApolloProvider>,
  );
  return { sent, onClose, onDecided, dialog: screen.getByRole('dialog') };
}

const refusal = (root: string, code: string, message: string) => ({
  [root]: {
    __typename: 'ApprovalPayload',
    outcome: 'FAILED',
    message: null,
    error: { __typename: 'OperationError', message, code, extendedCode: null, field: null },
    approval: null,
    request: null,
  },
});

describe('a request of Aprobaciones', { timeout: 60_000 }, () => {
  it('shows what will be sent as a readable list, the amount as money; no decision without canDecide', () => {
    const { dialog } = renderDialog({ ...REQUEST, canDecide: false });
    expect(within(dialog).getByRole('heading', { name: 'Solicitud N.º 17' })).toBeVisible();
    expect(within(dialog).getByText('Cancelar pago')).toBeVisible();
    expect(within(dialog).getByText('$ 1.500.000,50')).toBeVisible();
    const sent = within(dialog).getByRole('table', { name: 'Qué se enviará' });
    expect(within(sent).getByRole('row', { name: 'Registro 1000001' })).toBeVisible();
    expect(within(sent).getByRole('row', { name: 'Motivo Pedido del cliente' })).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Aprobar' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Rechazar' })).toBeNull();
  });

  it("'Aprobar' refused (its maker) shows the gateway's message in the dialog and reads the list again", async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, sent, onDecided, onClose } = renderDialog(REQUEST, () =>
      refusal('approveRequest', 'SELF_APPROVAL', 'No puede aprobar una operación que pidió usted.'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Aprobar' }));
    expect(await within(dialog).findByTestId('dialog-feedback')).toHaveTextContent(
      'No puede aprobar una operación que pidió usted.',
    );
    expect(sent).toEqual([
      { name: 'ApproveRequest', variables: { id: '17', idempotencyKey: expect.any(String) } },
    ]);
    await waitFor(() => expect(onDecided).toHaveBeenCalledTimes(1));
    expect(onClose).not.toHaveBeenCalled();
  });

  it("'Rechazar' asks a reason first, then sends it, says the gateway's words and closes", async () => {
    const user = userEvent.setup({ delay: null });
    const { sent, onDecided, onClose } = renderDialog(REQUEST, () => ({
      rejectRequest: {
        __typename: 'ApprovalPayload',
        outcome: 'SUCCESS',
        message: 'Solicitud 17 rechazada: no se enviará.',
        error: null,
        approval: null,
        request: { ...REQUEST, status: 'REJECTED', canDecide: false, rejectedBy: 'supervisor' },
      },
    }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Rechazar' }));
    const reject = await screen.findByRole('dialog', { name: 'Rechazar solicitud N.º 17' });
    await user.click(within(reject).getByRole('button', { name: 'Rechazar' }));
    expect(await within(reject).findByText('Disculpe, debe ingresar el motivo')).toBeVisible();
    expect(sent).toEqual([]);
    await user.type(
      within(reject).getByRole('textbox', { name: 'Motivo del rechazo' }),
      '  Importe equivocado ',
    );
    await user.click(within(reject).getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText('Solicitud 17 rechazada: no se enviará.')).toBeVisible();
    expect(sent).toEqual([
      {
        name: 'RejectRequest',
        variables: { id: '17', reason: 'Importe equivocado', idempotencyKey: expect.any(String) },
      },
    ]);
    expect(onClose).toHaveBeenCalled();
    expect(onDecided).toHaveBeenCalledTimes(1);
  });
});
