import { lazy, Suspense } from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';

/** MUI's Tooltip with Popper and popper.js: requested as the shell first renders, not part of its start-up. */
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/**
 * The shell's tooltips (collapsed menu, menu toggle): the element shows at once and gains its tooltip a moment
 * later, so the shell paints without the tooltip machinery. Screens use MUI's Tooltip directly.
 */
export function ShellTooltip({ children, ...props }: TooltipProps) {
  return (
    <Suspense fallback={children}>
      <Tooltip {...props}>{children}</Tooltip>
    </Suspense>
  );
}
