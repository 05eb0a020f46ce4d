import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BatchFilters } from '../../batch-list';
import { BatchFiltersForm } from '../batch-filters';

const APPLIED: BatchFilters = { batchNumber: '', amountFrom: '', amountTo: '', from: null, to: null, state: null };

const amount = (name: string) => screen.getByRole('textbox', { name });
const type = (name: string, text: string) => fireEvent.change(amount(name), { target: { value: text } });
const search = () => fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));

describe('BatchFiltersForm', () => {
  it('keeps what is typed when the list hands it the same filters again (a new object, as after a reload)', () => {
    const props = { onSubmit: vi.fn(), onClear: vi.fn() };
    const { rerender } = render(<BatchFiltersForm applied={APPLIED} {...props} />);
    type('Importe desde', '1.500');
    rerender(<BatchFiltersForm applied={{ ...APPLIED }} {...props} />);
    expect(amount('Importe desde')).toHaveProperty('value', '1.500');
  });

  it("refuses an inverted range under 'Importe hasta' and applies nothing; put right, applies the amounts", () => {
    const onSubmit = vi.fn();
    render(<BatchFiltersForm applied={APPLIED} onSubmit={onSubmit} onClear={vi.fn()} />);
    type('Importe desde', '1.500');
    type('Importe hasta', '900');
    expect(amount('Importe hasta').getAttribute('aria-invalid')).toBe('true');
    search();
    expect(onSubmit).not.toHaveBeenCalled();
    type('Importe hasta', '90.000');
    search();
    expect(onSubmit).toHaveBeenCalledWith({ ...APPLIED, amountFrom: '1.500', amountTo: '90.000' });
  });
});
