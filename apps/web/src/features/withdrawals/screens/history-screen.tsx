import Box from '@mui/material/Box';
import { PageHeader } from '@/components/layout/page-header';
import { historyPanel } from '../components/withdrawals-panel';
import { WithdrawalListPanel } from '../components/withdrawal-list-panel';
import { WITHDRAWALS_MESSAGES } from '../labels';

/** /retiros/historial (spec 001 §2 "Withdrawal history"). */
export default function WithdrawalHistoryScreen() {
  return (
    <Box component="section" aria-label={WITHDRAWALS_MESSAGES.historyTitle}>
      <PageHeader title={WITHDRAWALS_MESSAGES.historyTitle} />
      <WithdrawalListPanel definition={historyPanel} />
    </Box>
  );
}
