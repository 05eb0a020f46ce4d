import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpen from '@mui/icons-material/MenuOpen';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { DOCUMENTATION_URL, PRODUCT_NAME, SUPPORT_URL } from './product';
import { UserMenu } from './user-menu';
import { ShellTooltip } from './shell-tooltip';

// Loaded the first time Novedades opens.
const NewsDialog = lazy(() => import('./news-dialog'));

const linkSx = { color: 'text.secondary', fontWeight: 500, '&:hover': { color: 'primary.main' } } as const;

export function TopBar({
  menuCollapsed,
  onToggleMenu,
  onOpenSearch,
}: {
  menuCollapsed: boolean;
  onToggleMenu: () => void;
  /** Opens 'Buscar en el back-office' (also Ctrl+K / ⌘K). */
  onOpenSearch: () => void;
}) {
  const [newsOpen, setNewsOpen] = useState(false);
  const [newsRequested, setNewsRequested] = useState(false);
  const openNews = () => {
    setNewsRequested(true);
    setNewsOpen(true);
  };
  const toggleLabel = menuCollapsed ? 'Expandir menú' : 'Contraer menú';
  return (
    <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1, minHeight: { xs: 60 } }}>
        <ShellTooltip title={toggleLabel}>
          <IconButton
            edge="start"
            onClick={onToggleMenu}
            aria-label={toggleLabel}
            sx={{ color: 'text.secondary' }}
          >
            {menuCollapsed ? <MenuIcon /> : <MenuOpen />}
          </IconButton>
        </ShellTooltip>
        <Box
          component={RouterLink}
          to="/home"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.25,
            textDecoration: 'none',
            color: 'inherit',
            mr: 2,
          }}
        >
          <Box component="img" src="/favicon.svg" alt="" sx={{ width: 30, height: 30 }} />
          <Typography
            variant="h6"
            component="span"
            sx={{ fontSize: 17, color: 'primary.dark', whiteSpace: 'nowrap' }}
          >
            {PRODUCT_NAME}
          </Typography>
        </Box>
        <Box sx={{ flex: 1 }} />
        <ShellTooltip title="Buscar en el back-office (Ctrl+K)">
          <IconButton
            onClick={onOpenSearch}
            aria-label="Buscar en el back-office"
            aria-keyshortcuts="Control+K Meta+K"
            sx={{ color: 'text.secondary' }}
          >
            <SearchIcon />
          </IconButton>
        </ShellTooltip>
        <Box component="nav" aria-label="Ayuda" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5 }}>
          <Button href={SUPPORT_URL} startIcon={<SupportAgentOutlined />} sx={linkSx}>
            Soporte
          </Button>
          <Button
            href={DOCUMENTATION_URL}
            target="_blank"
            rel="noopener"
            startIcon={<MenuBookOutlined />}
            sx={linkSx}
          >
            Documentación
          </Button>
          <Button onClick={openNews} startIcon={<CampaignOutlined />} sx={linkSx}>
            Novedades
          </Button>
        </Box>
        <Box
          sx={{ width: '1px', height: 28, bgcolor: 'divider', mx: 1, display: { xs: 'none', md: 'block' } }}
        />
        <UserMenu onOpenNews={openNews} />
      </Toolbar>
      {newsRequested && (
        <Suspense fallback={null}>
          <NewsDialog open={newsOpen} onClose={() => setNewsOpen(false)} />
        </Suspense>
      )}
    </AppBar>
  );
}
