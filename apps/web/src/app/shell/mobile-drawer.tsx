import type { ReactNode } from 'react';
import Drawer from '@mui/material/Drawer';
import { SIDEBAR_PAPER } from '../theme';

/**
 * The side menu below the `md` breakpoint: a temporary drawer over the page (a modal: focus trapped, Escape and a
 * click outside close it). A chunk of its own, loaded only on a narrow window: the modal's code stays out of the
 * shell every desktop loads (shell-layout.tsx docks the menu with no Drawer).
 */
export default function MobileDrawer({
  open,
  onClose,
  width,
  children,
}: {
  open: boolean;
  onClose: () => void;
  width: number;
  children: ReactNode;
}) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      data-testid="side-menu"
      sx={{ '& .MuiDrawer-paper': { ...SIDEBAR_PAPER, width } }}
    >
      {children}
    </Drawer>
  );
}
