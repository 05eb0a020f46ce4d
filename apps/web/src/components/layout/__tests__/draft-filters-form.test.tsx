import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { EMPTY } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { createCache } from '@/lib/apollo';
import type { CollectorRef } from '../../pickers/collector-picker';
import { DAY_RANGE_FILTER, DraftFiltersForm, type FilterField } from '../draft-filters-form';

interface Filters {
  user: string;
  status: 'DONE' | 'FAILED' | null;
  collector: CollectorRef | null;
  amount: string;
  from: string | null;
  to: string | null;
}

const APPLIED: Filters = { user: 'ana', status: null, collector: null, amount: '', from: null, to: null };

const FIELDS: readonly FilterField<Filters>[] = [
  { text: 'user', label: 'Operador', placeholder: 'Usuario', testId: 'user-filter', maxLength: 5 },
  {
    select: 'status',
    label: 'Estado',
    choices: { DONE: 'Terminado', FAILED: 'Fallido' },
    testId: 'status-filter',
  },
  { collector: 'collector', minWidth: 240 },
  { amount: 'amount', label: 'Importe', width: 140, testId: 'amount-filter' },
  DAY_RANGE_FILTER,
  (draft) => <output aria-label="Borrador">{draft.values.user}</output>,
];

// The collector picker asks for options only once opened: a client that never answers is enough here.
const client = new ApolloClient({ cache: createCache(), link: new ApolloLink(() => EMPTY) });
const wrapper = ({ children }: { children: ReactNode }) => (
  <ApolloProvider client={client}>{children}</ApolloProvider>
);

function renderForm(props: {
  onSubmit?: (filters: Filters) => void;
  invalid?: (filters: Filters) => boolean;
}) {
  const onSubmit = props.onSubmit ?? vi.fn();
  const onClear = vi.fn();
  render(
    <DraftFiltersForm
      applied={APPLIED}
      onSubmit={onSubmit}
      onClear={onClear}
      invalid={props.invalid}
      ariaLabel="Filtros de prueba"
      fields={FIELDS}
    />,
    { wrapper },
  );
  return { onSubmit, onClear };
}

describe('DraftFiltersForm', () => {
  it('draws each field of its list, in order, inside one search form', () => {
    renderForm({});
    const form = screen.getByRole('search', { name: 'Filtros de prueba' });
    expect(within(form).getAllByRole('textbox')[0]).toBe(screen.getByTestId('user-filter'));
    expect(screen.getByTestId('user-filter')).toHaveValue('ana');
    expect(screen.getByTestId('user-filter')).toHaveAttribute('placeholder', 'Usuario');
    expect(screen.getByTestId('status-filter')).toHaveTextContent('Todos');
    expect(screen.getByRole('combobox', { name: 'Entidad' })).toBeInTheDocument();
    expect(screen.getByTestId('amount-filter')).toHaveValue('');
    expect(screen.getByRole('group', { name: 'Desde' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Borrador' })).toHaveTextContent('ana');
  });

  it('binds every field to the draft and applies it on Buscar only', async () => {
    const { onSubmit } = renderForm({});
    await userEvent.clear(screen.getByTestId('user-filter'));
    await userEvent.type(screen.getByTestId('user-filter'), 'juanpedro');
    fireEvent.mouseDown(screen.getByTestId('status-filter'));
    fireEvent.click(await screen.findByRole('option', { name: 'Fallido' }));
    await userEvent.type(screen.getByTestId('amount-filter'), '1500');
    expect(screen.getByRole('status', { name: 'Borrador' })).toHaveTextContent('juanp');
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(onSubmit).toHaveBeenCalledWith({ ...APPLIED, user: 'juanp', status: 'FAILED', amount: '1500' });
  });

  it('applies nothing while the form says a field is invalid; Limpiar is the list’s', () => {
    const { onSubmit, onClear } = renderForm({ invalid: (values) => values.user === 'ana' });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Limpiar' }));
    expect(onClear).toHaveBeenCalledOnce();
  });
});
