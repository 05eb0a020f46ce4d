import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ListSearchBar } from '../list-search-bar';

function Harness({ clearable, onClear }: { clearable?: boolean; onClear?: () => void }) {
  const [search, setSearch] = useState('uno');
  const page = {
    state: { search },
    list: {
      setFilters: (filters: { search: string }) => setSearch(filters.search),
      clear: onClear ?? vi.fn(),
    },
  };
  return (
    <>
      <ListSearchBar page={page} ariaLabel="Filtros" placeholder="Nombre" clearable={clearable} />
      <button type="button" onClick={() => setSearch('tres')}>
        desde otro lado
      </button>
      <output>{search}</output>
    </>
  );
}

describe('ListSearchBar', () => {
  it('starts from the applied search, applies the trimmed text on Buscar and follows a change from elsewhere', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const field = screen.getByRole('textbox', { name: 'Buscar' });
    expect(field).toHaveValue('uno');
    expect(screen.queryByRole('button', { name: 'Limpiar' })).not.toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '  dos ');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(screen.getByRole('status')).toHaveTextContent('dos');
    await user.click(screen.getByRole('button', { name: 'desde otro lado' }));
    expect(screen.getByRole('textbox', { name: 'Buscar' })).toHaveValue('tres');
  });

  it("'Limpiar' empties text typed but not applied, even when the applied search was already empty", async () => {
    const user = userEvent.setup();
    function Cleared() {
      const [clears, setClears] = useState(0);
      const page = {
        state: { search: '' },
        list: { setFilters: vi.fn(), clear: () => setClears((n) => n + 1), clears },
      };
      return <ListSearchBar page={page} ariaLabel="Filtros" placeholder="Nombre" clearable />;
    }
    render(<Cleared />);
    await user.type(screen.getByRole('textbox', { name: 'Buscar' }), 'ana');
    await user.click(screen.getByRole('button', { name: 'Limpiar' }));
    expect(screen.getByRole('textbox', { name: 'Buscar' })).toHaveValue('');
  });

  it("offers 'Limpiar' when clearable", async () => {
    const user = userEvent.setup();
    const onClear = vi.fn();
    render(<Harness clearable onClear={onClear} />);
    await user.click(screen.getByRole('button', { name: 'Limpiar' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });
});
