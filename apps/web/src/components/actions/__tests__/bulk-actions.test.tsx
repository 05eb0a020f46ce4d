import { useEffect, type ReactNode } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { ApolloClient, ApolloLink, InMemoryCache, Observable, gql } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import { act, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BulkFlowDialogs } from '@/components/dialogs/bulk-flow-dialogs';
import type { BulkResultLike } from '@/components/dialogs/bulk-progress';
import { FlowReasonInput } from '@/components/dialogs/flow-inputs';
import { useBulkFlow } from '@/components/dialogs/use-bulk-flow';
import { NotificationsProvider } from '@/lib/notifications';
import type { MutationOutcome, OutcomePayloadLike } from '@/lib/mutation-outcome';
import { useBulkActions, type BulkTarget } from '../bulk-actions';
import { detailActionKit } from '../declared-dialogs';
import { useRowActions, type DetailActionTable } from '../detail-actions';

interface Thing {
  id: string;
}
interface Filter {
  status?: string;
}
interface BulkPayload {
  outcome: MutationOutcome;
  error: { message: string; code: string } | null;
  results: BulkResultLike[];
}

const BULK_CANCEL: TypedDocumentNode<
  { bulkCancel: BulkPayload | null },
  { ids?: string[]; matching?: object; reason: string; idempotencyKey: string }
> = gql`
  mutation BulkCancel($ids: [ID!], $matching: Matching, $reason: String!, $idempotencyKey: String!) {
    bulkCancel(ids: $ids, matching: $matching, reason: $reason, idempotencyKey: $idempotencyKey) {
      outcome
      error {
        message
        code
      }
      results {
        id
        outcome
        error {
          message
          code
        }
      }
    }
  }
`;
const REFRESH: TypedDocumentNode<
  { refresh: OutcomePayloadLike | null },
  { id: string; idempotencyKey: string }
> = gql`
  mutation Refresh($id: ID!, $idempotencyKey: String!) {
    refresh(id: $id, idempotencyKey: $idempotencyKey) {
      outcome
    }
  }
`;

const kit = detailActionKit<Thing, null>();
type Target = BulkTarget<Filter>;

/** A table whose CANCEL runs on a row (a reason dialog) and on a selection (`bulk`); REFRESH writes on the press. */
const TABLE: DetailActionTable<'CANCEL' | 'REFRESH', Thing, null> = {
  CANCEL: kit.mutation({
    meta: { label: 'Anular', icon: BlockOutlined },
    dialog: kit.reason(() => ({ title: 'Anular', description: 'Se anulará.', submitLabel: 'Anular' })),
    mutation: BULK_CANCEL,
    variables: (reason, { record, idempotencyKey }) => ({ ids: [record.id], reason, idempotencyKey }),
    payload: (data) => data.bulkCancel,
    success: 'Anulada',
    bulk: kit.bulk({
      mutation: BULK_CANCEL,
      variables: (value: { reason: string }, { selection }: Target) => ({
        ...selection,
        reason: value.reason,
      }),
      results: (data) => data.bulkCancel,
    }),
  }),
  REFRESH: kit.send({
    meta: { label: 'Actualizar', icon: ReplayOutlined },
    mutation: REFRESH,
    variables: ({ record }) => ({ id: record.id }),
    payload: (data) => data.refresh,
    success: 'Actualizado',
  }),
};

type Answer = object | 'network';

/** The gateway: each answer in turn ('network': the request never arrives), every request's variables kept. */
function gateway(answers: Answer[]) {
  const sent: Record<string, unknown>[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        sent.push(operation.variables);
        const answer = answers.shift();
        if (answer === 'network' || answer === undefined) {
          observer.error(new TypeError('Failed to fetch'));
          return;
        }
        observer.next({ data: answer });
        observer.complete();
      }),
  );
  const client = new ApolloClient({ cache: new InMemoryCache(), link });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApolloProvider client={client}>
      <NotificationsProvider>{children}</NotificationsProvider>
    </ApolloProvider>
  );
  return { sent, wrapper };
}

const result = (id: string, outcome: MutationOutcome): BulkResultLike => ({
  id,
  outcome,
  error: outcome === 'SUCCESS' ? null : { message: 'No se pudo anular', code: 'ACTION_NOT_ALLOWED' },
});
const bulkAnswer = (outcome: MutationOutcome, results: BulkResultLike[]) => ({
  bulkCancel: { outcome, error: null, results },
});
const keyOf = (variables: Record<string, unknown> | undefined) => variables?.idempotencyKey;

function useRunner(filter: Filter | null = { status: 'OPEN' }) {
  return useBulkActions<'CANCEL' | 'REFRESH', { reason: string }, BulkResultLike, Filter>(TABLE, filter);
}

