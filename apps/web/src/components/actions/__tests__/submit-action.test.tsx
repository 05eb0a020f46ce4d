import type { ReactNode } from 'react';
import { ApolloClient, ApolloLink, gql, type TypedDocumentNode } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { act, renderHook, screen } from '@testing-library/react';
import { of } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { createCache } from '@/lib/apollo';
import type { MutationOutcome } from '@/lib/mutation-outcome';
import { NotificationsProvider } from '@/lib/notifications';
import { useFormSubmit, useSubmitAction } from '../submit-action';

interface Payload {
  outcome: MutationOutcome;
  error: { message: string; code: string | null; extendedCode: string | null } | null;
  id: string | null;
}

const CREATE: TypedDocumentNode<
  { create: Payload | null },
  { name: string; idempotencyKey?: string | null }
> = gql`
  mutation Create($name: String!, $idempotencyKey: String) {
    create(name: $name, idempotencyKey: $idempotencyKey) {
      outcome
      error {
        message
        code
        extendedCode
      }
      id
    }
  }
`;

/** The gateway: each answer in turn (null: a null payload), every request's variables kept. */
function gateway(answers: (Payload | null)[]) {
  const sent: Record<string, unknown>[] = [];
  const link = new ApolloLink((operation) => {
    sent.push(operation.variables);
    const answer = answers.shift() ?? null;
    return of({ data: { create: answer && { __typename: 'CreatePayload', ...answer } } });
  });
  const client = new ApolloClient({ cache: createCache(), link });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApolloProvider client={client}>
      <NotificationsProvider>{children}</NotificationsProvider>
    </ApolloProvider>
  );
  return { sent, wrapper };
}

const refused = (message: string): Payload => ({
  outcome: 'FAILED',
  error: { message, code: 'bad_request', extendedCode: null },
  id: null,
});
const done: Payload = { outcome: 'SUCCESS', error: null, id: '9' };

function useCreate(after = vi.fn(), onUnknown = vi.fn()) {
  return useSubmitAction({
    mutation: CREATE,
    variables: (name: string) => ({ name }),
    payload: (data) => data.create,
    success: (payload) => `Creado ${payload.id ?? ''}`,
    after,
    onUnknown,
  });
}

describe('useSubmitAction', { timeout: 60_000 }, () => {
  it('a success: the toast, then what follows; a refusal: its words for the form, nothing follows', async () => {
    const { sent, wrapper } = gateway([refused('Nombre repetido'), done]);
    const after = vi.fn();
    const { result } = renderHook(() => useCreate(after), { wrapper });
    let feedback: unknown;
    await act(async () => void (feedback = await result.current('Ana')));
    expect(feedback).toEqual({ severity: 'error', message: 'Nombre repetido' });
    expect(after).not.toHaveBeenCalled();
    await act(async () => void (feedback = await result.current('Ana')));
    expect(feedback).toBeNull();
    expect(after).toHaveBeenCalledWith(expect.objectContaining({ id: '9' }), 'Ana');
    expect(await screen.findByRole('status')).toHaveTextContent('Creado 9');
    expect(sent).toHaveLength(2);
  });

  it('one key per intent: kept for the same request without an answer, new for another request, after a refusal and after a success', async () => {
    const unknown: Payload = { outcome: 'UNKNOWN', error: null, id: null };
    const { sent, wrapper } = gateway([unknown, unknown, refused('x'), done, done]);
    const { result } = renderHook(() => useCreate(), { wrapper });
    for (const name of ['Ana', 'Ana', 'Beto', 'Beto', 'Beto']) await act(() => result.current(name));
    const keys = sent.map((variables) => variables.idempotencyKey as string);
    expect(keys.every((key) => /^[0-9a-f-]{36}$/.test(key))).toBe(true);
    expect(keys[1]).toBe(keys[0]); // the same request again after an unknown outcome: the same intent
    expect(keys[2]).not.toBe(keys[1]); // another request: never the key of the first (409 idempotency_key_reused)
    expect(keys[3]).not.toBe(keys[2]); // after an answered refusal: its key would answer the refusal again
    expect(keys[4]).not.toBe(keys[3]); // after a success: a new intent
  });

  it('a null payload reads as no answer; UNKNOWN as resultado desconocido, the subject read again', async () => {
    const { wrapper } = gateway([null, { outcome: 'UNKNOWN', error: null, id: null }]);
    const onUnknown = vi.fn();
    const { result } = renderHook(() => useCreate(vi.fn(), onUnknown), { wrapper });
    let feedback: unknown;
    await act(async () => void (feedback = await result.current('Ana')));
    expect(feedback).toMatchObject({ severity: 'error', message: 'No se recibió respuesta del servidor.' });
    await act(async () => void (feedback = await result.current('Ana')));
    expect(feedback).toMatchObject({ severity: 'warning', title: 'Resultado desconocido' });
    expect(onUnknown).toHaveBeenCalledTimes(1);
  });

  it('a form page: the refusal in its footer, cleared by the next success; a request that threw, a toast', async () => {
    const { wrapper } = gateway([refused('Email repetido'), done]);
    const { result } = renderHook(
      () =>
        useFormSubmit({
          mutation: CREATE,
          variables: (name: string) => ({ name }),
          payload: (data) => data.create,
          success: 'Creado',
        }),
      { wrapper },
    );
    await act(() => result.current.onSubmit('Ana'));
    expect(result.current.failure).toEqual({ severity: 'error', message: 'Email repetido' });
    await act(() => result.current.onSubmit('Ana'));
    expect(result.current.failure).toBeNull();
    const failing = new ApolloLink(() => of({ errors: [{ message: 'No autorizado' }] }));
    const client = new ApolloClient({ cache: createCache(), link: failing });
    const broken = renderHook(
      () =>
        useFormSubmit({
          mutation: CREATE,
          variables: (name: string) => ({ name }),
          payload: (data) => data.create,
          success: 'Creado',
        }),
      {
        wrapper: ({ children }: { children: ReactNode }) => (
          <ApolloProvider client={client}>
            <NotificationsProvider>{children}</NotificationsProvider>
          </ApolloProvider>
        ),
      },
    );
    await act(() => broken.result.current.onSubmit('Ana'));
    expect(broken.result.current.failure).toBeNull();
    expect(await screen.findByText(/No autorizado/)).toBeInTheDocument();
  });

  it("a form without a footer says the refusal as a toast (refusalAs: 'toast')", async () => {
    const { wrapper } = gateway([refused('El BIN ya existe')]);
    const { result } = renderHook(
      () =>
        useFormSubmit(
          {
            mutation: CREATE,
            variables: (name: string) => ({ name }),
            payload: (data) => data.create,
            success: 'Creado',
          },
          { refusalAs: 'toast' },
        ),
      { wrapper },
    );
    await act(() => result.current.onSubmit('450799'));
    expect(result.current.failure).toBeNull();
    expect(await screen.findByText('El BIN ya existe')).toBeInTheDocument();
  });
});
