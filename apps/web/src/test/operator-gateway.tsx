import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { of } from 'rxjs';
import { createCache } from '@/lib/apollo';
import { CurrentUserContext, type Permission } from '@/lib/permissions';

/** An operation the test's gateway received. */
export interface SentOperation {
  name: string;
  variables: Record<string, unknown>;
}

/**
 * Renders `ui` for an operator holding `permissions` at `path`, on a gateway that answers each operation with
 * `answer(sent)` (`sent`: every operation received so far, this one last); the operations it received.
 */
export function renderForOperator(
  ui: ReactNode,
  {
    permissions,
    path,
    answer,
    username = 'operador',
  }: {
    permissions: readonly Permission[];
    path: string;
    answer: (sent: readonly SentOperation[]) => Record<string, unknown>;
    username?: string;
  },
): SentOperation[] {
  const sent: SentOperation[] = [];
  const link = new ApolloLink((operation) => {
    sent.push({ name: operation.operationName ?? '', variables: operation.variables });
    return of<ApolloLink.Result>({ data: answer(sent) });
  });
  const user = { username, name: null, email: null, permissions: [...permissions] };
  render(
    <ApolloProvider client={new ApolloClient({ cache: createCache(), link })}>
      <CurrentUserContext.Provider value={user}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </CurrentUserContext.Provider>
    </ApolloProvider>,
  );
  return sent;
}
