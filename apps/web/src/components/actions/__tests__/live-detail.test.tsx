import {
  ApolloClient,
  ApolloLink,
  InMemoryCache,
  Observable,
  gql,
  type TypedDocumentNode,
} from '@apollo/client';
import { ApolloProvider, useQuery } from '@apollo/client/react';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FreshnessNotice, useFreshRecord } from '@/components/detail/fresh-record';
import { provideLiveTab } from '@/lib/live/live-access';
import { liveTab } from '@/lib/live/live-tab';
import type { LiveEvent } from '@/lib/live/protocol';
import type { OutcomePayloadLike } from '@/lib/mutation-outcome';
import { NotificationsProvider } from '@/lib/notifications';
import { detailActionKit } from '../declared-dialogs';
import { useDetailActions, type DetailActionTable } from '../detail-actions';

/** A payment as the live updates name it (`__typename` Payment: area 'payments'). */
interface Pay {
  __typename: 'Payment';
  id: string;
  version: number;
}
const PAYMENT: TypedDocumentNode<{ payment: Pay }, { id: string }> = gql`
  query LivePayment($id: ID!) {
    payment(id: $id) {
      id
      version
    }
  }
`;
const CANCEL: TypedDocumentNode<{ cancelPayment: OutcomePayloadLike }, { id: string; reason: string }> = gql`
  mutation LiveCancel($id: ID!, $reason: String!) {
    cancelPayment(id: $id, reason: $reason) {
      outcome
    }
  }
`;
const kit = detailActionKit<Pay, object>();
const TABLE: DetailActionTable<'CANCEL', Pay, object> = {
  CANCEL: kit.mutation({
    meta: { label: 'Cancelar', icon: BlockOutlined, placement: 'operation', order: 1 },
    dialog: kit.reason(() => ({
      title: 'Cancelar pago',
      description: 'Se cancelará.',
      submitLabel: 'Cancelar pago',
    })),
    mutation: CANCEL,
    variables: (reason, { record }) => ({ id: record.id, reason }),
    payload: (data) => data.cancelPayment,
    success: 'Pago cancelado correctamente',
  }),
};

function PaymentDetail() {
  const result = useQuery(PAYMENT, { variables: { id: '1000018' } });
  const fresh = useFreshRecord(PAYMENT, { id: '1000018' }, result, (data) => data.payment);
  const record = result.data?.payment;
  const actions = useDetailActions(TABLE, {
    record,
    context: {},
    refetch: result.refetch,
    ...fresh.forActions,
  });
  if (!record) return null;
  return (
    <>
      <FreshnessNotice fresh={fresh} />
      <button onClick={() => actions.run('CANCEL')}>Cancelar</button>
      {actions.dialog}
    </>
  );
}

/**
 * The payment at `versions[n]` on its n-th read (the last one after); the reads counted. `routedAt`: the detail shown
 * by a router at that address (its `router` answered), as the app shows it.
 */
function renderPayment(versions: number[], { routedAt }: { routedAt?: string } = {}) {
  let reads = 0;
  const link = new ApolloLink(
    () =>
      new Observable((observer) => {
        const version = versions[Math.min(reads++, versions.length - 1)];
        observer.next({ data: { payment: { __typename: 'Payment', id: '1000018', version } } } as never);
        observer.complete();
      }),
  );
  const router = routedAt
    ? createMemoryRouter([{ path: '/pago/:id', element: <PaymentDetail /> }], { initialEntries: [routedAt] })
    : null;
  render(
    <ApolloProvider client={new ApolloClient({ cache: new InMemoryCache(), link })}>
      <NotificationsProvider>
        {router ? <RouterProvider router={router} /> : <PaymentDetail />}
      </NotificationsProvider>
    </ApolloProvider>,
  );
  return { reads: () => reads, router };
}

const push = (event: LiveEvent) => act(() => liveTab.dispatch(event));
const change = (ids: string[]): LiveEvent => ({
  type: 'change',
  id: '9',
  area: 'payments',
  ids,
  version: null,
});
const viewers = (...list: [string, string | null][]): LiveEvent => ({
  type: 'presence',
  area: 'payments',
  id: '1000018',
  viewers: list.map(([username, dialog]) => ({ username, dialog })),
});

afterEach(() => {
  liveTab.username = '';
});

// The live updates as the shell hands them over once started (`start-live.ts`).
beforeAll(() => provideLiveTab(liveTab));
afterAll(() => provideLiveTab(null));

