import { satisfies, type PermissionRule } from '@/lib/permissions';
import { APP_ROUTES, MENU_GROUPS, type MenuGroupSpec } from '../routes';
import type { SvgIconComponent } from '@mui/icons-material';

export interface MenuItem {
  label: string;
  to: string;
  /** Who sees it; no rule means everybody (spec 000 §2: "or if it lists none"). */
  rule?: PermissionRule;
}

export interface MenuGroup {
  id: string;
  label: string;
  icon: SvgIconComponent;
  /** A flat group is one link (its only item) instead of an expandable group. */
  flat?: boolean;
  items: MenuItem[];
}

/** The side menu: each group of MENU_GROUPS with the manifest's routes that name it, in the manifest's order. */
export const MENU: readonly MenuGroup[] = MENU_GROUPS.map((group: MenuGroupSpec) => ({
  id: group.id,
  label: group.label,
  icon: group.icon,
  ...(group.flat ? { flat: true } : {}),
  items: APP_ROUTES.flatMap((route) =>
    route.menu?.group === group.id ? [{ label: route.menu.label, to: route.path, rule: route.rule }] : [],
  ),
}));

/** The groups and items the user may see: an item by its rule, a group when any of its items is visible. */
export function visibleMenu(permissions: readonly string[], menu: readonly MenuGroup[] = MENU): MenuGroup[] {
  return menu
    .map((group) => ({ ...group, items: group.items.filter((item) => satisfies(permissions, item.rule)) }))
    .filter((group) => group.items.length > 0);
}

/** The group holding the item that best matches a path (longest prefix), to open it and mark it active. */
export function activeItem(
  path: string,
  groups: readonly MenuGroup[],
): { groupId: string; to: string } | undefined {
  let best: { groupId: string; to: string } | undefined;
  for (const group of groups) {
    for (const item of group.items) {
      const matches = path === item.to || path.startsWith(`${item.to}/`);
      if (matches && (!best || item.to.length > best.to.length)) best = { groupId: group.id, to: item.to };
    }
  }
  return best;
}
