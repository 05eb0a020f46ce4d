import type { ComponentProps } from 'react';

/** How many times MUI's Tooltip rendered since the test last set it to 0 (with `countedTooltip` mocked in). */
export const tooltipRenders = { count: 0 };

type TooltipModule = typeof import('@mui/material/Tooltip');

/**
 * The real Tooltip, counted: a test file's `vi.mock('@mui/material/Tooltip', (importOriginal) =>
 * import('@/test/counted-tooltip').then(({ countedTooltip }) => countedTooltip(importOriginal)))`, then it reads
 * `tooltipRenders.count` (a list mounts a Tooltip only while a hint is shown).
 */
export async function countedTooltip(importOriginal: <T>() => Promise<T>): Promise<TooltipModule> {
  const real = await importOriginal<TooltipModule>();
  const RealTooltip = real.default;
  return {
    ...real,
    default: ((props: ComponentProps<typeof RealTooltip>) => {
      tooltipRenders.count += 1;
      return <RealTooltip {...props} />;
    }) as TooltipModule['default'],
  };
}
