import { memo, useCallback, useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { AppLink, useAppNavigate } from '../../lib/app-link';
import { usePermissions } from '../../lib/permissions';
import { useStoredState } from '../../lib/use-stored-state';
import { SIDEBAR } from '../theme';
import { activeItem, visibleMenu, type MenuGroup } from './menu';
import { GroupMenu, useLazyMenu } from './lazy-menus';
import { PRODUCT_VERSION } from './product';
import { ShellTooltip } from './shell-tooltip';

const itemSx = {
  borderRadius: 2,
  mx: 1,
  my: 0.125,
  minHeight: 40,
  color: SIDEBAR.text,
  '& .MuiListItemIcon-root': { color: SIDEBAR.muted, minWidth: 40 },
  '&:hover': { bgcolor: SIDEBAR.hover, color: SIDEBAR.textStrong },
  '&.Mui-selected, &.Mui-selected:hover': {
    bgcolor: SIDEBAR.selected,
    color: SIDEBAR.textStrong,
    '& .MuiListItemIcon-root': { color: SIDEBAR.accent },
  },
} as const;

/** An entry of the menu's lists: a `<ul>` holds only `<li>` (the buttons and links go inside). */
function MenuListItem({ children, ...rest }: { children: ReactNode; 'data-menu-group'?: string }) {
  return (
    <Box component="li" sx={{ listStyle: 'none' }} {...rest}>
      {children}
    </Box>
  );
}

/** The side menu: expanded (groups with labels) or collapsed (icons with tooltips and fly-out menus). */
export function SideMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const permissions = usePermissions();
  const groups = useMemo(() => visibleMenu(permissions), [permissions]);
  const { pathname } = useLocation();
  const activeTo = activeItem(pathname, groups)?.to;
  const [closedGroups, setClosedGroups] = useStoredState<string[]>('shell.menu.closedGroups', []);
  const toggle = useCallback(
    (id: string) =>
      setClosedGroups(
        closedGroups.includes(id) ? closedGroups.filter((g) => g !== id) : [...closedGroups, id],
      ),
    [closedGroups, setClosedGroups],
  );
  // A group is told the selected entry only when it holds it: the others keep their props and are not rendered again.
  const activeIn = (group: MenuGroup) => (group.items.some((i) => i.to === activeTo) ? activeTo : undefined);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', bgcolor: SIDEBAR.background }}>
      <Box
        component="nav"
        aria-label="Menú principal"
        sx={{ flex: 1, overflowY: 'auto', overflowX: 'hidden', py: 1 }}
      >
        <List disablePadding>
          {groups.map((group) =>
            collapsed ? (
              <CollapsedGroup
                key={group.id}
                group={group}
                activeTo={activeIn(group)}
                onNavigate={onNavigate}
              />
            ) : (
              <ExpandedGroup
                key={group.id}
                group={group}
                open={!closedGroups.includes(group.id)}
                onToggle={toggle}
                activeTo={activeIn(group)}
                onNavigate={onNavigate}
              />
            ),
          )}
        </List>
      </Box>
      <Box
        sx={{
          borderTop: `1px solid ${SIDEBAR.divider}`,
          px: collapsed ? 0 : 2.5,
          py: 1.5,
          textAlign: collapsed ? 'center' : 'left',
        }}
      >
        <Typography variant="caption" sx={{ color: SIDEBAR.muted }} data-testid="product-version">
          {collapsed ? `v${PRODUCT_VERSION}` : `Versión ${PRODUCT_VERSION}`}
        </Typography>
      </Box>
    </Box>
  );
}

