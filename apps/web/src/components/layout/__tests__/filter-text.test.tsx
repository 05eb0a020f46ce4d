import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FilterText } from '../filter-text';

function Field({ maxLength }: { maxLength?: number }) {
  const [value, setValue] = useState('');
  return (
    <FilterText
      label="Operador"
      placeholder="Usuario"
      value={value}
      onChange={(event) => setValue(event.target.value)}
      testId="user-filter"
      maxLength={maxLength}
    />
  );
}

describe('FilterText', () => {
  it('is a text field named by its label whose input carries the test id', async () => {
    render(<Field />);
    const input = screen.getByRole('textbox', { name: 'Operador' });
    expect(screen.getByTestId('user-filter')).toBe(input);
    expect(input).toHaveAttribute('placeholder', 'Usuario');
    await userEvent.type(input, 'ana');
    expect(input).toHaveValue('ana');
  });

  it('takes no more than its maximum length', async () => {
    render(<Field maxLength={5} />);
    const input = screen.getByRole('textbox', { name: 'Operador' });
    await userEvent.type(input, 'operador1');
    expect(input).toHaveValue('opera');
  });
});
