import type { SvgIconComponent } from '@mui/icons-material';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import HubOutlined from '@mui/icons-material/HubOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import CallSplitOutlined from '@mui/icons-material/CallSplitOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import IntegrationInstructionsOutlined from '@mui/icons-material/IntegrationInstructionsOutlined';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import type { Permission, PermissionRule } from '../lib/permissions';
import { APPROVAL_PERMISSIONS } from '../lib/permission-rules';
import { PRELOADED_ROUTES, type PreloadLoader } from './route-preloads';
import {
  BATCHES,
  COLLECTORS_SEARCH,
  lazyScreen,
  PAYERS_SEARCH,
  PAYMENTS_SEARCH,
  UNIFIED_WITHDRAWALS,
  type LazyScreen,
} from './screens';

/**
 * The side menu's groups, in their order (seed 000's table: Pagos, Entidades, Pagadores, Promociones, Gateways,
 * then the areas of seed 001; docs/decisions.md, "Side menu"). Their items are routes: each route below that names
 * a group in its `menu` is an item of that group, with the route's own rule. An area's group is registered here,
 * beside its routes.
 */

export interface MenuGroupSpec {
  /** What routes name in their `menu.group`. */
  id: string;
  label: string;
  icon: SvgIconComponent;
  /** A flat group is one link (its only item) instead of an expandable group. */
  flat?: boolean;
}

export const MENU_GROUPS = [
  { id: 'payments', label: 'Pagos', icon: PaymentsOutlined },
  { id: 'subscriptions', label: 'Suscripciones', icon: AutorenewOutlined },
  { id: 'collectors', label: 'Entidades', icon: StorefrontOutlined },
  { id: 'payers', label: 'Pagadores', icon: PeopleAltOutlined },
  { id: 'promotions', label: 'Promociones', icon: LocalOfferOutlined },
  { id: 'gateways', label: 'Gateways', icon: HubOutlined },
  { id: 'imports', label: 'Importaciones', icon: UploadFileOutlined },
  { id: 'transfers', label: 'Transferencias', flat: true, icon: SwapHorizOutlined },
  { id: 'withdrawals', label: 'Retiros', flat: true, icon: AccountBalanceOutlined },
  { id: 'distributions', label: 'Distribuciones', flat: true, icon: CallSplitOutlined },
  { id: 'service-payments', label: 'Pago de servicios', icon: ReceiptLongOutlined },
  { id: 'afip', label: 'AFIP', flat: true, icon: GavelOutlined },
  { id: 'exports', label: 'Exportaciones', flat: true, icon: FileDownloadOutlined },
  {
    id: 'soft-provider',
    label: 'Reporte plano de integraciones',
    flat: true,
    icon: IntegrationInstructionsOutlined,
  },
  { id: 'bin', label: 'BIN', flat: true, icon: CreditCardOutlined },
  { id: 'activity', label: 'Actividad', flat: true, icon: ManageSearchOutlined },
  { id: 'approvals', label: 'Aprobaciones', flat: true, icon: FactCheckOutlined },
] as const satisfies readonly MenuGroupSpec[];

/** A group's id, as a route's `menu.group` names it. */
export type MenuGroupId = (typeof MENU_GROUPS)[number]['id'];

/** One entry of the route manifest: everything a route needs, together. */
export interface AppRoute {
  path: string;
  /** The section's Spanish title (page header, document title, 'Sección no disponible' text). */
  title: string;
  /** Who may open it; others see 'No tiene permisos'. No rule: any signed-in user. */
  rule?: PermissionRule;
  /** What it renders; none: 'Sección no disponible' (not built in this version). */
  screen?: LazyScreen;
  /**
   * Started on navigation, with the screen's chunk (app/router.tsx): the screen's first query, sent into Apollo's
   * cache (lib/preload). A small module of the feature that imports the document and the list definition only.
   */
  preload?: PreloadLoader;
  /** The preloads of the records its rows link to, loaded with their screens once it is shown (PreloadedRoute). */
  opens?: readonly PreloadLoader[];
  /** Its item in the side menu: the group (MENU_GROUPS) and the item's label; the rule is the route's. */
  menu?: { group: MenuGroupId; label: string };
  /**
   * A list the operator opens records from: its screen stays mounted, hidden, while another screen is open (the
   * last few: app/shell/kept-outlet.tsx), so going back shows it at once as it was left.
   */
  kept?: true;
}

