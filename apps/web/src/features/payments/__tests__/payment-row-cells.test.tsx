import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tooltipRenders } from '@/test/counted-tooltip';
import { PaymentRowActions } from '../components/payment-row-actions';
import { PaymentStatusChip } from '../components/payment-status-chip';
import { PAYMENT_STATUSES } from '../payment-status';
import type { RowMenuAction } from '../payments-bulk-rules';

// A page of /pagos renders an ACCIONES cell and a status chip per row. MUI's Tooltip (hooks and an
// emotion-styled Popper) is mounted only while a hint is shown. The real Tooltip, counted.
vi.mock('@mui/material/Tooltip', (importOriginal) =>
  import('@/test/counted-tooltip').then(({ countedTooltip }) => countedTooltip(importOriginal)),
);

const ACTIONS: RowMenuAction[] = [{ kind: 'CANCEL', label: 'Cancelar', enabled: true, reason: null }];

function renderRows(count: number) {
  return render(
    <MemoryRouter>
      {Array.from({ length: count }, (_, i) => (
        <PaymentRowActions
          key={i}
          paymentId={String(1000 + i)}
          detailHref={`/pago/${1000 + i}`}
          actions={ACTIONS}
          onAction={() => undefined}
        />
      ))}
    </MemoryRouter>,
  );
}

describe('the ACCIONES cell of /pagos', () => {
  afterEach(() => vi.restoreAllMocks());

  it('mounts no Tooltip for a page of rows; hovering a button shows its hint, leaving it hides it', async () => {
    const user = userEvent.setup();
    tooltipRenders.count = 0;
    renderRows(50);
    expect(tooltipRenders.count).toBe(0);

    const detail = screen.getByRole('link', { name: 'Ver detalle del pago 1007' });
    await user.hover(detail);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Ver detalle');
    await user.unhover(detail);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it("shows the menu button's hint on keyboard focus, the button keeping its focus", async () => {
    // jsdom keeps no keyboard modality: `:focus-visible`, which a browser matches after Tab, is made to match.
    const matches = Element.prototype.matches;
    vi.spyOn(Element.prototype, 'matches').mockImplementation(function (this: Element, selector: string) {
      return selector === ':focus-visible' ? this === document.activeElement : matches.call(this, selector);
    });
    const user = userEvent.setup();
    renderRows(1);
    await user.tab(); // 'Ver detalle'
    expect((await screen.findByRole('tooltip')).textContent).toBe('Ver detalle');
    await user.tab(); // the row's menu button
    const menu = screen.getByRole('button', { name: 'Acciones del pago 1000' });
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('Acciones'));
    expect(document.activeElement).toBe(menu);
    expect(screen.getAllByRole('tooltip')).toHaveLength(1);
  });
});

describe('PaymentStatusChip', () => {
  it('gives the chips of every status one emotion class: their colours are a shared inline style, not an sx', () => {
    render(
      <>
        {PAYMENT_STATUSES.map((status) => (
          <PaymentStatusChip key={status} status={status} />
        ))}
      </>,
    );
    const chips = PAYMENT_STATUSES.map((status) =>
      document.querySelector<HTMLElement>(`[data-status="${status.toLowerCase()}"]`)!,
    );
    expect(new Set(chips.map((chip) => chip.className)).size).toBe(1);
    const colours = new Set(chips.map((chip) => chip.style.backgroundColor));
    expect(colours.size).toBeGreaterThan(4); // each tone its own colour (seven tones, two shared)
    expect(chips[0]!.style.fontWeight).toBe('600');
  });
});
