import { createTheme } from '@mui/material/styles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REDUCED_MOTION_QUERY, motionOptions, prefersReducedMotion } from '../theme';

describe('reduced motion (the operator system setting)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is read from the prefers-reduced-motion media query, and is off where there is no window', () => {
    expect(prefersReducedMotion()).toBe(false);
    const matchMedia = vi.fn((query: string) => ({ matches: query === REDUCED_MOTION_QUERY }));
    vi.stubGlobal('window', { matchMedia });
    expect(prefersReducedMotion()).toBe(true);
    expect(matchMedia).toHaveBeenCalledWith('(prefers-reduced-motion: reduce)');
  });

  it('makes every MUI transition last 0 ms, removes ripples and stops CSS animations', () => {
    const reduced = createTheme({}, motionOptions(true));
    expect(reduced.transitions.create(['opacity'])).toBe('none');
    expect(reduced.transitions.duration.enteringScreen).toBe(0);
    expect(reduced.transitions.duration.leavingScreen).toBe(0);
    expect(reduced.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    expect(JSON.stringify(reduced.components?.MuiCssBaseline?.styleOverrides)).toContain('animationIterationCount');
  });

  it('changes nothing by default', () => {
    const normal = createTheme({}, motionOptions(false));
    expect(normal.transitions.create(['opacity'])).not.toBe('none');
    expect(normal.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(normal.components?.MuiButtonBase).toBeUndefined();
  });
});
