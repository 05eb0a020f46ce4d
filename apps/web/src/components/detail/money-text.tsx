import Box from '@mui/material/Box';
import { formatAmount } from '@/lib/format';

/**
 * An amount as operators read it ('$ 1.500,00'), kept on one line: the '$' never wraps apart from its figures in a
 * narrow cell or dialog. Figures are tabular, so amounts in a column line up.
 */
export function MoneyText({ value, testId }: { value: string | number | null | undefined; testId?: string }) {
  return (
    <Box
      component="span"
      data-testid={testId}
      className="money-text"
      sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
    >
      {formatAmount(value)}
    </Box>
  );
}
