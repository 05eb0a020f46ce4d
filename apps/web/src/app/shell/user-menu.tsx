import { Link as RouterLink } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Logout from '@mui/icons-material/Logout';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import SupportAgentOutlined from '@mui/icons-material/SupportAgentOutlined';
import { usePopup } from '@/components/popup/use-popup';
import { useAuth } from '../../lib/auth-context';
import { useCurrentUser } from '../../lib/permissions';
import { MenuHeader } from './menu-header';
import { DOCUMENTATION_URL, SUPPORT_URL } from './product';

export function initials(name: string | null, username: string): string {
  const source = (name ?? '').trim() || username;
  const parts = source.split(/\s+/).filter(Boolean);
  const letters = parts.length >= 2 ? `${parts[0]![0]}${parts[parts.length - 1]![0]}` : source.slice(0, 2);
  return letters.toUpperCase();
}

/** Read by screen readers, not shown (MUI's visuallyHidden, without depending on @mui/utils). */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** On narrow screens the top bar has no room for its help links: the user menu carries them. */
const narrowOnly = { display: { xs: 'flex', md: 'none' } } as const;

/** The signed-in username with a menu: Perfil and Cerrar Sesion (spec 000 §1). */
export function UserMenu({ onOpenNews }: { onOpenNews: () => void }) {
  const user = useCurrentUser();
  const auth = useAuth();
  const popup = usePopup('menu');
  const close = popup.close;

  return (
    <>
      <Button
        color="inherit"
        {...popup.buttonProps}
        endIcon={<ExpandMore />}
        sx={{ pl: 0.75, pr: 1.25, borderRadius: 5, fontWeight: 500 }}
      >
        {/* Named by its text, "Usuario <username>" (no aria-label: the name contains what is seen). */}
        <Avatar aria-hidden sx={{ width: 30, height: 30, fontSize: 13, mr: 1, bgcolor: 'primary.main' }}>
          {initials(user.name, user.username)}
        </Avatar>
        <Box component="span" sx={visuallyHidden}>
          Usuario{' '}
        </Box>
        <Box
          component="span"
          data-testid="signed-in-username"
          sx={(theme) => ({ [theme.breakpoints.down('sm')]: visuallyHidden })}
        >
          {user.username}
        </Box>
      </Button>
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
            void auth.logout();
          }}
        >
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          Cerrar Sesion
        </MenuItem>
      </Menu>
    </>
  );
}
