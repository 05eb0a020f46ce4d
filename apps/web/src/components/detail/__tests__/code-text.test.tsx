import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { statusDetailLabel } from '@/lib/code-label';
import { CodeText, MessageText, StatusDetailText } from '../code-text';

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

describe('StatusDetailText', () => {
  it('reads a catalogue code in Spanish with the code in a tooltip', async () => {
    const user = userEvent.setup({ delay: null });
    render(<StatusDetailText detail="rejected_by_payer" />);
    const text = screen.getByText('Rechazada por el pagador');
    expect(screen.queryByText('rejected_by_payer')).toBeNull();
    await user.hover(text);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Código: rejected_by_payer');
  });

  it("shows a service's free text as written, through the area's reading", () => {
    render(
      <StatusDetailText detail="TRANSFER_ERROR: El CBU no existe" readable={(t) => t.split(': ')[1] ?? t} />,
    );
    expect(screen.getByText('El CBU no existe')).toBeVisible();
  });
});

describe('MessageText', () => {
  it("shows a refusal's text, ' - ' and its code, as the gateway wrote it", () => {
    const { container } = render(
      <MessageText message="La operación no está permitida en el estado actual. - period_closed" />,
    );
    expect(container).toHaveTextContent(
      /^La operación no está permitida en el estado actual\. - period_closed$/,
    );
    expect(container.querySelector('[data-code="period_closed"]')).not.toBeNull();
    render(<MessageText message="El BIN ya existe - bin_exists" />);
    expect(screen.getByText('El BIN ya existe - bin_exists')).toBeVisible();
  });

  it('shows a message without a code as it is', () => {
    const { container } = render(<MessageText message="No tiene permisos para realizar esta acción." />);
    expect(container).toHaveTextContent(/^No tiene permisos para realizar esta acción\.$/);
    expect(container.querySelector('[data-code]')).toBeNull();
  });
});