const ExpandedGroup = memo(function ExpandedGroup({
  group,
  open,
  onToggle,
  activeTo,
  onNavigate,
}: {
  group: MenuGroup;
  open: boolean;
  onToggle: (groupId: string) => void;
  /** The group's entry the address selects, if any (none when another group's is). */
  activeTo: string | undefined;
  onNavigate?: () => void;
}) {
  const Icon = group.icon;
  const containsActive = activeTo !== undefined;
  // An entry's link, selected (and the current page for assistive technology) when the address selects it.
  const entry = (to: string) => ({
    component: AppLink,
    to,
    selected: to === activeTo,
    'aria-current': to === activeTo ? ('page' as const) : undefined,
    onClick: onNavigate,
  });

  if (group.flat) {
    const item = group.items[0]!;
    return (
      <MenuListItem data-menu-group={group.id}>
        <ListItemButton {...entry(item.to)} sx={itemSx}>
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
          {/* A long label wraps onto a second line instead of being cut ('Reporte plano de integraciones'). */}
          <ListItemText
            primary={group.label}
            slotProps={{ primary: { fontSize: 14, fontWeight: 500, lineHeight: 1.3 } }}
          />
        </ListItemButton>
      </MenuListItem>
    );
  }

  return (
    <MenuListItem data-menu-group={group.id}>
      <ListItemButton
        onClick={() => onToggle(group.id)}
        aria-expanded={open}
        sx={{ ...itemSx, color: containsActive ? SIDEBAR.textStrong : SIDEBAR.text }}
      >
        <ListItemIcon sx={containsActive ? { color: `${SIDEBAR.accent} !important` } : undefined}>
          <Icon fontSize="small" />
        </ListItemIcon>
        <ListItemText
          primary={group.label}
          slotProps={{ primary: { fontSize: 14, fontWeight: 500, lineHeight: 1.3 } }}
        />
        {open ? (
          <ExpandLess fontSize="small" sx={{ color: SIDEBAR.muted }} />
        ) : (
          <ExpandMore fontSize="small" sx={{ color: SIDEBAR.muted }} />
        )}
      </ListItemButton>
      <Collapse in={open} timeout="auto">
        <List disablePadding>
          {group.items.map((item) => (
            <MenuListItem key={item.to}>
              <ListItemButton {...entry(item.to)} sx={{ ...itemSx, minHeight: 34, pl: 7 }}>
                <ListItemText
                  primary={item.label}
                  slotProps={{ primary: { fontSize: 13.5, lineHeight: 1.3 } }}
                />
              </ListItemButton>
            </MenuListItem>
          ))}
        </List>
      </Collapse>
    </MenuListItem>
  );
});

const CollapsedGroup = memo(function CollapsedGroup({
  group,
  activeTo,
  onNavigate,
}: {
  group: MenuGroup;
  /** The group's entry the address selects, if any (none when another group's is). */
  activeTo: string | undefined;
  onNavigate?: () => void;
}) {
  const Icon = group.icon;
  const navigate = useAppNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const selected = activeTo !== undefined;
  const single = group.flat || group.items.length === 1;
  const lazyMenu = useLazyMenu();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (single) {
      navigate(group.items[0]!.to);
      onNavigate?.();
    } else {
      lazyMenu.mount();
      setAnchor(event.currentTarget);
    }
  };
  const label = single && !group.flat ? `${group.label} · ${group.items[0]!.label}` : group.label;

  return (
    <MenuListItem data-menu-group={group.id}>
      <ShellTooltip title={label} placement="right">
        <ListItemButton
          {...(single ? {} : lazyMenu.buttonProps)}
          onClick={onClick}
          selected={selected}
          aria-label={label}
          aria-haspopup={single ? undefined : 'menu'}
          sx={{
            ...itemSx,
            justifyContent: 'center',
            px: 0,
            '& .MuiListItemIcon-root': { ...itemSx['& .MuiListItemIcon-root'], minWidth: 0 },
          }}
        >
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
        </ListItemButton>
      </ShellTooltip>
      {!single &&
        lazyMenu.menu(
          <GroupMenu
            group={group}
            anchor={anchor}
            onClose={() => setAnchor(null)}
            activeTo={activeTo}
            onNavigate={onNavigate}
          />,
        )}
    </MenuListItem>
  );
});
