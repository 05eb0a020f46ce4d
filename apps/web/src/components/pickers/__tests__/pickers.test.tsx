import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { of } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { CollectorPicker, collectorMoreHint, useCollectorName, type CollectorRef } from '../collector-picker';
import {
  DATE_RANGE_MESSAGES,
  DateRangePicker,
  dateRangeError,
  INCOMPLETE_DAY,
  type DayRange,
} from '../date-range-picker';
import { PERIOD_INCOMPLETE, PeriodPicker } from '../period-picker';
import { CURRENT_PERIOD, daysAgo, periodOf, resolveDay, TODAY } from '../period';
import { MESSAGES } from '@backoffice/validators';

const COLLECTORS = [
  { __typename: 'Collector', id: '10001', name: 'Club Atlético Norte' },
  { __typename: 'Collector', id: '10002', name: 'Colegio San Martín' },
];

/** An Apollo client whose link answers collectors/collector from a fixed list and records every operation. */
function fakeGateway(collectors = COLLECTORS) {
  const operations: { name: string; variables: Record<string, unknown> }[] = [];
  const link = new ApolloLink((operation) => {
    operations.push({ name: operation.operationName ?? '', variables: operation.variables });
    if (operation.operationName === 'CollectorPickerName') {
      const found = collectors.find((c) => c.id === operation.variables.id) ?? null;
      return of({ data: { collector: found } });
    }
    const search = String(operation.variables.search ?? '').toLowerCase();
    const found = collectors.filter((c) => c.name.toLowerCase().includes(search) || c.id.includes(search));
    const rows = found.slice(0, Number(operation.variables.pageSize ?? found.length));
    return of({ data: { collectors: { __typename: 'CollectorPage', total: found.length, rows } } });
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

describe('CollectorPicker over more collectors than it lists', () => {
  const MANY = Array.from({ length: 25 }, (_, index) => ({
    __typename: 'Collector',
    id: String(10001 + index),
    name: `Entidad número ${index + 1}`,
  }));

  it('ends the list with a line saying that typing finds the rest, which cannot be picked', async () => {
    const user = userEvent.setup({ delay: null });
    const { wrapper } = fakeGateway(MANY);
    const onChange = vi.fn();
    render(<CollectorPicker value={null} onChange={onChange} />, { wrapper });
    const input = screen.getByRole('combobox', { name: 'Entidad' });
    await user.click(input);
    // Role queries inside the list box only: over the whole document (21 options) each retry of a role query took
    // seconds on a loaded machine, and the test timed out in CI.
    const list = () => within(screen.getByRole('listbox'));
    const hint = await waitFor(() =>
      list().getByRole('option', {
        name: 'Se muestran 20 de 25 entidades: escriba el nombre o el ID para buscar entre todas.',
      }),
    );
    const options = list().getAllByRole('option');
    expect(options).toHaveLength(21);
    expect(options.at(-1)).toBe(hint);
    // Disabled: neither clickable nor reachable with the arrows.
    expect(hint).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ id: '10020', name: 'Entidad número 20' });

    // Typing narrows: more matches than shown say so, fewer say nothing more.
    await user.clear(input);
    await user.type(input, 'Entidad');
    expect(
      await waitFor(() =>
        list().getByRole('option', {
          name: 'Se muestran 20 de 25 coincidencias: siga escribiendo para acotar la búsqueda.',
        }),
      ),
    ).toBeVisible();
    await user.clear(input);
    await user.type(input, 'número 2');
    expect(await waitFor(() => list().getByRole('option', { name: /Entidad número 25/ }))).toBeVisible();
    await waitFor(() => expect(list().queryByRole('option', { name: /Se muestran/ })).toBeNull());
  });

  it('says nothing more when every collector is listed', () => {
    expect(collectorMoreHint(2, 2, false)).toBeNull();
    expect(collectorMoreHint(20, 1500, false)).toBe(
      'Se muestran 20 de 1.500 entidades: escriba el nombre o el ID para buscar entre todas.',
    );
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

  it('with limits: the month buttons stop at them, a month outside is refused with the real range, stated below', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    const onErrorChange = vi.fn();
    render(
      <PeriodPicker
        value="2026-11"
        onChange={onChange}
        onErrorChange={onErrorChange}
        min="2020-01"
        max="2026-11"
      />,
    );
    expect(screen.getByRole('button', { name: 'Mes siguiente' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mes anterior' })).toBeEnabled();
    expect(screen.getByText('De 01/2020 a 11/2026')).toBeVisible();
    const input = screen.getByRole('textbox', { name: 'Período' });
    for (const text of ['12/2026', '01/2019']) {
      await user.clear(input);
      await user.type(input, text);
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByText('El período debe estar entre 01/2020 y 11/2026.')).toBeVisible();
    }
    expect(
      onChange.mock.calls.flat().filter((period) => period === '2026-12' || period === '2019-01'),
    ).toEqual([]);
    expect(onErrorChange).toHaveBeenLastCalledWith('El período debe estar entre 01/2020 y 11/2026.');
  });
});

/** A form holding the range, as every filter form does. */
function ControlledRange({ onChange }: { onChange: (range: DayRange) => void }) {
  const [range, setRange] = useState<DayRange>({ from: null, to: null });
  return (
    <DateRangePicker
      value={range}
      onChange={(next) => {
        setRange(next);
        onChange(next);
      }}
    />
  );
}

/** A PeriodPicker on 2025-01 with its field emptied. */
async function emptiedPeriod() {
  const user = userEvent.setup({ delay: null });
  const onChange = vi.fn();
  render(<PeriodPicker value="2025-01" onChange={onChange} />);
  const input = screen.getByRole('textbox', { name: 'Período' });
  await user.clear(input);
  return { user, onChange, input };
}

describe('PeriodPicker while typing', () => {
  it('typing "1/1999" slowly never passes on 2019-01 (a two-digit year is never passed on)', async () => {
    const { user, onChange, input } = await emptiedPeriod();
    await user.type(input, '1/1999');
    expect(onChange).not.toHaveBeenCalled();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('a two-digit year is incomplete: neither Enter nor leaving the field passes it on; four digits at once', async () => {
    const { user, onChange, input } = await emptiedPeriod();
    await user.type(input, '11/20');
    expect(screen.getByText(PERIOD_INCOMPLETE)).toBeVisible();
    await user.tab();
    expect(input).toHaveValue('11/20');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.type(input, '4/26{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText(PERIOD_INCOMPLETE)).toBeVisible();
    await user.clear(input);
    await user.type(input, '5/2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-05');
    expect(screen.queryByText(PERIOD_INCOMPLETE)).toBeNull();
  });
});

describe('DateRangePicker', () => {
  it('a half-typed day is held as incomplete, with its message under the field, never as no day', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    const { rerender } = render(<DateRangePicker value={{ from: null, to: null }} onChange={onChange} />);
    const from = screen.getAllByRole('spinbutton')[0];
    await user.click(from!);
    await user.keyboard('15');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ from: INCOMPLETE_DAY, to: null }));
    expect(dateRangeError({ from: INCOMPLETE_DAY, to: null })).toBe(DATE_RANGE_MESSAGES.incomplete);
    rerender(<DateRangePicker value={{ from: INCOMPLETE_DAY, to: null }} onChange={onChange} />);
    expect(screen.getByText(DATE_RANGE_MESSAGES.incomplete)).toBeVisible();
  });

  it("a text of the address that is not a day shows an empty field and 'Fecha inválida' under it", () => {
    expect(dateRangeError({ from: '2026-13-40', to: null })).toBe(DATE_RANGE_MESSAGES.invalid);
    expect(dateRangeError({ from: null, to: '2026-02-31' })).toBe(DATE_RANGE_MESSAGES.invalid);
    render(<DateRangePicker value={{ from: '2026-13-40', to: '2026-11-01' }} onChange={vi.fn()} />);
    expect(DATE_RANGE_MESSAGES.invalid).toBe('Fecha inválida');
    expect(screen.getAllByText('Fecha inválida')).toHaveLength(1);
    // Neither the text nor a day read from it is shown; 'Hasta' keeps its day and no inverted-range message.
    const inputs = [...document.querySelectorAll<HTMLInputElement>('input')];
    expect(inputs.map((input) => input.value)).toEqual(['', '01/11/2026']);
    expect(screen.queryByText(DATE_RANGE_MESSAGES.inverted)).toBeNull();
  });

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
    render(<ControlledRange onChange={onChange} />);
    // The Desde field's sections (DD, MM, YYYY) come first.
    const from = screen.getAllByRole('spinbutton')[0];
    await user.click(from!);
    await user.keyboard('15032025');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ from: '2025-03-15', to: null }));
  });
});

