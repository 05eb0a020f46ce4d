import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { statusDetailLabel } from '@/lib/code-label';
import { CodeText } from '../code-text';

describe('CodeText', () => {
  it('reads the Spanish label and keeps the raw code in a tooltip for support', async () => {
    const user = userEvent.setup({ delay: null });
    render(<CodeText code="accredited" label={statusDetailLabel} />);
    const text = screen.getByText('Acreditado');
    expect(screen.queryByText('accredited')).toBeNull();
    await user.hover(text);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Código: accredited');
    // The tooltip describes the text; it does not replace it with the code.
    expect(text).not.toHaveAttribute('aria-label');
    expect(text).toHaveAccessibleDescription('Código: accredited');
  });

  it('shows a dash without a code', () => {
    const { container } = render(<CodeText code={null} label={statusDetailLabel} />);
    expect(container).toHaveTextContent('—');
  });
});
