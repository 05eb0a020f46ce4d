import { Suspense, useEffect, useState } from 'react';
import { useMatches } from 'react-router';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { PageLoader } from '../../components/feedback/page-loader';
import { useAfterFirstPaint } from '../../lib/after-first-paint';
import { lazyComponent } from '../../lib/settled';
import { useStoredState } from '../../lib/use-stored-state';
import { DataBoundary } from '../data-layer';
import { KeptOutlet } from './kept-outlet';
import { useGlobalShortcuts } from '../search/global-shortcuts';
import { SIDEBAR_PAPER } from '../theme';
import { LiveConnection } from './live-connection';
import { PRODUCT_NAME } from './product';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

export const DRAWER_WIDTH = 264;
export const DRAWER_COLLAPSED_WIDTH = 72;

const MobileDrawer = lazyComponent(() => import('./mobile-drawer').then((m) => m.default)).Component;

/** The application shell: top bar, collapsible side menu (kept in localStorage) and the routed screen. */
export function ShellLayout() {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'));
  const [collapsed, setCollapsed] = useStoredState('shell.menu.collapsed', false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const width = collapsed ? DRAWER_COLLAPSED_WIDTH : DRAWER_WIDTH;
  const shortcuts = useGlobalShortcuts();
  // The bar's and the menu's contents render after the routed screen's first render (lib/after-first-paint.ts).
  const chrome = useAfterFirstPaint();

  const widthTransition = theme.transitions.create('width', { duration: theme.transitions.duration.shorter });

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <RouteEffects />
      <LiveConnection />
      <TopBar
        menuCollapsed={desktop ? collapsed : !mobileOpen}
        onToggleMenu={() => (desktop ? setCollapsed(!collapsed) : setMobileOpen(!mobileOpen))}
        onOpenSearch={shortcuts.openSearch}
        contents={chrome}
      />
      {shortcuts.dialogs}
      {desktop ? (
        // Docked beside the page, as a permanent Drawer lays it out, without the Drawer (its modal variant's code).
        <Box
          data-testid="side-menu"
          data-collapsed={collapsed}
          sx={{ width, flexShrink: 0, transition: widthTransition }}
        >
          <Box
            sx={{
              ...SIDEBAR_PAPER,
              width,
              transition: widthTransition,
              position: 'fixed',
              top: 0,
              left: 0,
              height: '100%',
              overflowY: 'auto',
              display: 'flex',
              flexDirection: 'column',
              zIndex: theme.zIndex.drawer,
            }}
          >
            <Toolbar sx={{ minHeight: { xs: 60 } }} />
            {chrome && <SideMenu collapsed={collapsed} />}
          </Box>
        </Box>
      ) : (
        <MobileDrawer open={mobileOpen} onClose={() => setMobileOpen(false)} width={DRAWER_WIDTH}>
          <Toolbar sx={{ minHeight: { xs: 60 } }} />
          <SideMenu collapsed={false} onNavigate={() => setMobileOpen(false)} />
        </MobileDrawer>
      )}
      <Box component="main" sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar sx={{ minHeight: { xs: 60 } }} />
        <Box sx={{ flex: 1, p: { xs: 2, md: 3 }, maxWidth: 1600, width: '100%', mx: 'auto' }}>
          <Suspense fallback={<PageLoader />}>
            <DataBoundary>
              <KeptOutlet />
            </DataBoundary>
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}

/**
 * What follows the address: the document's title ("Buscar Pagos · Back-office", from the matched route's handle; the
 * scroll is KeptOutlet's). A component of its own that renders nothing: every change of the address (a list's page,
 * sort or filter lives in it) renders it alone, not the shell's bar and menu.
 */
function RouteEffects() {
  const matches = useMatches();
  const title = [...matches].reverse().find((m) => (m.handle as { title?: string } | undefined)?.title)
    ?.handle as { title: string } | undefined;
  useEffect(() => {
    document.title = title ? `${title.title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
  return null;
}
