import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
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
import { lazyComponent } from '../../lib/settled';

// Loaded the first time Novedades opens.
const NewsDialog = lazyComponent(() => import('./news-dialog').then((m) => m.default)).Component;

const linkSx = { color: 'text.secondary', fontWeight: 500, '&:hover': { color: 'primary.main' } } as const;

/**
 * The top bar's 'Buscar… Ctrl K' box: looks like a field, so the search and its shortcut are seen; a
 * button that opens 'Buscar en el back-office'. On a narrow screen only its icon. Its name is its visible text
 * (axe's label-content-name-mismatch: a voice user says what they see), kept when the text is hidden.
 */
function SearchBox({ onOpen }: { onOpen: () => void }) {
  return (
    <ButtonBase
      onClick={onOpen}
      aria-label="Buscar… Ctrl K"
      aria-keyshortcuts="Control+K Meta+K"
      data-testid="top-bar-search"
      sx={{
        gap: 1,
        px: 1.25,
        height: 36,
        minWidth: { xs: 36, md: 240 },
        justifyContent: 'flex-start',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        color: 'text.secondary',
        bgcolor: 'background.default',
        '&:hover': { borderColor: 'text.secondary' },
        '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' },
      }}
    >
      <SearchIcon fontSize="small" />
      <Box component="span" sx={{ display: { xs: 'none', md: 'inline' }, flex: 1, textAlign: 'left' }}>
        Buscar…
      </Box>
      <Box
        component="kbd"
        sx={{
          display: { xs: 'none', md: 'inline' },
          px: 0.75,
          border: 1,
          borderColor: 'divider',
          borderRadius: 0.5,
          fontFamily: 'inherit',
          fontSize: 12,
        }}
      >
        Ctrl K
      </Box>
    </ButtonBase>
  );
}

export function TopBar({
  menuCollapsed,
  onToggleMenu,
  onOpenSearch,
  contents = true,
}: {
  menuCollapsed: boolean;
  onToggleMenu: () => void;
  /** Opens 'Buscar en el back-office' (also Ctrl+K / ⌘K). */
  onOpenSearch: () => void;
  /** False: the bar alone, at its height, until its contents render (shell-layout.tsx). */
  contents?: boolean;
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
        {contents && (
          <>
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
            <SearchBox onOpen={onOpenSearch} />
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
              sx={{
                width: '1px',
                height: 28,
                bgcolor: 'divider',
                mx: 1,
                display: { xs: 'none', md: 'block' },
              }}
            />
            <UserMenu onOpenNews={openNews} />
          </>
        )}
      </Toolbar>
      {newsRequested && <NewsDialog open={newsOpen} onClose={() => setNewsOpen(false)} />}
    </AppBar>
  );
}
