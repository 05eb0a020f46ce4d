import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListSearchBar, type SearchableList } from '../list-search-bar';

function list(search: string): SearchableList {
  return { state: { search }, setFilters: vi.fn(), clear: vi.fn() };
}

describe('ListSearchBar', () => {
  it('applies the typed text on Buscar, returns to the defaults on Limpiar, and follows the applied text', async () => {
    const user = userEvent.setup();
    const first = list('ana');
    const { rerender } = render(
      <ListSearchBar list={first} ariaLabel="Filtros de cosas" placeholder="Nombre o id" inputTestId="q" />,
    );
    const input = screen.getByTestId('q').querySelector('input') ?? screen.getByTestId('q');
    expect(input).toHaveValue('ana');
    await user.clear(input);
    await user.type(input, 'beto');
    expect(first.setFilters).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(first.setFilters).toHaveBeenCalledWith({ search: 'beto' });
    await user.click(screen.getByRole('button', { name: 'Limpiar' }));
    expect(first.clear).toHaveBeenCalledTimes(1);

    rerender(
      <ListSearchBar
        list={list('')}
        ariaLabel="Filtros de cosas"
        placeholder="Nombre o id"
        inputTestId="q"
      />,
    );
    expect(screen.getByTestId('q').querySelector('input') ?? screen.getByTestId('q')).toHaveValue('');
  });
});
