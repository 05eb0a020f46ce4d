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
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FreshnessNotice, useFreshRecord, withoutToolbarReload } from '@/components/detail/fresh-record';
import { NotificationsProvider } from '@/lib/notifications';
import type { OutcomePayloadLike } from '@/lib/mutation-outcome';
import { ActionToolbar, OPERATIONS_GROUP } from '../action-toolbar';
import type { ActionState } from '../action-registry';
import { detailActionKit } from '../declared-dialogs';
import { registryOf, useDetailActions, useRowActions, type DetailActionTable } from '../detail-actions';

interface Thing {
  id: string;
  version: number;
}
type Payload = OutcomePayloadLike & { __typename: 'ThingPayload' };

const CANCEL_THING: TypedDocumentNode<
  { cancelThing: Payload },
  { id: string; reason: string; idempotencyKey: string }
> = gql`
  mutation CancelThing($id: ID!, $reason: String!, $idempotencyKey: String!) {
    cancelThing(id: $id, reason: $reason, idempotencyKey: $idempotencyKey) {
      outcome
      error {
        message
        code
        extendedCode
      }
    }
  }
`;
const ARCHIVE_THING: TypedDocumentNode<{ archiveThing: Payload }, { id: string }> = gql`
  mutation ArchiveThing($id: ID!) {
    archiveThing(id: $id) {
      outcome
    }
  }
`;

const kit = detailActionKit<Thing, { area: string }>();

/** Two declared actions: a reason dialog that cancels, a confirmation that archives. */
const TABLE: DetailActionTable<'CANCEL' | 'ARCHIVE', Thing, { area: string }> = {
  CANCEL: kit.mutation({
    meta: { label: 'Anular', icon: BlockOutlined, placement: 'operation', order: 1 },
    dialog: kit.reason(({ record, context }) => ({
      title: 'Anular cosa',
      description: `Se anulará la ${context.area} ${record.id}.`,
      submitLabel: 'Anular cosa',
    })),
    mutation: CANCEL_THING,
    variables: (reason, { record, idempotencyKey }) => ({ id: record.id, reason, idempotencyKey }),
    payload: (data) => data.cancelThing,
    success: 'Cosa anulada correctamente',
  }),
  ARCHIVE: kit.mutation({
    meta: { label: 'Archivar', icon: ArchiveOutlined, placement: 'operation', order: 2 },
    dialog: kit.confirm(({ record }) => ({ title: 'Archivar cosa', message: `Se archivará ${record.id}.` })),
    mutation: ARCHIVE_THING,
    variables: (_sent, { record }) => ({ id: record.id }),
    payload: (data) => data.archiveThing,
    success: 'Cosa archivada correctamente',
  }),
};

const ACTIONS: ActionState<'CANCEL' | 'ARCHIVE'>[] = [
  { kind: 'CANCEL', enabled: true, permitted: true, reason: null },
  { kind: 'ARCHIVE', enabled: false, permitted: true, reason: 'Solo se archivan cosas anuladas.' },
];

const RECORD: Thing = { id: 'T1', version: 3 };
const CONTEXT = { area: 'cosa' };

function ThingDetail({ refetch }: { refetch(): Promise<unknown> }) {
  const actions = useDetailActions(TABLE, { record: RECORD, context: CONTEXT, refetch });
  return (
    <>
      <ActionToolbar
        registry={registryOf(TABLE)}
        groups={[OPERATIONS_GROUP]}
        actions={ACTIONS}
        busyKind={actions.busyKind}
        onRun={actions.run}
        ariaLabel="Acciones de la cosa"
      />
      {actions.dialog}
    </>
  );
}

/** The detail of a record another operator changed after it was shown: the check as a dialog opens says so. */
const reloadStale = vi.fn();
const checkOnOpen = vi.fn(async () => ({
  severity: 'warning' as const,
  title: 'Otro operador modificó este registro',
  message: 'Recargá para ver su estado actual antes de hacer otra acción.',
  reload: reloadStale,
}));
function StaleThingDetail({ refetch }: { refetch(): Promise<unknown> }) {
  const actions = useDetailActions(TABLE, { record: RECORD, context: CONTEXT, refetch, checkOnOpen });
  return (
    <>
      <button onClick={() => actions.run('CANCEL')}>Anular</button>
      {actions.dialog}
    </>
  );
}

