import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { DateRangePicker } from '../../pickers';
import { FiltersBar, FiltersForm } from '../filters-form';

describe('FiltersForm', () => {
  it('applies on Buscar and on Enter, clears on Limpiar, and is a named search region', () => {
    const onSubmit = vi.fn();
    const onClear = vi.fn();
    render(
      <FiltersForm ariaLabel="Filtros de prueba" onSubmit={onSubmit} onClear={onClear}>
        <input aria-label="Importe" />
      </FiltersForm>,
    );
    expect(screen.getByRole('search', { name: 'Filtros de prueba' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    fireEvent.submit(screen.getByLabelText('Importe'));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('button', { name: 'Limpiar' }));
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('makes every kind of field inside small, so plain fields and the kit pickers line up', () => {
    const { container } = render(
      <FiltersForm ariaLabel="Filtros de prueba" onSubmit={vi.fn()} onClear={vi.fn()}>
        <TextField label="Buscar" />
        <TextField select label="Estado" value="ALL">
          <MenuItem value="ALL">Todos</MenuItem>
        </TextField>
        <Autocomplete
          options={['Entidad 1']}
          renderInput={(params) => <TextField {...params} label="Entidad" />}
        />
        <DateRangePicker value={{ from: null, to: null }} onChange={vi.fn()} />
      </FiltersForm>,
    );
    const inputRoots = container.querySelectorAll('.MuiInputBase-root');
    expect(inputRoots).toHaveLength(3);
    for (const root of inputRoots) expect(root).toHaveClass('MuiInputBase-sizeSmall');
    expect(container.querySelectorAll('.MuiPickersInputBase-inputSizeSmall')).toHaveLength(2);
  });

  it("names the clear button as the screen's spec does", () => {
    const onClear = vi.fn();
    render(
      <FiltersForm
        ariaLabel="Filtros de lotes"
        onSubmit={vi.fn()}
        onClear={onClear}
        clearLabel="Limpiar filtros"
      >
        <input aria-label="Número de lote" />
      </FiltersForm>,
    );
    expect(screen.queryByRole('button', { name: 'Limpiar' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('leaves fields outside it at their own size', () => {
    const { container } = render(<TextField label="Buscar" />);
    expect(container.querySelector('.MuiInputBase-root')).not.toHaveClass('MuiInputBase-sizeSmall');
  });
});

describe('FiltersBar', () => {
  it('is a named search region with no Buscar, its fields small, and Limpiar filtros clears', () => {
    const onClear = vi.fn();
    const { container } = render(
      <FiltersBar ariaLabel="Filtrar cosas" onClear={onClear}>
        <TextField select label="Estado" value="ALL">
          <MenuItem value="ALL">Todos</MenuItem>
        </TextField>
      </FiltersBar>,
    );
    const region = screen.getByRole('search', { name: 'Filtrar cosas' });
    expect(region.tagName).not.toBe('FORM');
    expect(screen.queryByRole('button', { name: 'Buscar' })).not.toBeInTheDocument();
    expect(container.querySelector('.MuiInputBase-sizeSmall')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('has no clear button without onClear', () => {
    render(
      <FiltersBar ariaLabel="Filtrar cosas">
        <span>campo</span>
      </FiltersBar>,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