describe('a detail and the live updates', { timeout: 60_000 }, () => {
  it('checks at once on a change pushed for its record, not for another one', async () => {
    const { reads } = renderPayment([3, 4]);
    await screen.findByRole('button', { name: 'Cancelar' });
    push(change(['1000019']));
    expect(reads()).toBe(1);
    push(change(['1000017', '1000018']));
    // Without the push, the check would come with the 30 s poll: the notice now.
    expect(await screen.findByRole('alert')).toHaveTextContent('Otro operador modificó este registro');
  });

  it('says nothing when the change pushed is the version it shows (the operator’s own)', async () => {
    const { reads } = renderPayment([3]);
    await screen.findByRole('button', { name: 'Cancelar' });
    push({ type: 'reset' });
    await waitFor(() => expect(reads()).toBe(2));
    await waitFor(() => expect(screen.getByTestId('record-freshness').dataset.checkedAt).not.toBe('0'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('declares the record open, and the dialog’s kind while it is open', async () => {
    const user = userEvent.setup({ delay: null });
    renderPayment([3]);
    await screen.findByRole('button', { name: 'Cancelar' });
    expect(liveTab.declarations()).toEqual([{ area: 'payments', id: '1000018', dialog: null }]);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar pago' });
    expect(liveTab.declarations()).toEqual([{ area: 'payments', id: '1000018', dialog: 'cancel' }]);
    await user.click(within(dialog).getAllByRole('button', { name: 'Cerrar' }).at(-1)!);
    await waitFor(() =>
      expect(liveTab.declarations()).toEqual([{ area: 'payments', id: '1000018', dialog: null }]),
    );
  });

  it('shows the other operators who have it open, not the operator himself', async () => {
    liveTab.username = 'operador';
    renderPayment([3]);
    await screen.findByRole('button', { name: 'Cancelar' });
    push(viewers(['operador', null], ['admin', null]));
    expect(screen.getByTestId('record-presence')).toHaveTextContent('También está viendo: admin');
    push(viewers(['operador', null]));
    expect(screen.getByTestId('record-presence')).toHaveTextContent(/^$/);
  });

  it('warns before a dialog on a record where another operator has one open', async () => {
    const user = userEvent.setup({ delay: null });
    liveTab.username = 'operador';
    renderPayment([3]);
    await screen.findByRole('button', { name: 'Cancelar' });
    push(viewers(['operador', null], ['admin', 'refund']));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    const warning = await screen.findByTestId('live-dialog-warning');
    expect(warning).toHaveTextContent('admin está reembolsando este pago');
    await user.click(within(warning).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByTestId('live-dialog-warning')).toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Cancelar pago' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    await user.click(
      within(await screen.findByTestId('live-dialog-warning')).getByRole('button', { name: 'Continuar' }),
    );
    expect(await screen.findByRole('dialog', { name: 'Cancelar pago' })).toBeVisible();
  });

  it("says in the open dialog that another operator changed the record, 'Recargar' in place of its action", async () => {
    const user = userEvent.setup({ delay: null });
    const { reads } = renderPayment([3, 3, 4, 4]);
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar pago' });
    await waitFor(() => expect(reads()).toBe(2)); // the check as it opened: nothing changed yet
    expect(within(dialog).getByRole('button', { name: 'Cancelar pago' })).toBeVisible();
    push(change(['1000018']));
    expect(await within(dialog).findByTestId('dialog-feedback')).toHaveTextContent(
      'Otro operador modificó este registro',
    );
    expect(within(dialog).queryByRole('button', { name: 'Cancelar pago' })).toBeNull();
    // One notice at a time: the page's steps aside while the dialog says it.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Recargar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(reads()).toBe(4));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('presses the action the address names (?accion=CANCEL, the palette), once, and drops it from the address', async () => {
    window.history.replaceState(null, '', '/pago/1000018?accion=CANCEL&version=2');
    try {
      renderPayment([3]);
      expect(await screen.findByRole('dialog', { name: 'Cancelar pago' })).toBeVisible();
      expect(window.location.search).toBe('?version=2');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('presses the action the palette names for the record already shown (only the address changes)', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = renderPayment([3], { routedAt: '/pago/1000018' });
    await screen.findByRole('button', { name: 'Cancelar' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => router!.navigate('/pago/1000018?accion=CANCEL'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar pago' });
    await user.click(within(dialog).getAllByRole('button', { name: 'Cerrar' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Chosen again from the palette: a new navigation, pressed again.
    await act(() => router!.navigate('/pago/1000018?accion=CANCEL'));
    expect(await screen.findByRole('dialog', { name: 'Cancelar pago' })).toBeVisible();
  });
});
