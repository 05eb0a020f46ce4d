import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UiProviders } from '../providers';
import { REDUCED_MOTION_QUERY } from '../theme';

/** jsdom has no `matchMedia`: this one answers `matches` for the reduced-motion query only. */
function prefersReducedMotion(reduce: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: reduce && query === REDUCED_MOTION_QUERY,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

function MotionProbe() {
  const theme = useTheme();
  return (
    <>
      <output aria-label="transición">{theme.transitions.create('opacity')}</output>
      <output aria-label="duración">{theme.transitions.duration.enteringScreen}</output>
      <Button>Guardar</Button>
    </>
  );
}

const shownAfterAPress = () => {
  render(
    <UiProviders>
      <MotionProbe />
    </UiProviders>,
  );
  const button = screen.getByRole('button', { name: 'Guardar' });
  // The ripple mounts on the first press (MUI's lazy ripple).
  act(() => {
    fireEvent.mouseDown(button);
  });
  return {
    transition: screen.getByLabelText('transición').textContent,
    duration: screen.getByLabelText('duración').textContent,
    ripple: button.querySelector('.MuiTouchRipple-root'),
  };
};

describe('UiProviders and the operator’s motion preference', () => {
  afterEach(() => {
    // The component project shares jsdom between files (isolate: false): leave it without matchMedia, as it was.
    delete (window as { matchMedia?: unknown }).matchMedia;
  });

  it('animates by default: transitions and the ripple under a click', () => {
    prefersReducedMotion(false);
    const { transition, duration, ripple } = shownAfterAPress();
    expect(transition).toMatch(/^opacity \d+ms/);
    expect(duration).toBe('225');
    expect(ripple).not.toBeNull();
  });

  it('with prefers-reduced-motion: no transition, no duration, no ripple', () => {
    prefersReducedMotion(true);
    const { transition, duration, ripple } = shownAfterAPress();
    expect(transition).toBe('none');
    expect(duration).toBe('0');
    expect(ripple).toBeNull();
  });
});
