import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { tooltipRenders } from '@/test/counted-tooltip';
import { CutText } from '../cut-text';

// A page of a list renders ≈ 250 cut texts; MUI's Tooltip (hooks, timers, an emotion-styled Popper) is
// rendered only around the one whose full value is shown. The real Tooltip, counted.
vi.mock('@mui/material/Tooltip', (importOriginal) =>
  import('@/test/counted-tooltip').then(({ countedTooltip }) => countedTooltip(importOriginal)),
);

describe('CutText renders', () => {
  it('renders no Tooltip for the cells of a page until one is hovered, then the full value of that one', async () => {
    const user = userEvent.setup();
    const texts = Array.from(
      { length: 50 },
      (_, i) => `Cuota mensual número ${i} del club social y deportivo`,
    );
    render(
      <div>
        {texts.map((text) => (
          <CutText key={text} text={text} className="oneLine" />
        ))}
      </div>,
    );
    expect(tooltipRenders.count).toBe(0);

    const text = screen.getByText(texts[7]!);
    Object.defineProperty(text, 'scrollWidth', { configurable: true, value: 400 });
    Object.defineProperty(text, 'clientWidth', { configurable: true, value: 120 });
    await user.hover(text);
    expect((await screen.findByRole('tooltip')).textContent).toBe(texts[7]);
    expect(tooltipRenders.count).toBeGreaterThan(0);

    // The first match is the cell's text, the second the tooltip's (in its portal, after). The text is a new element
    // inside the Tooltip: the pointer moves on it (as a real one does) before it leaves.
    const shown = screen.getAllByText(texts[7]!)[0]!;
    await user.hover(shown);
    await user.unhover(shown);
    await vi.waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });
});