// MUI in jsdom on a shared 2-core machine: a dialog test takes seconds, not milliseconds.
describe('useBulkActions: the bulk declared in an action table, run by the kit', { timeout: 60_000 }, () => {
  it("sends the kind's document with the selection and the value, and answers the results it carries", async () => {
    const { sent, wrapper } = gateway([
      bulkAnswer('FAILED', [result('1', 'SUCCESS'), result('2', 'FAILED')]),
      bulkAnswer('SUCCESS', [result('3', 'SUCCESS')]),
    ]);
    const { result: hook } = renderHook(() => useRunner(), { wrapper });
    let results: BulkResultLike[] = [];
    await act(async () => void (results = await hook.current('CANCEL', ['1', '2'], { reason: 'Cierre' })));
    expect(results.map((r) => [r.id, r.outcome])).toEqual([
      ['1', 'SUCCESS'],
      ['2', 'FAILED'],
    ]);
    expect(sent[0]).toMatchObject({ ids: ['1', '2'], reason: 'Cierre' });
    expect(typeof keyOf(sent[0])).toBe('string');
    // Every item matching the search: the list's filter and the confirmed count, no ids.
    await act(async () => void (await hook.current('CANCEL', [], { reason: 'Cierre' }, { count: 3 })));
    expect(sent[1]).toMatchObject({
      matching: { filter: { status: 'OPEN' }, expectedCount: 3 },
      reason: 'Cierre',
    });
    expect(sent[1]).not.toHaveProperty('ids');
  });

  it('keeps the key while the answer is UNKNOWN: pressing again is the same request', async () => {
    const { sent, wrapper } = gateway([
      bulkAnswer('UNKNOWN', [result('1', 'SUCCESS'), result('2', 'UNKNOWN')]),
      bulkAnswer('SUCCESS', [result('1', 'SUCCESS'), result('2', 'SUCCESS')]),
    ]);
    const { result: hook } = renderHook(() => useRunner(), { wrapper });
    await act(async () => void (await hook.current('CANCEL', ['1', '2'], { reason: 'Cierre' })));
    await act(async () => void (await hook.current('CANCEL', ['1', '2'], { reason: 'Cierre' })));
    expect(sent).toHaveLength(2);
    expect(keyOf(sent[1])).toBe(keyOf(sent[0]));
  });

  it('renews the key after a definite answer (done, or refused as a whole)', async () => {
    const { sent, wrapper } = gateway([
      bulkAnswer('SUCCESS', [result('1', 'SUCCESS')]),
      {
        bulkCancel: {
          outcome: 'FAILED',
          error: { message: 'La búsqueda cambió', code: 'INVALID_INPUT' },
          results: [],
        },
      },
      bulkAnswer('SUCCESS', [result('1', 'SUCCESS')]),
    ]);
    const { result: hook } = renderHook(() => useRunner(), { wrapper });
    await act(async () => void (await hook.current('CANCEL', ['1'], { reason: 'Cierre' })));
    let refusal: unknown;
    await act(async () => {
      refusal = await hook.current('CANCEL', ['1'], { reason: 'Cierre' }).catch((error: unknown) => error);
    });
    expect(refusal).toMatchObject({ name: 'MutationRefusal', message: 'La búsqueda cambió' });
    await act(async () => void (await hook.current('CANCEL', ['1'], { reason: 'Cierre' })));
    expect(new Set(sent.map(keyOf)).size).toBe(3);
  });

  it('another request never reuses a kept key (the gateway refuses a used key for another request)', async () => {
    const { sent, wrapper } = gateway([
      bulkAnswer('UNKNOWN', [result('1', 'UNKNOWN')]),
      bulkAnswer('SUCCESS', [result('1', 'SUCCESS')]),
    ]);
    const { result: hook } = renderHook(() => useRunner(), { wrapper });
    await act(async () => void (await hook.current('CANCEL', ['1'], { reason: 'Cierre' })));
    await act(async () => void (await hook.current('CANCEL', ['1'], { reason: 'Otro motivo' })));
    expect(keyOf(sent[1])).not.toBe(keyOf(sent[0]));
  });

  it('refuses a kind the table declares no bulk for, sending nothing', async () => {
    const { sent, wrapper } = gateway([]);
    const { result: hook } = renderHook(() => useRunner(), { wrapper });
    await expect(hook.current('REFRESH', ['1'], { reason: 'x' })).rejects.toThrow('Acción no disponible.');
    expect(sent).toHaveLength(0);
  });
});

