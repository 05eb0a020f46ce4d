import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * Text at the top of a `<Menu>` that is not an item: MUI's MenuList skips it when it picks the item that takes
 * the focus (otherwise it gets tabIndex 0, and a focusable non-item inside role="menu" breaks the menu's ARIA).
 */
export function MenuHeader({ children, sx }: { children: ReactNode; sx?: SxProps<Theme> }) {
  return <Box sx={sx}>{children}</Box>;
}
MenuHeader.muiSkipListHighlight = true;