describe("relative choices ('Mes actual', 'Hoy', 'Últimos 7 días')", () => {
  it("'Mes actual' shows the current month, pressed; a month reached with the arrows is pinned; the toggle is relative again", async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    const { rerender } = render(<PeriodPicker relative value={CURRENT_PERIOD} onChange={onChange} />);
    const [year, month] = periodOf().split('-');
    const field = screen.getByRole('textbox', { name: 'Período' });
    expect(field).toHaveValue(`${month}/${year}`);
    const toggle = screen.getByRole('button', { name: 'Mes actual' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    // Leaving the field with the month it shows pins nothing.
    await user.click(field);
    await user.tab();
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Mes anterior' }));
    const previous = onChange.mock.lastCall?.[0] as string;
    expect(previous).toMatch(/^\d{4}-\d{2}$/);
    rerender(<PeriodPicker relative value={previous} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Mes actual' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'Mes actual' }));
    expect(onChange).toHaveBeenLastCalledWith(CURRENT_PERIOD);
  });

  it("offers 'Mes actual' only where asked (a form's month is always pinned)", () => {
    render(<PeriodPicker value="2025-01" onChange={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Mes actual' })).toBeNull();
  });

  it("'Hoy' and 'Últimos 7 días' choose relative ranges, shown as today's days, pressed while chosen", async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    const { rerender } = render(
      <DateRangePicker relative value={{ from: null, to: null }} onChange={onChange} />,
    );
    await user.click(screen.getByRole('button', { name: 'Últimos 7 días' }));
    expect(onChange).toHaveBeenLastCalledWith({ from: daysAgo(6), to: TODAY });
    rerender(<DateRangePicker relative value={{ from: daysAgo(6), to: TODAY }} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Últimos 7 días' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Hoy' })).toHaveAttribute('aria-pressed', 'false');
    const shown = (day: string) => day.split('-').reverse().join('/');
    const inputs = [...document.querySelectorAll<HTMLInputElement>('input')];
    expect(inputs.map((input) => input.value)).toEqual([
      shown(resolveDay(daysAgo(6))),
      shown(resolveDay(TODAY)),
    ]);
    expect(dateRangeError({ from: daysAgo(6), to: TODAY })).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Hoy' }));
    expect(onChange).toHaveBeenLastCalledWith({ from: TODAY, to: TODAY });
  });
});
