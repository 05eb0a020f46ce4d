import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import TextField from '@mui/material/TextField';
import { FiltersForm } from '../filters-form';
import { FilterSelect } from '../filter-select';
import { useFilterDraft } from '../filter-draft';
import { INCOMPLETE_DAY, type DayRange } from '../../pickers/date-range-picker';

interface Filters extends DayRange {
  user: string;
  status: string;
}

const APPLIED: Filters = { user: 'ana', status: 'ALL', from: null, to: null };
const onClear = vi.fn();

function Form({
  applied = APPLIED,
  onSubmit,
  invalid,
  range,
}: {
  applied?: Filters;
  onSubmit(filters: Filters): void;
  invalid?: (filters: Filters) => boolean;
  range?: DayRange;
}) {
  const draft = useFilterDraft({ applied, onSubmit, onClear }, invalid);
  return (
    <FiltersForm ariaLabel="Filtros" {...draft.form}>
      <TextField label="Operador" {...draft.text('user')} />
      <FilterSelect
        label="Estado"
        {...draft.bind('status')}
        choices={[
          { value: 'ALL', label: 'Todos' },
          { value: 'DONE', label: 'Terminado' },
        ]}
        testId="status"
      />
      {range && (
        <button type="button" onClick={() => draft.range.onChange(range)}>
          Elegir período
        </button>
      )}
    </FiltersForm>
  );
}

describe('useFilterDraft', () => {
  it('starts from what is applied and applies the draft on Buscar only', () => {
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    expect(screen.getByLabelText('Operador')).toHaveValue('ana');
    fireEvent.change(screen.getByLabelText('Operador'), { target: { value: 'juan' } });
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(onSubmit).toHaveBeenCalledWith({ ...APPLIED, user: 'juan' });
  });

  it('applies the period chosen in the range picker with the other fields', () => {
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} range={{ from: '2026-11-01', to: '2026-11-20' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Elegir período' }));
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(onSubmit).toHaveBeenCalledWith({ ...APPLIED, from: '2026-11-01', to: '2026-11-20' });
  });

  it('applies nothing while the period is half typed or inverted', () => {
    const onSubmit = vi.fn();
    const { unmount } = render(<Form onSubmit={onSubmit} range={{ from: INCOMPLETE_DAY, to: null }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Elegir período' }));
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    unmount();
    render(<Form onSubmit={onSubmit} range={{ from: '2026-11-20', to: '2026-11-01' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Elegir período' }));
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("leaves 'Limpiar' to the list", () => {
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Limpiar' }));
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("applies nothing while the form's own check fails", () => {
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} invalid={(filters) => filters.user.length < 3} />);
    fireEvent.change(screen.getByLabelText('Operador'), { target: { value: 'jo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Operador'), { target: { value: 'josé' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(onSubmit).toHaveBeenCalledWith({ ...APPLIED, user: 'josé' });
  });
});
