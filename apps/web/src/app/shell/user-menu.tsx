import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { usePopup } from '@/components/popup/use-popup';
import { visuallyHidden } from '@/components/feedback/visually-hidden';
import { useCurrentUser } from '../../lib/permissions';
import { initials } from './initials';
import { UserMenuPopup, useLazyMenu } from './lazy-menus';

/** The signed-in username with a menu: Perfil and Cerrar Sesion (spec 000 §1). */
export function UserMenu({ onOpenNews }: { onOpenNews: () => void }) {
  const user = useCurrentUser();
  const popup = usePopup('menu');
  const lazyMenu = useLazyMenu();

  return (
    <>
      <Button
        color="inherit"
        {...lazyMenu.buttonProps}
        {...popup.buttonProps}
        onClick={(event) => {
          lazyMenu.mount();
          popup.buttonProps.onClick(event);
        }}
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
      {lazyMenu.menu(<UserMenuPopup popup={popup} onOpenNews={onOpenNews} />)}
    </>
  );
}
