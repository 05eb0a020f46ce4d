import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { of } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { CollectorPicker, useCollectorName, type CollectorRef } from '../collector-picker';
import { DATE_RANGE_MESSAGES, DateRangePicker, dateRangeError } from '../date-range-picker';
import { PeriodPicker } from '../period-picker';
import { MESSAGES } from '@backoffice/validators';

const COLLECTORS = [
  { __typename: 'Collector', id: '10001', name: 'Club Atlético Norte' },
  { __typename: 'Collector', id: '10002', name: 'Colegio San Martín' },
];

/** An Apollo client whose link answers collectors/collector from a fixed list and records every operation. */
function fakeGateway() {
  const operations: { name: string; variables: Record<string, unknown> }[] = [];
  const link = new ApolloLink((operation) => {
    operations.push({ name: operation.operationName ?? '', variables: operation.variables });
    if (operation.operationName === 'CollectorPickerName') {
      const found = COLLECTORS.find((c) => c.id === operation.variables.id) ?? null;
      return of({ data: { collector: found } });
    }
    const search = String(operation.variables.search ?? '').toLowerCase();
    const rows = COLLECTORS.filter((c) => c.name.toLowerCase().includes(search) || c.id.includes(search));
    return of({ data: { collectors: { __typename: 'CollectorPage', total: rows.length, rows } } });
  });
  const client = new ApolloClient({ cache: new InMemoryCache(), link });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApolloProvider client={client}>{children}</ApolloProvider>
  );
  return { operations, wrapper };
}

describe('CollectorPicker', () => {
  it('asks nothing until opened, then searches what the operator typed once it rests, and picks', async () => {
    const user = userEvent.setup({ delay: null });
    const { operations, wrapper } = fakeGateway();
    const onChange = vi.fn();
    render(<CollectorPicker value={null} onChange={onChange} />, { wrapper });
    expect(operations).toEqual([]);

    const input = screen.getByRole('combobox', { name: 'Entidad' });
    await user.click(input);
    expect(await screen.findByRole('option', { name: /Colegio San Martín/ })).toBeVisible();
    await user.type(input, 'club');
    expect(await screen.findByRole('option', { name: /Club Atlético Norte/ })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('option', { name: /Colegio/ })).toBeNull());
    // One query on opening and one for the rested text, not one per keystroke.
    const searches = operations
      .filter((op) => op.name === 'CollectorPickerOptions')
      .map((op) => op.variables.search);
    expect(searches).toEqual([null, 'club']);

    await user.click(screen.getByRole('option', { name: /Club Atlético Norte/ }));
    expect(onChange).toHaveBeenLastCalledWith({ id: '10001', name: 'Club Atlético Norte' });
  });

  it('says so when nothing matches', async () => {
    const user = userEvent.setup({ delay: null });
    const { wrapper } = fakeGateway();
    render(<CollectorPicker value={null} onChange={vi.fn()} />, { wrapper });
    await user.type(screen.getByRole('combobox', { name: 'Entidad' }), 'zzz');
    expect(await screen.findByText('No se encontraron entidades')).toBeVisible();
  });
});

describe('useCollectorName', () => {
  it('names a collector given only by id, and leaves a named one alone', async () => {
    const { operations, wrapper } = fakeGateway();
    const { result, rerender } = renderHook((ref: CollectorRef | null) => useCollectorName(ref), {
      wrapper,
      initialProps: { id: '10002', name: '10002' } as CollectorRef | null,
    });
    await waitFor(() => expect(result.current).toEqual({ id: '10002', name: 'Colegio San Martín' }));
    const before = operations.length;
    rerender({ id: '10001', name: 'Club' });
    expect(result.current).toEqual({ id: '10001', name: 'Club' });
    rerender(null);
    expect(result.current).toBeNull();
    expect(operations).toHaveLength(before);
  });
});

describe('PeriodPicker', () => {
  it('moves a month back and forth across years', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    render(<PeriodPicker value="2025-01" onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Mes anterior' }));
    expect(onChange).toHaveBeenLastCalledWith('2024-12');
    await user.click(screen.getByRole('button', { name: 'Mes siguiente' }));
    expect(onChange).toHaveBeenLastCalledWith('2025-02');
  });

  it('accepts a month as people type it and marks 13/2026 or year 1320 invalid without passing it on', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    const onErrorChange = vi.fn();
    render(<PeriodPicker value="2025-01" onChange={onChange} onErrorChange={onErrorChange} />);
    const input = screen.getByRole('textbox', { name: 'Período' });
    expect(input).toHaveValue('01/2025');

    await user.clear(input);
    await user.type(input, '13/2026');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(MESSAGES.periodInvalid)).toBeVisible();
    expect(onErrorChange).toHaveBeenLastCalledWith(MESSAGES.periodInvalid);

    await user.clear(input);
    await user.type(input, '05/1320');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onErrorChange).toHaveBeenLastCalledWith(MESSAGES.periodInvalid);
    expect(onChange.mock.calls.flat().filter((period) => /^(1320|2026-13)/.test(String(period)))).toEqual([]);

    await user.clear(input);
    await user.type(input, '3/2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-03');
    expect(onErrorChange).toHaveBeenLastCalledWith(null);
    await user.tab();
    expect(input).toHaveValue('03/2026');
  });
});

describe('DateRangePicker', () => {
  it('an inverted range shows its error under Hasta', () => {
    expect(dateRangeError({ from: '2025-03-02', to: '2025-03-01' })).toBe(DATE_RANGE_MESSAGES.inverted);
    expect(dateRangeError({ from: '2025-03-01', to: '2025-03-01' })).toBeUndefined();
    expect(dateRangeError({ from: null, to: '2025-03-01' })).toBeUndefined();
    render(<DateRangePicker value={{ from: '2025-03-02', to: '2025-03-01' }} onChange={vi.fn()} />);
    expect(screen.getByText(DATE_RANGE_MESSAGES.inverted)).toBeVisible();
  });

  it('answers the chosen days as YYYY-MM-DD', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    render(<DateRangePicker value={{ from: null, to: null }} onChange={onChange} />);
    // The Desde field's sections (DD, MM, YYYY) come first.
    const from = screen.getAllByRole('spinbutton')[0];
    await user.click(from!);
    await user.keyboard('15032025');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ from: '2025-03-15', to: null }));
  });
});
