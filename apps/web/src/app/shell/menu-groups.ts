/**
 * The side menu's groups, in their order (seed 000's table: Pagos, Entidades, Pagadores, Promociones, Gateways,
 * then the areas of seed 001; docs/decisions.md, "Side menu"). Their items are routes: each route of the manifest
 * (app/routes.ts) that names a group in its `menu` is an item of that group, with the route's own rule.
 */

/** Icon names; menu-icons.tsx maps them to components (this module stays pure data). */
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

export interface MenuGroupSpec {
  id: MenuIcon;
  label: string;
  /** A flat group is one link (its only item) instead of an expandable group. */
  flat?: boolean;
}

export type MenuGroupId = MenuGroupSpec['id'];

export const MENU_GROUPS: readonly MenuGroupSpec[] = [
  { id: 'payments', label: 'Pagos' },
  { id: 'subscriptions', label: 'Suscripciones' },
  { id: 'collectors', label: 'Entidades' },
  { id: 'payers', label: 'Pagadores' },
  { id: 'promotions', label: 'Promociones' },
  { id: 'gateways', label: 'Gateways' },
  { id: 'imports', label: 'Importaciones' },
  { id: 'transfers', label: 'Transferencias', flat: true },
  { id: 'withdrawals', label: 'Retiros', flat: true },
  { id: 'distributions', label: 'Distribuciones', flat: true },
  { id: 'service-payments', label: 'Pago de servicios' },
  { id: 'afip', label: 'AFIP', flat: true },
  { id: 'exports', label: 'Exportaciones', flat: true },
  { id: 'soft-provider', label: 'Reporte plano de integraciones', flat: true },
  { id: 'bin', label: 'BIN', flat: true },
];
