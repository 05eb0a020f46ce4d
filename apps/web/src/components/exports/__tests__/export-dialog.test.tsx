import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { of } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { createCache } from '@/lib/apollo';
import { NotificationsProvider } from '@/lib/notifications';
import { ExportDialog, ExportMenu, encodedFilter } from '../index';

/** A gateway answering createExport with `payload`, recording the variables it got. */
function fakeGateway(payload: Record<string, unknown>) {
  const calls: Array<Record<string, unknown>> = [];
  const link = new ApolloLink((operation) => {
    calls.push(operation.variables);
    return of({ data: { createExport: { __typename: 'CreateExportPayload', ...payload } } });
  });
  const client = new ApolloClient({ cache: createCache(), link });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <ApolloProvider client={client}>
        <NotificationsProvider>{children}</NotificationsProvider>
      </ApolloProvider>
    </MemoryRouter>
  );
  return { calls, wrapper };
}

const FILTER = {
  dateField: 'REQUEST_DATE' as const,
  status: 'APPROVED' as const,
  from: '2026-11-01T03:00:00.000Z',
  to: '2026-12-01T02:59:59.999Z',
  search: null,
};

describe('export components', { timeout: 60_000 }, () => {
  it('encodedFilter keeps only what is set, in a stable order', () => {
    expect(encodedFilter(FILTER)).toBe(
      '{"dateField":"REQUEST_DATE","from":"2026-11-01T03:00:00.000Z","status":"APPROVED","to":"2026-12-01T02:59:59.999Z"}',
    );
  });

  it('ExportMenu offers XLSX, CSV and JSON', async () => {
    const user = userEvent.setup({ delay: null });
    const onSelect = vi.fn();
    render(<ExportMenu onSelect={onSelect} />);
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    const menu = screen.getByRole('menu', { name: 'Exportar' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Exportar XLSX', 'Exportar CSV', 'Exportar JSON']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Exportar CSV' }));
    expect(onSelect).toHaveBeenCalledWith('CSV');
  });

  it('shows type, format and the encoded filter; Exportar sends them and closes with the success toast', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, wrapper } = fakeGateway({
      outcome: 'SUCCESS',
      message: 'Exportación solicitada: puede seguirla en Historial de exportaciones.',
      error: null,
      export: { __typename: 'Export', id: '7000013', status: 'PENDING' },
    });
    const onClose = vi.fn();
    render(
      <ExportDialog
        subject={{ type: 'PAYMENTS', filter: FILTER }}
        format="XLSX"
        canSeeHistory
        onClose={onClose}
      />,
      { wrapper },
    );
    const dialog = screen.getByRole('dialog', { name: 'Exportar' });
    expect(within(dialog).getByText('Pagos')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Filtro' })).toHaveValue(encodedFilter(FILTER));
    expect(within(dialog).getByRole('link', { name: 'Ver historial de exportaciones' })).toHaveAttribute(
      'href',
      '/exportaciones',
    );
    await user.click(within(dialog).getByRole('combobox', { name: 'Formato' }));
    await user.click(screen.getByRole('option', { name: 'JSON' }));
    await user.click(within(dialog).getByRole('button', { name: 'Exportar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    // Every write sends its intent's key (schema 2.0.0), one per opening of the dialog.
    expect(calls).toEqual([
      {
        input: { type: 'PAYMENTS', format: 'JSON', paymentFilter: FILTER },
        idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
    expect(
      await screen.findByText('Exportación solicitada: puede seguirla en Historial de exportaciones.'),
    ).toBeInTheDocument();
  });

  it('a failed export keeps the dialog open with the Spanish reason', async () => {
    const user = userEvent.setup({ delay: null });
    const { wrapper } = fakeGateway({
      outcome: 'FAILED',
      message: null,
      error: {
        __typename: 'OperationError',
        message: 'Los filtros de búsqueda no son válidos.',
        code: 'INVALID_INPUT',
        extendedCode: null,
        field: null,
      },
      export: null,
    });
    const onClose = vi.fn();
    render(
      <ExportDialog
        subject={{ type: 'SUBSCRIPTION', filter: { status: 'ACTIVE' } }}
        format="CSV"
        canSeeHistory={false}
        onClose={onClose}
      />,
      { wrapper },
    );
    expect(screen.getByText('Suscripciones')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ver historial de exportaciones' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    expect(await screen.findByTestId('dialog-feedback')).toHaveTextContent(
      'Los filtros de búsqueda no son válidos.',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
