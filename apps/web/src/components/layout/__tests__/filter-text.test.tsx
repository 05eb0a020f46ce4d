import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FilterText } from '../filter-text';

describe('FilterText', () => {
  it('is a text field named by its label whose input carries the test id', async () => {
    render(<FilterText label="Operador" placeholder="Usuario" testId="user-filter" />);
    const input = screen.getByRole('textbox', { name: 'Operador' });
    expect(screen.getByTestId('user-filter')).toBe(input);
    expect(input).toHaveAttribute('placeholder', 'Usuario');
    await userEvent.type(input, 'ana');
    expect(input).toHaveValue('ana');
  });

  it('takes no more than its maximum length', async () => {
    render(<FilterText label="Id del registro" maxLength={5} />);
    const input = screen.getByRole('textbox', { name: 'Id del registro' });
    await userEvent.type(input, 'operador1');
    expect(input).toHaveValue('opera');
  });
});