/** The same table on a list's rows, and a row table whose success is said by the area (a result dialog). */
const ROW_TABLE: DetailActionTable<'CANCEL' | 'ARCHIVE', Thing, { area: string }> = {
  ...TABLE,
  ARCHIVE: kit.mutation({
    meta: TABLE.ARCHIVE.meta,
    dialog: kit.confirm(({ record }) => ({ title: 'Archivar cosa', message: `Se archivará ${record.id}.` })),
    mutation: ARCHIVE_THING,
    variables: (_sent, { record }) => ({ id: record.id }),
    payload: (data) => data.archiveThing,
    success: () => null,
    after: (_sent, _payload, { record }) => saidByTheArea(`Archivada ${record.id}`),
  }),
};
const saidByTheArea = vi.fn();

function ThingRows({ refetch }: { refetch(): Promise<unknown> }) {
  const actions = useRowActions(ROW_TABLE, { context: CONTEXT, refetch });
  return (
    <>
      {[RECORD, { id: 'T2', version: 1 }].map((row) => (
        <div key={row.id}>
          <button onClick={() => actions.run('CANCEL', row)}>Anular {row.id}</button>
          <button onClick={() => actions.run('ARCHIVE', row)}>Archivar {row.id}</button>
        </div>
      ))}
      {actions.dialog}
    </>
  );
}

/** The `run` functions `ThingRowsRun` was given, render after render. */
const runsSeen = new Set<unknown>();

function ThingRowsRun({ refetch }: { refetch(): Promise<unknown> }) {
  const actions = useRowActions(ROW_TABLE, { context: CONTEXT, refetch });
  runsSeen.add(actions.run);
  return (
    <>
      <button onClick={() => actions.run('CANCEL', RECORD)}>Anular {RECORD.id}</button>
      {actions.dialog}
    </>
  );
}

/** A client whose link answers each mutation from `answers` (in order) and records what it was sent. */
function renderDetail(answers: Payload[], Screen = ThingDetail) {
  const calls: { name: string; variables: Record<string, unknown> }[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        calls.push({ name: operation.operationName ?? '', variables: operation.variables });
        const answer = answers.shift();
        observer.next({ data: { cancelThing: answer, archiveThing: answer } } as never);
        observer.complete();
      }),
  );
  const client = new ApolloClient({ cache: new InMemoryCache(), link });
  const refetch = vi.fn(async () => undefined);
  render(
    <ApolloProvider client={client}>
      <NotificationsProvider>
        <Screen refetch={refetch} />
      </NotificationsProvider>
    </ApolloProvider>,
  );
  return { calls, refetch };
}

const reasonField = () => screen.getByRole('textbox', { name: 'Ingrese el motivo' });

