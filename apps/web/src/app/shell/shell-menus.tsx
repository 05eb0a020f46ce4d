import { Link as RouterLink, NavLink } from 'react-router';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import Logout from '@mui/icons-material/Logout';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import type { Popup } from '@/components/popup/use-popup';
import { useAuth } from '../../lib/auth-context';
import { endLive } from '../../lib/live/live-access';
import { useCurrentUser } from '../../lib/permissions';
import type { MenuGroup } from './menu';
import { MenuHeader } from './menu-header';
import { DOCUMENTATION_URL, SUPPORT_URL } from './product';

/**
 * The shell's popup menus (MUI's Menu with its Popover, MenuList and MenuItem): a chunk of their own, loaded when
 * the pointer or the focus reaches a button that opens one (lazy-menus.ts), not with the shell.
 */

/** On narrow screens the top bar has no room for its help links: the user menu carries them. */
const narrowOnly = { display: { xs: 'flex', md: 'none' } } as const;

/** The user menu's items: Perfil and Cerrar Sesion (spec 000 §1), and the help links on narrow screens. */
export function UserMenuPopup({ popup, onOpenNews }: { popup: Popup; onOpenNews: () => void }) {
  const user = useCurrentUser();
  const auth = useAuth();
  const close = popup.close;
  return (
    <Menu id={popup.id} {...popup.popupProps} slotProps={{ paper: { sx: { minWidth: 240, mt: 1 } } }}>
      <MenuHeader sx={{ px: 2, py: 1 }}>
        {/* A paragraph, not the variant's <h6>: a heading is not allowed inside role="menu". */}
        <Typography variant="subtitle2" component="p" noWrap>
          {user.name || user.username}
        </Typography>
        {user.email && (
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
        )}
      </MenuHeader>
      <Divider />
      <MenuItem component={RouterLink} to="/perfil" onClick={close}>
        <ListItemIcon>
          <AccountCircleOutlined fontSize="small" />
        </ListItemIcon>
        Perfil
      </MenuItem>
      <MenuItem component="a" href={SUPPORT_URL} onClick={close} sx={narrowOnly}>
        <ListItemIcon>
          <SupportAgentOutlined fontSize="small" />
        </ListItemIcon>
        Soporte
      </MenuItem>
      <MenuItem
        component="a"
        href={DOCUMENTATION_URL}
        target="_blank"
        rel="noopener"
        onClick={close}
        sx={narrowOnly}
      >
        <ListItemIcon>
          <MenuBookOutlined fontSize="small" />
        </ListItemIcon>
        Documentación
      </MenuItem>
      <MenuItem
        onClick={() => {
          close();
          onOpenNews();
        }}
        sx={narrowOnly}
      >
        <ListItemIcon>
          <CampaignOutlined fontSize="small" />
        </ListItemIcon>
        Novedades
      </MenuItem>
      <Divider sx={{ display: { xs: 'block', md: 'none' } }} />
      <MenuItem
        onClick={() => {
          close();
          endLive(); // every tab of the operator closes its live updates before the session ends
          void auth.logout();
        }}
      >
        <ListItemIcon>
          <Logout fontSize="small" />
        </ListItemIcon>
        Cerrar Sesion
      </MenuItem>
    </Menu>
  );
}

/** A collapsed side-menu group's fly-out: its items beside its icon. */
export function GroupMenu({
  group,
  anchor,
  onClose,
  activeTo,
  onNavigate,
}: {
  group: MenuGroup;
  anchor: HTMLElement | null;
  onClose: () => void;
  activeTo: string | undefined;
  onNavigate?: () => void;
}) {
  return (
    <Menu
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'left' }}
      slotProps={{ list: { dense: true, 'aria-label': group.label } }}
    >
      <MenuHeader>
        <Typography variant="overline" sx={{ px: 2, color: 'text.secondary', display: 'block' }}>
          {group.label}
        </Typography>
      </MenuHeader>
      {group.items.map((item) => (
        <MenuItem
          key={item.to}
          component={NavLink}
          to={item.to}
          selected={item.to === activeTo}
          onClick={() => {
            onClose();
            onNavigate?.();
          }}
        >
          {item.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
