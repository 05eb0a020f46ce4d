import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MoneyText } from '../money-text';

describe('MoneyText', () => {
  it("writes the amount in es-AR and never wraps the '$' apart from it", () => {
    render(<MoneyText value="1500.5" testId="amount" />);
    const amount = screen.getByTestId('amount');
    expect(amount).toHaveTextContent('$ 1.500,50');
    expect(getComputedStyle(amount).whiteSpace).toBe('nowrap');
  });

  it('writes nothing for a missing amount', () => {
    render(<MoneyText value={null} testId="amount" />);
    expect(screen.getByTestId('amount')).toHaveTextContent('');
  });
});
