import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { ActivityUserField } from '../components/activity-user-field';

const USERS = ['admin', 'operador', 'supervisor'];

/**
 * 'Operador' held by a form (its input shows only what the form stored) over a link answering `activityUsers` by
 * prefix, as the gateway does; every prefix asked recorded.
 */
function renderField() {
  const asked: (string | null)[] = [];
  const link = new ApolloLink((operation) => {
    const prefix = (operation.variables.prefix as string | null) ?? null;
    asked.push(prefix);
    const names = USERS.filter((name) => name.startsWith((prefix ?? '').toLowerCase()));
    return of({ data: { activityUsers: names } });
  });
  const client = new ApolloClient({ cache: new InMemoryCache(), link });
  function Controlled() {
    const [value, setValue] = useState('');
    return <ActivityUserField value={value} onChange={setValue} />;
  }
  render(
    <ApolloProvider client={client}>
      <Controlled />
    </ApolloProvider>,
  );
  return asked;
}

describe("Actividad's 'Operador'", () => {
  it('asks nothing until opened, then lists the operators seen, narrowed by what is typed, and picks one', async () => {
    const user = userEvent.setup({ delay: null });
    const asked = renderField();
    const input = screen.getByRole('combobox', { name: 'Operador' });
    expect(asked).toEqual([]);
    await user.click(input);
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(USERS));
    await user.type(input, 'op');
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['operador']),
    );
    expect(asked).toContain('op');
    await user.click(screen.getByRole('option', { name: 'operador' }));
    expect(input).toHaveValue('operador');
  });

  it('keeps a name typed in full that is not listed', async () => {
    const user = userEvent.setup({ delay: null });
    renderField();
    const input = screen.getByRole('combobox', { name: 'Operador' });
    await user.type(input, 'nadie');
    expect(input).toHaveValue('nadie');
  });
});
