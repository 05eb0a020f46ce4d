import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { of } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { createCache } from '@/lib/apollo';
import { RequestNumberSearch } from '../components/request-number-search';
import { REQUEST } from './request-fixture';

/** The field on a gateway that knows request 42 only. */
function renderSearch() {
  const onFound = vi.fn();
  const asked: unknown[] = [];
  const known = { ...REQUEST, id: '42', status: 'APPROVED', canDecide: false };
  const link = new ApolloLink((operation) => {
    asked.push(operation.variables.id);
    const request = operation.variables.id === '42' ? known : null;
    return of({ data: { approvalRequest: request } });
  });
  render(
    <ApolloProvider client={new ApolloClient({ cache: createCache(), link })}>
      <RequestNumberSearch onFound={onFound} />
    </ApolloProvider>,
  );
  return { onFound, asked, field: screen.getByRole('textbox', { name: 'N.º de solicitud' }) };
}

describe("Aprobaciones' 'N.º de solicitud'", { timeout: 60_000 }, () => {
  it('opens the request the number names, whatever its status; only digits are typed', async () => {
    const user = userEvent.setup({ delay: null });
    const { onFound, asked, field } = renderSearch();
    expect(screen.getByRole('button', { name: 'Abrir' })).toBeDisabled();
    await user.type(field, 'N.º 4-2{Enter}');
    await vi.waitFor(() => expect(onFound).toHaveBeenCalledTimes(1));
    expect(onFound.mock.calls[0]![0]).toMatchObject({ id: '42', status: 'APPROVED' });
    expect(asked).toEqual(['42']);
    expect(field).toHaveValue('');
  });

  it('says when there is no such request for this operator', async () => {
    const user = userEvent.setup({ delay: null });
    const { onFound, field } = renderSearch();
    await user.type(field, '7');
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(await screen.findByText('No se encontró la solicitud N.º 7, o no puede verla.')).toBeVisible();
    expect(onFound).not.toHaveBeenCalled();
    expect(field).toHaveAttribute('data-list-search');
  });
});
