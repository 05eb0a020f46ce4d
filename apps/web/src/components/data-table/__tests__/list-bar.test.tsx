import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListBar, totalText } from '../list-bar';

const noun = { one: 'lote', many: 'lotes', gender: 'masculine' as const };

describe('ListBar', () => {
  it('says the total in the noun, loading while unknown', () => {
    expect(totalText(noun, undefined)).toBe('Cargando…');
    expect(totalText(noun, 1)).toBe('1 lote');
    expect(totalText(noun, 0)).toBe('0 lotes');
    expect(totalText(noun, 12)).toBe('12 lotes');
  });

  it('shows the selection count only with a selection, and the actions', () => {
    const { rerender } = render(
      <ListBar noun={noun} total={12} selectedCount={0} totalTestId="total">
        <button type="button">Reprocesar</button>
      </ListBar>,
    );
    expect(screen.getByTestId('total').textContent).toBe('12 lotes');
    expect(screen.queryByTestId('selection-count')).toBeNull();
    expect(screen.getByRole('button', { name: 'Reprocesar' })).toBeTruthy();
    rerender(<ListBar noun={noun} total={12} selectedCount={2} totalTestId="total" />);
    expect(screen.getByTestId('selection-count').textContent).toBe('2 lotes seleccionados');
  });
});
