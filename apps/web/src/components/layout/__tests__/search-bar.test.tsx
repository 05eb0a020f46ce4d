import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SearchBar } from '../search-bar';

describe('SearchBar', () => {
  it('applies the trimmed text on submit, not while typing, and clears', () => {
    const onSubmit = vi.fn();
    const onClear = vi.fn();
    render(
      <SearchBar
        ariaLabel="Buscar pagadores"
        search="ana"
        placeholder="Nombre"
        onSubmit={onSubmit}
        onClear={onClear}
      />,
    );
    const form = screen.getByRole('search', { name: 'Buscar pagadores' });
    const input = screen.getByRole('textbox', { name: 'Buscar' });
    expect(input).toHaveValue('ana');
    fireEvent.change(input, { target: { value: '  maría  ' } });
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.submit(form);
    expect(onSubmit).toHaveBeenCalledWith('maría');
    fireEvent.click(screen.getByRole('button', { name: 'Limpiar' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('shows extra filters and no Limpiar without onClear', () => {
    render(
      <SearchBar ariaLabel="Filtros" search="" placeholder="x" onSubmit={() => undefined}>
        <span>Entidad</span>
      </SearchBar>,
    );
    expect(screen.getByText('Entidad')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Limpiar' })).toBeNull();
  });
});
