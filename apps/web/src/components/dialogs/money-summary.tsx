import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { readAmount } from '@backoffice/validators';
import { formatAmount } from '../../lib/format';

/** Shown for a value the request will not carry yet (an amount not valid, a field still empty). */
export const NOT_SENT = '—';

/** One line of what a dialog will send: a label and the value exactly as the request carries it. */
export interface MoneySummaryLine {
  label: string;
  /** As sent ('169178.46', '2850590940090418135201'); null or empty: not sent (yet). */
  value: string | null | undefined;
  /** An amount: shown in es-AR from the very decimal sent ('$ 169.178,46'). */
  amount?: boolean;
}

/** What a dialog acting on one record moves: which record, whose, how much, and to which account. */
export interface MovementOf {
  /** The record's noun and id: ['Retiro', '6000001']. */
  record: readonly [string, string];
  /** The collector whose money it is (its name, else its id). */
  collector: string | null | undefined;
  /** Lines between the collector and the amount ('Pagos': 5). */
  details?: readonly MoneySummaryLine[];
  /** The decimal moved. */
  amount: string | null | undefined;
  /** Where it goes: ['CBU de destino', '2850…']; absent when it stays with the collector. */
  account?: readonly [string, string | null | undefined];
}

/** The summary lines of `MovementOf`, in the order an operator checks them. */
export function movementLines({
  record,
  collector,
  details = [],
  amount,
  account,
}: MovementOf): MoneySummaryLine[] {
  return [
    { label: record[0], value: record[1] },
    { label: 'Entidad', value: collector },
    ...details,
    { label: 'Monto', value: amount, amount: true },
    ...(account ? [{ label: account[0], value: account[1] }] : []),
  ];
}

/** An amount that does not read as one is never shown as one: the dialog will not send it (its field says why). */
function shown({ value, amount }: MoneySummaryLine): string {
  if (value == null || value === '') return NOT_SENT;
  if (!amount) return value;
  const decimal = readAmount(value);
  return decimal === null ? NOT_SENT : formatAmount(decimal);
}

/**
 * What a dialog that moves money will send: the amounts, the payment methods and the accounts, built by
 * the dialog from the same function its submit uses, so the summary follows the operator as they type and never
 * says an amount or an account the request will not carry. Announced politely as it changes.
 */
export function MoneySummary({
  lines,
  title = 'Se enviará',
  testId = 'money-summary',
}: {
  lines: readonly MoneySummaryLine[];
  title?: string;
  testId?: string;
}) {
  return (
    <Box
      component="section"
      aria-label={title}
      aria-live="polite"
      data-testid={testId}
      sx={{ bgcolor: 'action.hover', borderRadius: 2, px: 2, py: 1, mt: 2 }}
    >
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        {lines.map((line) => (
          <Box key={line.label} sx={{ display: 'contents' }} data-testid={`${testId}-line`}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {line.label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, overflowWrap: 'anywhere', fontWeight: line.amount ? 600 : undefined }}
              data-label={line.label}
            >
              {shown(line)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
