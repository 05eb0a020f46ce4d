import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FilterSelect } from '../filter-select';

const COLOURS = { RED: 'Rojo', BLUE: 'Azul' } as const;

describe('FilterSelect', () => {
  it("offers 'Todos' then each choice in order, and gives null for 'Todos'", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<FilterSelect label="Color" value="RED" choices={COLOURS} onChange={onChange} testId="colour" />);
    const select = screen.getByRole('combobox', { name: 'Color' });
    expect(select).toHaveTextContent('Rojo');
    expect(screen.getByTestId('colour')).toBe(select);
    await user.click(select);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Todos', 'Rojo', 'Azul']);
    await user.click(screen.getByRole('option', { name: 'Azul' }));
    expect(onChange).toHaveBeenLastCalledWith('BLUE');
    await user.click(select);
    await user.click(screen.getByRole('option', { name: 'Todos' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it("takes a list of choices, and shows 'Todos' for null", () => {
    render(
      <FilterSelect
        label="Formato"
        value={null}
        choices={[
          { value: 'CSV', label: 'CSV' },
          { value: 'JSON', label: 'JSON' },
        ]}
        onChange={vi.fn()}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Formato' })).toHaveTextContent('Todos');
  });
});
