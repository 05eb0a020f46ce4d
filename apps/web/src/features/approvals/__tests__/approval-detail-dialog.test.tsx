import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { of } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCache } from '@/lib/apollo';
import { provideLiveTab } from '@/lib/live/live-access';
import { liveTab } from '@/lib/live/live-tab';
import { NotificationsProvider } from '@/lib/notifications';
import { CurrentUserContext, type Permission } from '@/lib/permissions';
import { ApprovalDetailDialog, type ApprovalDetailDialogProps } from '../components/approval-detail-dialog';
import type { ApprovalRequestRowFragment } from '../gql/graphql';
import { REQUEST } from './request-fixture';

/**
 * The dialog (for supervisor, holding `permissions`) on a client whose link answers each decision with `answer` and
 * records what it was sent.
 */
function renderDialog(
  request: ApprovalRequestRowFragment,
  answer: (name: string) => Record<string, unknown> | null = () => null,
  {
    permissions = ['PAYMENT_CANCEL', 'ACTIVITY_SHOW'],
    ...props
  }: { permissions?: Permission[] } & Partial<ApprovalDetailDialogProps> = {},
) {
  const sent: { name: string; variables: Record<string, unknown> }[] = [];
  const link = new ApolloLink((operation) => {
    const name = operation.operationName ?? '';
    sent.push({ name, variables: operation.variables });
    return of({ data: answer(name) });
  });
  const onClose = vi.fn();
  const onDecided = vi.fn();
  const user = { username: 'supervisor', name: null, email: null, permissions };
  render(
    <ApolloProvider client={new ApolloClient({ cache: createCache(), link })}>
      <CurrentUserContext.Provider value={user}>
        <MemoryRouter initialEntries={[`/aprobaciones?solicitud=${request.id}`]}>
          <NotificationsProvider>
            <ApprovalDetailDialog request={request} onClose={onClose} onDecided={onDecided} {...props} />
          </NotificationsProvider>
        </MemoryRouter>
      </CurrentUserContext.Provider>
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

beforeAll(() => provideLiveTab(liveTab));
afterAll(() => provideLiveTab(null));

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

  it('links each record to its detail and to its activity', () => {
    const { dialog } = renderDialog({ ...REQUEST, targetIds: ['1000001', '1000002'] });
    const records = within(dialog).getByTestId('approval-records');
    expect(within(records).getByRole('link', { name: 'Ver el registro 1000002' }).getAttribute('href')).toBe(
      '/pago/1000002',
    );
    expect(
      within(records)
        .getByRole('link', { name: 'Ver la actividad del registro 1000001' })
        .getAttribute('href'),
    ).toBe('/actividad?area=payments&registro=1000001');
  });

  it('names a record without a detail by its id, and offers no activity without ACTIVITY_SHOW', () => {
    const { dialog } = renderDialog({ ...REQUEST, area: 'withdrawals', targetIds: ['77'] }, undefined, {
      permissions: ['WITHDRAWAL_AUTHORIZE'],
    });
    const records = within(dialog).getByTestId('approval-records');
    expect(records).toHaveTextContent(/^77$/);
    expect(within(records).queryAllByRole('link')).toEqual([]);
  });

  it("opens on the palette's decision: 'Rechazar' with its reason, 'Aprobar' with the focus on it", async () => {
    renderDialog(REQUEST, undefined, { decision: 'REJECT' });
    expect(await screen.findByRole('dialog', { name: 'Rechazar solicitud N.º 17' })).toBeVisible();
  });

  it("gives 'Aprobar' the focus when the palette chose it", async () => {
    const { dialog } = renderDialog(REQUEST, undefined, { decision: 'APPROVE' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Aprobar' })).toHaveFocus());
  });

  it('does not open on a decision the operator may not take', () => {
    renderDialog({ ...REQUEST, canDecide: false }, undefined, { decision: 'REJECT' });
    expect(screen.getByRole('dialog', { name: 'Solicitud N.º 17' })).toBeVisible();
  });

  it('is declared open to the live updates, and says who else is on it', async () => {
    liveTab.username = 'supervisor';
    const { dialog } = renderDialog(REQUEST);
    expect(liveTab.declarations()).toEqual([{ area: 'approvals', id: '17', dialog: null }]);
    act(() =>
      liveTab.dispatch({
        type: 'presence',
        area: 'approvals',
        id: '17',
        viewers: [
          { username: 'admin', dialog: null },
          { username: 'supervisor', dialog: null },
        ],
      }),
    );
    expect(within(dialog).getByTestId('record-presence')).toHaveTextContent('También está viendo: admin');
    liveTab.username = '';
  });
});