// MUI in jsdom on a shared 2-core machine: a dialog test takes seconds, not milliseconds.
describe('useDetailActions (a detail action table)', { timeout: 60_000 }, () => {
  it("shows a declared action the gateway disabled with the gateway's reason", () => {
    renderDetail([]);
    expect(screen.getByRole('button', { name: 'Anular' })).toBeEnabled();
    expect(screen.getByTestId('action-reason-ARCHIVE')).toHaveAttribute(
      'data-reason',
      'Solo se archivan cosas anuladas.',
    );
  });

  it('opens the declared dialog, sends the declared mutation and variables, and shows the success text', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderDetail([{ __typename: 'ThingPayload', outcome: 'SUCCESS', error: null }]);
    await user.click(screen.getByRole('button', { name: 'Anular' }));
    expect(await screen.findByRole('dialog', { name: 'Anular cosa' })).toBeVisible();
    expect(screen.getByText('Se anulará la cosa T1.')).toBeVisible();
    await user.type(reasonField(), '  Pedido del cliente ');
    await user.click(screen.getByRole('button', { name: 'Anular cosa' }));
    expect(await screen.findByText('Cosa anulada correctamente')).toBeVisible();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.name).toBe('CancelThing');
    expect(calls[0]!.variables).toEqual({
      id: 'T1',
      reason: 'Pedido del cliente',
      idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Anular cosa' })).toBeNull());
  });

  it('keeps the dialog and what was typed after a refusal; a try after it is a new key, a try after an unknown outcome the same', async () => {
    const user = userEvent.setup({ delay: null });
    const refused: Payload = {
      __typename: 'ThingPayload',
      outcome: 'FAILED',
      error: { message: 'La cosa ya fue anulada.', code: 'already_cancelled', extendedCode: null },
    };
    const unknown = { ...refused, outcome: 'UNKNOWN' as const, error: null };
    const { calls, refetch } = renderDetail([refused, unknown, unknown]);
    await user.click(screen.getByRole('button', { name: 'Anular' }));
    await user.type(await screen.findByRole('textbox', { name: 'Ingrese el motivo' }), 'Duplicada');
    await user.click(screen.getByRole('button', { name: 'Anular cosa' }));
    expect(await screen.findByTestId('dialog-feedback')).toHaveTextContent('La cosa ya fue anulada.');
    expect(screen.getByRole('dialog', { name: 'Anular cosa' })).toBeVisible();
    expect(reasonField()).toHaveValue('Duplicada');
    expect(refetch).not.toHaveBeenCalled();

    // UNKNOWN: never a success; the record is read again and the dialog stays for the operator to decide.
    await user.click(screen.getByRole('button', { name: 'Anular cosa' }));
    await waitFor(() =>
      expect(screen.getByTestId('dialog-feedback')).toHaveTextContent('Resultado desconocido'),
    );
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(reasonField()).toHaveValue('Duplicada');
    // The refusal wrote nothing and its key would answer it again: the try after it is a new request.
    expect(calls[1]!.variables.idempotencyKey).not.toBe(calls[0]!.variables.idempotencyKey);
    // After an unknown outcome the same key: the gateway answers what the first try did.
    await user.click(screen.getByRole('button', { name: 'Anular cosa' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]!.variables.idempotencyKey).toBe(calls[1]!.variables.idempotencyKey);
    expect(screen.queryByText('Cosa anulada correctamente')).toBeNull();
  });
});

describe('the record checked as an action dialog opens', { timeout: 60_000 }, () => {
  it("says the record changed and offers 'Recargar' in place of the action, before anything is typed", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderDetail([], StaleThingDetail);
    await user.click(screen.getByRole('button', { name: 'Anular' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anular cosa' });
    expect(await within(dialog).findByTestId('dialog-feedback')).toHaveTextContent(
      'Otro operador modificó este registro',
    );
    expect(checkOnOpen).toHaveBeenCalledTimes(1);
    expect(within(dialog).queryByRole('button', { name: 'Anular cosa' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Recargar' }));
    expect(reloadStale).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Anular cosa' })).toBeNull());
    expect(calls).toHaveLength(0);
  });

  it('leaves the dialog as it is when the record did not change', async () => {
    const user = userEvent.setup({ delay: null });
    checkOnOpen.mockResolvedValueOnce(null as never);
    renderDetail([], StaleThingDetail);
    await user.click(screen.getByRole('button', { name: 'Anular' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anular cosa' });
    await waitFor(() => expect(checkOnOpen).toHaveBeenCalledTimes(2));
    expect(within(dialog).getByRole('button', { name: 'Anular cosa' })).toBeVisible();
    expect(within(dialog).queryByTestId('dialog-feedback')).toBeNull();
  });
});

/** A record query and a cancel that takes the version shown: the page's freshness and the table run together. */
const THING_QUERY: TypedDocumentNode<{ thing: Thing & { __typename: 'Thing' } }, { id: string }> = gql`
  query Thing($id: ID!) {
    thing(id: $id) {
      id
      version
    }
  }
`;
const CANCEL_AT_VERSION: TypedDocumentNode<
  { cancelThing: Payload },
  { id: string; reason: string; expectedVersion?: number }
> = gql`
  mutation CancelThingAt($id: ID!, $reason: String!, $expectedVersion: Int) {
    cancelThing(id: $id, reason: $reason, expectedVersion: $expectedVersion) {
      outcome
    }
  }
`;
const FRESH_TABLE: DetailActionTable<'CANCEL', Thing, { area: string }> = {
  CANCEL: kit.mutation({
    meta: TABLE.CANCEL.meta,
    dialog: kit.reason(() => ({
      title: 'Anular cosa',
      description: 'Se anulará.',
      submitLabel: 'Anular cosa',
    })),
    mutation: CANCEL_AT_VERSION,
    variables: (reason, { record }) => ({ id: record.id, reason }),
    payload: (data) => data.cancelThing,
    success: 'Cosa anulada correctamente',
  }),
};
const FRESH_ACTIONS: ActionState<'CANCEL' | 'RELOAD'>[] = [
  { kind: 'CANCEL', enabled: true, permitted: true, reason: null },
  { kind: 'RELOAD', enabled: true, permitted: true, reason: null },
];

/** A detail with its freshness notice, its toolbar (with its own 'Recargar') and its action table. */
function FreshThingDetail() {
  const result = useQuery(THING_QUERY, { variables: { id: 'T1' } });
  const fresh = useFreshRecord(THING_QUERY, { id: 'T1' }, result, (data) => data.thing);
  const record = result.data?.thing;
  const actions = useDetailActions(FRESH_TABLE, {
    record,
    context: CONTEXT,
    refetch: result.refetch,
    stateOf: (thing) => `Versión ${thing.version}`,
    ...fresh.forActions,
  });
  if (!record) return null;
  return (
    <>
      <FreshnessNotice fresh={fresh} />
      {withoutToolbarReload(fresh, FRESH_ACTIONS).map((action) =>
        action.kind === 'RELOAD' ? (
          <button key="RELOAD" onClick={fresh.reload}>
            Recargar
          </button>
        ) : (
          <button key="CANCEL" onClick={() => actions.run('CANCEL')}>
            Anular
          </button>
        ),
      )}
      {actions.dialog}
    </>
  );
}

/**
 * The thing at `versions[n]` on its n-th read, the last one on every later read; a cancel answers `outcomes` in
 * order, then succeeds.
 */
function renderFreshDetail(versions: number[], outcomes: OutcomePayloadLike['outcome'][] = []) {
  const sent: { name: string; variables: Record<string, unknown> }[] = [];
  let reads = 0;
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        sent.push({ name: operation.operationName ?? '', variables: operation.variables });
        const writes = operation.operationName === 'CancelThingAt';
        const version = versions[Math.min(writes ? reads : reads++, versions.length - 1)];
        const outcome = (writes && outcomes.shift()) || 'SUCCESS';
        const cancelThing = { __typename: 'ThingPayload', outcome, error: null };
        observer.next({ data: { thing: { __typename: 'Thing', id: 'T1', version }, cancelThing } } as never);
        observer.complete();
      }),
  );
  render(
    <ApolloProvider client={new ApolloClient({ cache: new InMemoryCache(), link })}>
      <NotificationsProvider>
        <FreshThingDetail />
      </NotificationsProvider>
    </ApolloProvider>,
  );
  return sent;
}

/** Every button named 'Recargar' in the document, those behind a modal (aria-hidden) included. */
const reloadButtons = () => screen.queryAllByRole('button', { name: 'Recargar', hidden: true });
const staleNotices = () => screen.queryAllByText('Otro operador modificó este registro');

describe('one stale notice and one Recargar at a time', { timeout: 60_000 }, () => {
  it("the dialog's notice replaces the page's; closed, the page's notice is back, without the toolbar's 'Recargar'", async () => {
    const user = userEvent.setup({ delay: null });
    // Version 3 when shown, 4 since (another operator changed it).
    renderFreshDetail([3, 4]);
    await user.click(await screen.findByRole('button', { name: 'Anular' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anular cosa' });
    await within(dialog).findByTestId('dialog-feedback');
    // The check as the dialog opened found version 4: the dialog says so, and the page behind does not repeat it.
    await waitFor(() => expect(reloadButtons()).toHaveLength(1));
    expect(within(dialog).getByRole('button', { name: 'Recargar' })).toBe(reloadButtons()[0]);
    expect(staleNotices()).toHaveLength(1);
    expect(screen.getByTestId('record-freshness')).toHaveTextContent(
      /^Leído hace \d+ s: hay una versión más nueva$/,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Anular cosa' })).toBeNull());
    // The news is still true: the page's notice says it, with the one 'Recargar'.
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Otro operador modificó este registro');
    expect(reloadButtons()).toEqual([within(notice).getByRole('button', { name: 'Recargar' })]);

    await user.click(reloadButtons()[0]!);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByTestId('record-freshness')).toHaveTextContent(/^Actualizado hace \d+ s$/);
    expect(reloadButtons()).toHaveLength(1); // the toolbar's, back
  });

  it('after an unknown outcome says that retrying is safe and the state read again, and retries the same request', async () => {
    const user = userEvent.setup({ delay: null });
    // Version 3 when shown and as the dialog opens; the cancel of unknown outcome was done: 4 when read again.
    const sent = renderFreshDetail([3, 3, 4], ['UNKNOWN']);
    await user.click(await screen.findByRole('button', { name: 'Anular' }));
    await user.type(await screen.findByRole('textbox', { name: 'Ingrese el motivo' }), 'Duplicada');
    await user.click(screen.getByRole('button', { name: 'Anular cosa' }));
    const feedback = await screen.findByTestId('dialog-feedback');
    expect(feedback).toHaveTextContent('Resultado desconocido');
    expect(within(feedback).getByTestId('dialog-retry-safe')).toHaveTextContent(
      'Puede reintentar sin riesgo: se envía la misma operación, que nunca se hace dos veces.',
    );
    expect(within(feedback).getByTestId('dialog-record-state')).toHaveTextContent('Estado actual: Versión 4');
    // The button stays; the next try is the same request: the version acted on, though the record now reads 4.
    await user.click(screen.getByRole('button', { name: 'Anular cosa' }));
    expect(await screen.findByText('Cosa anulada correctamente')).toBeVisible();
    const cancels = sent.filter((call) => call.name === 'CancelThingAt').map((call) => call.variables);
    expect(cancels).toEqual([
      { id: 'T1', reason: 'Duplicada', expectedVersion: 3 },
      { id: 'T1', reason: 'Duplicada', expectedVersion: 3 },
    ]);
  });

  it('sends the version shown to a mutation that declares $expectedVersion', async () => {
    const user = userEvent.setup({ delay: null });
    const sent = renderFreshDetail([3]);
    await user.click(await screen.findByRole('button', { name: 'Anular' }));
    await user.type(await screen.findByRole('textbox', { name: 'Ingrese el motivo' }), 'Duplicada');
    await user.click(screen.getByRole('button', { name: 'Anular cosa' }));
    expect(await screen.findByText('Cosa anulada correctamente')).toBeVisible();
    expect(sent.filter((call) => call.name === 'CancelThingAt').map((call) => call.variables)).toEqual([
      { id: 'T1', reason: 'Duplicada', expectedVersion: 3 },
    ]);
  });
});

describe("useRowActions (the same table on a list's rows)", { timeout: 60_000 }, () => {
  it("opens the dialog of the row pressed and sends that row's variables", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderDetail(
      [{ __typename: 'ThingPayload', outcome: 'SUCCESS', error: null }],
      ThingRows,
    );
    await user.click(screen.getByRole('button', { name: 'Anular T2' }));
    expect(await screen.findByText('Se anulará la cosa T2.')).toBeVisible();
    await user.type(reasonField(), 'Duplicada');
    await user.click(screen.getByRole('button', { name: 'Anular cosa' }));
    expect(await screen.findByText('Cosa anulada correctamente')).toBeVisible();
    expect(calls.map((call) => call.variables.id)).toEqual(['T2']);
  });

  it("gives the same `run` on every render: a list's columns hold it, and new columns render every row again", async () => {
    const user = userEvent.setup({ delay: null });
    runsSeen.clear();
    renderDetail([], ThingRowsRun);
    await user.click(screen.getByRole('button', { name: 'Anular T1' }));
    // Opening the dialog rendered the rows again.
    expect(await screen.findByText('Se anulará la cosa T1.')).toBeVisible();
    expect(runsSeen.size).toBe(1);
  });

  it('a success the area says itself (`success` null) shows no toast and runs `after` on the row', async () => {
    const user = userEvent.setup({ delay: null });
    saidByTheArea.mockClear();
    const { calls } = renderDetail(
      [{ __typename: 'ThingPayload', outcome: 'SUCCESS', error: null }],
      ThingRows,
    );
    await user.click(screen.getByRole('button', { name: 'Archivar T1' }));
    expect(await screen.findByText('Se archivará T1.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(saidByTheArea).toHaveBeenCalledWith('Archivada T1'));
    expect(calls).toEqual([{ name: 'ArchiveThing', variables: { id: 'T1' } }]);
    expect(screen.queryByText('Cosa archivada correctamente')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Archivar cosa' })).toBeNull());
  });
});