const noun = { one: 'cosa', many: 'cosas', gender: 'feminine' } as const;
const TEXTS = {
  title: 'Anular cosa',
  description: (id: string) => `Se anulará la cosa ${id}.`,
  submit: 'Anular',
  bulkTitle: 'Anular cosas',
  bulkConfirm: 'Se anularán las siguientes cosas:',
  bulkDescription: (count: number) => `Se anularán ${count} cosas.`,
  bulkSubmit: 'Anular cosas',
  success: 'Cosa anulada correctamente',
};

/** The flow dialogs' parts that do not change: the texts, how a row reads, its reason step. */
const FLOW_PARTS = {
  texts: () => TEXTS,
  noun,
  getId: (row: Thing) => row.id,
  columns: [{ header: 'ID', render: (row: Thing) => row.id }],
  renderInput: (props: Parameters<typeof FlowReasonInput>[0]) => <FlowReasonInput {...props} />,
};

/** The list's flow over two selected rows, run by the kit's runner; `onBulkResults` is what deselects the done rows. */
function Flow({ onBulkResults }: { onBulkResults(results: BulkResultLike[]): void }) {
  const control = useBulkFlow<'CANCEL', Thing, { reason: string }>();
  const runBulk = useRunner();
  const { startBulk } = control;
  useEffect(() => startBulk('CANCEL', [{ id: '1' }, { id: '2' }]), [startBulk]);
  return (
    <BulkFlowDialogs {...FLOW_PARTS} control={control} runBulk={runBulk} onBulkResults={onBulkResults} />
  );
}

describe('a bulk flow on the kit runner', { timeout: 60_000 }, () => {
  it('a network failure: a Spanish error on every item, the selection kept, the retry under the same key', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent, wrapper } = gateway([
      'network',
      bulkAnswer('SUCCESS', [result('1', 'SUCCESS'), result('2', 'SUCCESS')]),
    ]);
    const onBulkResults = vi.fn();
    render(<Flow onBulkResults={onBulkResults} />, { wrapper });
    await user.click(await screen.findByRole('button', { name: 'Continuar' }));
    await user.type(await screen.findByLabelText(/motivo/i), 'Cierre de período');
    await user.click(screen.getByRole('button', { name: 'Anular cosas' }));
    const progress = await screen.findByRole('dialog', { name: 'Anular cosas' });
    await waitFor(() =>
      expect(
        within(progress).getAllByText(
          'No se pudo conectar con el servidor. Verifique su conexión e intente nuevamente.',
        ),
      ).toHaveLength(2),
    );
    // No answer: nothing is applied to the list, so no row leaves the selection.
    expect(onBulkResults).not.toHaveBeenCalled();
    await user.click(within(progress).getByRole('button', { name: /Reintentar fallidos/ }));
    await waitFor(() => expect(onBulkResults).toHaveBeenCalledTimes(1));
    expect(sent).toHaveLength(2);
    expect(keyOf(sent[1])).toBe(keyOf(sent[0]));
  });
});

/** A row whose REFRESH is a declared press that writes (`kit.send`). */
function RefreshRow() {
  const rows = useRowActions(TABLE, { context: null, refetch: async () => undefined });
  return (
    <>
      <button type="button" onClick={() => rows.run('REFRESH', { id: '7' })}>
        Actualizar
      </button>
      {rows.dialog}
    </>
  );
}

describe("kit.send: a press that writes, its answer a toast, its key the kit's", { timeout: 60_000 }, () => {
  it('an UNKNOWN answer keeps the key for the next press; a definite one renews it', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent, wrapper } = gateway([
      { refresh: { outcome: 'UNKNOWN', error: null } },
      { refresh: { outcome: 'SUCCESS', error: null } },
      { refresh: { outcome: 'SUCCESS', error: null } },
    ]);
    render(<RefreshRow />, { wrapper });
    const press = screen.getByRole('button', { name: 'Actualizar' });
    await user.click(press);
    expect(await screen.findByText(/Resultado desconocido/)).toBeInTheDocument();
    await user.click(press);
    expect(await screen.findByText('Actualizado')).toBeInTheDocument();
    await user.click(press);
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[0]).toMatchObject({ id: '7' });
    expect(keyOf(sent[1])).toBe(keyOf(sent[0]));
    expect(keyOf(sent[2])).not.toBe(keyOf(sent[1]));
  });

  it('a request that never arrived: its Spanish error as a toast, and the same key on the next press', async () => {
    const user = userEvent.setup({ delay: null });
    const { sent, wrapper } = gateway(['network', { refresh: { outcome: 'SUCCESS', error: null } }]);
    render(<RefreshRow />, { wrapper });
    const press = screen.getByRole('button', { name: 'Actualizar' });
    await user.click(press);
    expect(await screen.findByText(/No se pudo conectar con el servidor/)).toBeInTheDocument();
    await user.click(press);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(keyOf(sent[1])).toBe(keyOf(sent[0]));
  });
});
