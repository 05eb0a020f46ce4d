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

/**
 * The side menu's groups, in their order (seed 000's table: Pagos, Entidades, Pagadores, Promociones, Gateways,
 * then the areas of seed 001; docs/decisions.md, "Side menu"). Their items are routes: each route of the manifest
 * (app/routes.ts) that names a group in its `menu` is an item of that group, with the route's own rule.
 */

export interface MenuGroupSpec {
  /** What routes name in their `menu.group` (app/routes.ts). */
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
] as const satisfies readonly MenuGroupSpec[];

/** A group's id, as a route's `menu.group` names it. */
export type MenuGroupId = (typeof MENU_GROUPS)[number]['id'];
