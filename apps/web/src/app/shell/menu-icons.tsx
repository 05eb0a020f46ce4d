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
import type { MenuIcon } from './menu-groups';

export const MENU_ICONS: Record<MenuIcon, SvgIconComponent> = {
  payments: PaymentsOutlined,
  subscriptions: AutorenewOutlined,
  collectors: StorefrontOutlined,
  payers: PeopleAltOutlined,
  promotions: LocalOfferOutlined,
  gateways: HubOutlined,
  imports: UploadFileOutlined,
  transfers: SwapHorizOutlined,
  withdrawals: AccountBalanceOutlined,
  distributions: CallSplitOutlined,
  'service-payments': ReceiptLongOutlined,
  afip: GavelOutlined,
  exports: FileDownloadOutlined,
  'soft-provider': IntegrationInstructionsOutlined,
  bin: CreditCardOutlined,
};
