import Box from '@mui/material/Box';
import { PageHeader } from '@/components/layout/page-header';
import { useHasAny } from '@/lib/permissions';
import { authorizationPanel } from '../components/withdrawals-panel';
import { WithdrawalListPanel } from '../components/withdrawal-list-panel';
import { withdrawsPanel } from '../components/withdraws-panel';
import { WITHDRAWALS_MESSAGES } from '../labels';

/**
 * /retiros: the withdrawals to transfer (WITHDRAW_SHOW); a user who may only search withdrawals
 * (WITHDRAWAL_SEARCH) sees the authorization list instead (docs/decisions.md "Withdrawals").
 */
export default function WithdrawsScreen() {
  const transfers = useHasAny(['WITHDRAW_SHOW']);
  const title = transfers ? WITHDRAWALS_MESSAGES.transferTitle : WITHDRAWALS_MESSAGES.authorizationTitle;
  return (
    <Box component="section" aria-label={title}>
      <PageHeader title={title} />
      {transfers ? (
        <WithdrawalListPanel key="transfer" definition={withdrawsPanel} />
      ) : (
        <WithdrawalListPanel key="pending" definition={authorizationPanel} />
      )}
    </Box>
  );
}