const any = (...permissions: Permission[]): PermissionRule => ({ any: permissions });
const na = (path: string, title: string, rule?: PermissionRule, menu?: AppRoute['menu']): AppRoute => ({
  path,
  title,
  rule,
  ...(menu ? { menu } : {}),
});

const TRANSACTION_BATCHES = lazyScreen(
  () => import('../features/service-payments/screens/transaction-batches-screen'),
);

/** One batch: the detail routes of Lotes and a payment's associated batch. */
const BATCH_DETAIL = lazyScreen(() => import('../features/batches/screens/batch-detail-screen'));

/**
 * The route manifest: every route of spec 000 §2 and spec 001 §2 (route table and "other links seen"), each with
 * its title, permission rule and lazy screen. The empty path and unknown paths redirect to /home (router.tsx).
 * Permissions per route: docs/decisions.md, "Routes". Adding an area's screen is adding (or filling) its entry. A
 * route that shows one record has its pattern in RECORD_ROUTES too (lib/record-href.ts), which links are built from
 * (app/__tests__/record-links.test.ts holds the two alike); it is written out here so that the shell does not carry
 * the builder, which only screens use.
 */
export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/home', title: 'Inicio', screen: lazyScreen(() => import('./home/home-screen')) },
  { path: '/perfil', title: 'Mi perfil', screen: lazyScreen(() => import('./profile/profile-screen')) },
  // Payments and subscriptions (spec 000).
  {
    path: '/pagos',
    kept: true,
    title: 'Buscar Pagos',
    menu: { group: 'payments', label: 'Buscar' },
    screen: PAYMENTS_SEARCH,
    ...PRELOADED_ROUTES['/pagos'],
  },
  {
    path: '/pago/:id',
    title: 'Detalle del Pago',
    screen: lazyScreen(() => import('../features/payments/screens/payment-detail-screen')),
    ...PRELOADED_ROUTES['/pago/:id'],
  },
  {
    path: '/suscripciones',
    kept: true,
    title: 'Buscar Suscripciones',
    menu: { group: 'subscriptions', label: 'Buscar' },
    screen: lazyScreen(() => import('../features/subscriptions/screens/subscriptions-search-screen')),
    ...PRELOADED_ROUTES['/suscripciones'],
  },
  {
    path: '/suscripcion/:id',
    title: 'Detalle de la suscripción',
    screen: lazyScreen(() => import('../features/subscriptions/screens/subscription-detail-screen')),
    ...PRELOADED_ROUTES['/suscripcion/:id'],
  },
  {
    path: '/notificacion/:id',
    title: 'Detalle de la notificación',
    rule: any('NOTIFICATION_SHOW'),
    screen: lazyScreen(() => import('../features/notifications/screens/notification-screen')),
  },
  // Collectors and their sub-areas.
  {
    path: '/comercios',
    kept: true,
    title: 'Buscar Entidades',
    menu: { group: 'collectors', label: 'Buscar' },
    rule: any('COLLECTOR_SHOW'),
    screen: COLLECTORS_SEARCH,
  },
  na('/comercios/promociones', 'Promociones', any('PROMOTION_SHOW'), {
    group: 'promotions',
    label: 'Buscar',
  }),
  na('/comercios/gateways', 'Gateways', any('GATEWAY_SHOW', 'GATEWAY_DEFAULT_SHOW'), {
    group: 'gateways',
    label: 'Buscar',
  }),
  {
    path: '/comercios/:collectorId',
    title: 'Entidad',
    rule: any('COLLECTOR_SHOW'),
    screen: lazyScreen(() => import('../features/collectors/screens/collector-screen')),
  },
  // Payers.
  {
    path: '/pagadores',
    kept: true,
    title: 'Buscar Pagadores',
    menu: { group: 'payers', label: 'Buscar' },
    rule: any('PAYER_SHOW'),
    screen: PAYERS_SEARCH,
  },
  {
    path: '/pagadores/nuevo',
    title: 'Nuevo pagador',
    menu: { group: 'payers', label: 'Nuevo pagador' },
    rule: any('PAYER_CREATE'),
    screen: lazyScreen(() => import('../features/payers/screens/payer-new-screen')),
  },
  {
    path: '/pagadores/referencias',
    kept: true,
    title: 'Referencias de pagadores',
    menu: { group: 'payers', label: 'Referencias' },
    rule: any('PAYER_REFERENCE_SHOW'),
    screen: lazyScreen(() => import('../features/payers/screens/references-screen')),
  },
  {
    path: '/pagadores/referencias/crear',
    title: 'Nueva referencia de pagador',
    rule: any('PAYER_REFERENCE_CREATE'),
    screen: lazyScreen(() => import('../features/payers/screens/reference-create-screen')),
  },
  {
    path: '/pagadores/referencias/:id/editar',
    title: 'Editar referencia de pagador',
    rule: any('PAYER_REFERENCE_UPDATE'),
    screen: lazyScreen(() => import('../features/payers/screens/reference-edit-screen')),
  },
  {
    path: '/pagadores/:id',
    title: 'Detalle del pagador',
    rule: any('PAYER_SHOW'),
    screen: lazyScreen(() => import('../features/payers/screens/payer-detail-screen')),
  },
  // Separate feature areas whose content the specs do not show.
  na('/cvu', 'Cuentas CVU'),
  na('/terminales-de-pago', 'Terminales de pago'),
  na('/precargadas', 'Tarjetas precargadas'),
  na('/debitos-automaticos', 'Débitos automáticos'),
  na('/facturacion', 'Facturación'),
  na('/detail', 'Detalle'),
  na('/medios-de-pago-excluidos', 'Medios de pago excluidos'),
  // Imports and conversion.
  {
    path: '/importacion',
    title: 'Importar pagos',
    menu: { group: 'imports', label: 'Importar' },
    rule: any('IMPORT_REQUEST'),
    screen: lazyScreen(() => import('../features/imports/screens/import-request-screen')),
  },
  {
    path: '/importacion/:id',
    title: 'Detalle de importación',
    rule: any('IMPORT_REQUEST'),
    screen: lazyScreen(() => import('../features/imports/screens/import-detail-screen')),
  },
  {
    path: '/conversion',
    title: 'Detalle de conversión',
    rule: any('IMPORT_REQUEST'),
    screen: lazyScreen(() => import('../features/imports/screens/conversion-screen')),
  },
  {
    path: '/importaciones',
    kept: true,
    title: 'Importaciones',
    menu: { group: 'imports', label: 'Historial' },
    rule: any('IMPORT_REQUEST'),
    screen: lazyScreen(() => import('../features/imports/screens/imports-list-screen')),
  },
  // Transfers, withdrawals and batches.
  {
    path: '/transferencias',
    kept: true,
    title: 'Conciliación de transferencias',
    menu: { group: 'transfers', label: 'Transferencias' },
    rule: any('TRANSFER_SHOW'),
    screen: lazyScreen(() => import('../features/transfers/screens/transfers-screen')),
  },
  {
    path: '/retiros',
    kept: true,
    title: 'Retiros',
    screen: lazyScreen(() => import('../features/withdrawals/screens/withdraws-screen')),
    ...PRELOADED_ROUTES['/retiros'],
  },
  {
    path: '/retirosUnificados',
    kept: true,
    title: 'Retiros',
    menu: { group: 'withdrawals', label: 'Retiros' },
    screen: UNIFIED_WITHDRAWALS,
    ...PRELOADED_ROUTES['/retirosUnificados'],
  },
  {
    path: '/retiros/historial',
    kept: true,
    title: 'Historial de retiros',
    rule: any('WITHDRAWAL_SEARCH'),
    screen: lazyScreen(() => import('../features/withdrawals/screens/history-screen')),
  },
  {
    path: '/retiros/lotes/:collectorId/:batchId',
    title: 'Retiros del lote',
    rule: any('BATCH_WITHDRAW_SHOW', 'WITHDRAW_SHOW'),
    screen: BATCH_DETAIL,
  },
  {
    path: '/lotes',
    kept: true,
    title: 'Lotes de retiros',
    rule: any('BATCH_WITHDRAW_SHOW'),
    screen: BATCHES,
  },
  { path: '/lotes/lotes', title: 'Detalle de lote', rule: any('BATCH_WITHDRAW_SHOW'), screen: BATCH_DETAIL },
  {
    path: '/lotes/lotes/:collectorId/:id',
    title: 'Detalle de lote',
    rule: any('BATCH_WITHDRAW_SHOW'),
    screen: BATCH_DETAIL,
  },
  // Distributions and service payments.
  {
    path: '/distribucion',
    title: 'Distribuciones',
    menu: { group: 'distributions', label: 'Distribuciones' },
    screen: lazyScreen(() => import('../features/distributions/screens/distributions-screen')),
    ...PRELOADED_ROUTES['/distribucion'],
  },
  {
    path: '/pagos/pago-de-servicios',
    kept: true,
    title: 'Pago de servicios',
    menu: { group: 'service-payments', label: 'Lotes de transacciones' },
    rule: any('SERVICE_PAYMENT_SHOW_BATCH'),
    screen: TRANSACTION_BATCHES,
  },
  {
    path: '/pagos/pago-de-servicios/transacciones',
    kept: true,
    title: 'Lotes de transacciones',
    rule: any('SERVICE_PAYMENT_SHOW_BATCH'),
    screen: TRANSACTION_BATCHES,
  },
  {
    path: '/pagos/pago-de-servicios/gateways',
    kept: true,
    title: 'Lotes de gateways',
    menu: { group: 'service-payments', label: 'Lotes de gateways' },
    rule: any('SHOW_BATCH_DATA'),
    screen: lazyScreen(() => import('../features/service-payments/screens/gateway-batches-screen')),
  },
  // Tax authority, exports, software provider, card BINs.
  {
    path: '/afip',
    kept: true,
    title: 'Presentaciones AFIP',
    menu: { group: 'afip', label: 'AFIP' },
    screen: lazyScreen(() => import('../features/afip/screens/presentations-screen')),
    ...PRELOADED_ROUTES['/afip'],
  },
  {
    path: '/afip/generar',
    title: 'Nueva presentación',
    rule: any('AFIP_CREATE'),
    screen: lazyScreen(() => import('../features/afip/screens/presentation-create-screen')),
  },
  {
    path: '/afip/:id',
    title: 'Detalle de presentación',
    rule: any('AFIP_SHOW'),
    screen: lazyScreen(() => import('../features/afip/screens/presentation-detail-screen')),
  },
  {
    path: '/exportaciones',
    kept: true,
    title: 'Historial de exportaciones',
    menu: { group: 'exports', label: 'Exportaciones' },
    rule: { all: ['EXPORT_SHOW', 'EXPORT_SEARCH'] },
    screen: lazyScreen(() => import('../features/exports/screens/exports-history-screen')),
  },
  {
    path: '/soft-provider',
    title: 'Reporte plano de integraciones',
    menu: { group: 'soft-provider', label: 'Reporte plano de integraciones' },
    rule: any('SOFT_PROVIDER_APPROVE', 'SOFT_PROVIDER_REJECT'),
    screen: lazyScreen(() => import('../features/softprovider/screens/soft-provider-screen')),
  },
  {
    path: '/bin',
    kept: true,
    title: 'Buscar BIN',
    menu: { group: 'bin', label: 'BIN' },
    rule: any('BIN_CREATE', 'BIN_UPDATE', 'BIN_DELETE'),
    screen: lazyScreen(() => import('../features/bins/screens/bins-screen')),
  },
  {
    path: '/bin/:id',
    title: 'BIN',
    rule: any('BIN_CREATE'),
    screen: lazyScreen(() => import('../features/bins/screens/bin-form-screen')),
  },
  // The operators' activity, from the gateway's own store.
  {
    path: '/actividad',
    kept: true,
    title: 'Actividad',
    menu: { group: 'activity', label: 'Actividad' },
    rule: any('ACTIVITY_SHOW'),
    screen: lazyScreen(() => import('../features/activity/screens/activity-screen')),
  },
  // Four eyes on money: the moves an approval policy held, for another operator to decide.
  {
    path: '/aprobaciones',
    kept: true,
    title: 'Aprobaciones',
    menu: { group: 'approvals', label: 'Aprobaciones' },
    rule: any(...APPROVAL_PERMISSIONS),
    screen: lazyScreen(() => import('../features/approvals/screens/approvals-screen')),
  },
];

/** Splits a path into the params React Router would give it, or undefined when it does not match. */
export function matchRoutePath(pattern: string, path: string): Record<string, string> | undefined {
  const a = pattern.split('/').filter(Boolean);
  const b = path.split('/').filter(Boolean);
  if (a.length !== b.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    const seg = a[i]!;
    if (seg.startsWith(':')) params[seg.slice(1)] = decodeURIComponent(b[i]!);
    else if (seg !== b[i]) return undefined;
  }
  return params;
}

/** The route a concrete path renders (static segments win over params, like React Router's ranking). */
export function findRoute(path: string, routes: readonly AppRoute[] = APP_ROUTES): AppRoute | undefined {
  const score = (pattern: string) => pattern.split('/').filter((s) => s && !s.startsWith(':')).length;
  return routes.filter((r) => matchRoutePath(r.path, path)).sort((x, y) => score(y.path) - score(x.path))[0];
}
