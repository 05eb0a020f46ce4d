import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FiltersForm } from '../filters-form';

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
});
