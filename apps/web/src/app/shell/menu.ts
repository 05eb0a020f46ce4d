import { satisfies, type Permission, type PermissionRule } from '../../lib/permissions';

/** Icon names; side-menu.tsx maps them to components (this module stays pure data). */
export type MenuIcon =
  | 'payments'
  | 'subscriptions'
  | 'collectors'
  | 'payers'
  | 'promotions'
  | 'gateways'
  | 'imports'
  | 'transfers'
  | 'withdrawals'
  | 'distributions'
  | 'service-payments'
  | 'afip'
  | 'exports'
  | 'soft-provider'
  | 'bin';

export interface MenuItem {
  label: string;
  to: string;
  /** Who sees it; no rule means everybody (spec 000 §2: "or if it lists none"). */
  rule?: PermissionRule;
}

export interface MenuGroup {
  id: string;
  label: string;
  icon: MenuIcon;
  /** A flat group is one link (its only item) instead of an expandable group. */
  flat?: boolean;
  items: MenuItem[];
}

const any = (...permissions: Permission[]): PermissionRule => ({ any: permissions });

const SUBSCRIPTION_PERMISSIONS: Permission[] = [
  'SUBSCRIPTION_CREATE',
  'SUBSCRIPTION_CANCEL',
  'SUBSCRIPTION_UPDATE',
  'SUBSCRIPTION_REMOVE_PAYMENT_METHOD',
  'SUBSCRIPTION_HISTORY_SHOW',
];

/**
 * The side menu. Seed 000's table (Pagos, Entidades, Pagadores, Promociones, Gateways) exactly, plus the
 * areas of seed 001, each with its own permission (see docs/decisions.md, "Side menu").
 */
export const MENU: readonly MenuGroup[] = [
  { id: 'payments', label: 'Pagos', icon: 'payments', items: [{ label: 'Buscar', to: '/pagos' }] },
  {
    id: 'subscriptions',
    label: 'Suscripciones',
    icon: 'subscriptions',
    items: [{ label: 'Buscar', to: '/suscripciones', rule: any(...SUBSCRIPTION_PERMISSIONS) }],
  },
  {
    id: 'collectors',
    label: 'Entidades',
    icon: 'collectors',
    items: [{ label: 'Buscar', to: '/comercios', rule: any('COLLECTOR_SHOW') }],
  },
  {
    id: 'payers',
    label: 'Pagadores',
    icon: 'payers',
    items: [
      { label: 'Buscar', to: '/pagadores', rule: any('PAYER_SHOW') },
      { label: 'Nuevo pagador', to: '/pagadores/nuevo', rule: any('PAYER_CREATE') },
      { label: 'Referencias', to: '/pagadores/referencias', rule: any('PAYER_REFERENCE_SHOW') },
    ],
  },
  {
    id: 'promotions',
    label: 'Promociones',
    icon: 'promotions',
    items: [{ label: 'Buscar', to: '/comercios/promociones', rule: any('PROMOTION_SHOW') }],
  },
  {
    id: 'gateways',
    label: 'Gateways',
    icon: 'gateways',
    items: [
      { label: 'Buscar', to: '/comercios/gateways', rule: any('GATEWAY_SHOW', 'GATEWAY_DEFAULT_SHOW') },
    ],
  },
  {
    id: 'imports',
    label: 'Importaciones',
    icon: 'imports',
    items: [
      { label: 'Importar', to: '/importacion', rule: any('IMPORT_REQUEST') },
      { label: 'Historial', to: '/importaciones', rule: any('IMPORT_REQUEST') },
    ],
  },
  {
    id: 'transfers',
    label: 'Transferencias',
    icon: 'transfers',
    flat: true,
    items: [{ label: 'Transferencias', to: '/transferencias', rule: any('TRANSFER_SHOW') }],
  },
  {
    id: 'withdrawals',
    label: 'Retiros',
    icon: 'withdrawals',
    flat: true,
    items: [
      {
        label: 'Retiros',
        to: '/retirosUnificados',
        rule: any('WITHDRAW_SHOW', 'WITHDRAWAL_SEARCH', 'BATCH_WITHDRAW_SHOW'),
      },
    ],
  },
  {
    id: 'distributions',
    label: 'Distribuciones',
    icon: 'distributions',
    flat: true,
    items: [
      {
        label: 'Distribuciones',
        to: '/distribucion',
        rule: any('DISTRIBUTION_UPDATE', 'DISTRIBUTION_FORCE', 'DISTRIBUTION_SCHEDULED_UPDATE'),
      },
    ],
  },
  {
    id: 'service-payments',
    label: 'Pago de servicios',
    icon: 'service-payments',
    items: [
      {
        label: 'Lotes de transacciones',
        to: '/pagos/pago-de-servicios',
        rule: any('SERVICE_PAYMENT_SHOW_BATCH'),
      },
      { label: 'Lotes de gateways', to: '/pagos/pago-de-servicios/gateways', rule: any('SHOW_BATCH_DATA') },
    ],
  },
  {
    id: 'afip',
    label: 'AFIP',
    icon: 'afip',
    flat: true,
    items: [{ label: 'AFIP', to: '/afip', rule: any('AFIP_SHOW') }],
  },
  {
    id: 'exports',
    label: 'Exportaciones',
    icon: 'exports',
    flat: true,
    items: [
      { label: 'Exportaciones', to: '/exportaciones', rule: { all: ['EXPORT_SHOW', 'EXPORT_SEARCH'] } },
    ],
  },
  {
    id: 'soft-provider',
    label: 'Reporte plano de integraciones',
    icon: 'soft-provider',
    flat: true,
    items: [
      {
        label: 'Reporte plano de integraciones',
        to: '/soft-provider',
        rule: any('SOFT_PROVIDER_APPROVE', 'SOFT_PROVIDER_REJECT'),
      },
    ],
  },
  {
    id: 'bin',
    label: 'BIN',
    icon: 'bin',
    flat: true,
    items: [{ label: 'BIN', to: '/bin', rule: any('BIN_CREATE', 'BIN_UPDATE', 'BIN_DELETE') }],
  },
];

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
