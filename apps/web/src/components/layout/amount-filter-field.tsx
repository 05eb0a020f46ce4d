import TextField from '@mui/material/TextField';
import { amountFilterError, amountFilterReading } from '@/lib/amount-filter';

export interface AmountFilterFieldProps {
  label: string;
  value: string;
  onChange(text: string): void;
  width?: number;
  testId?: string;
  /** A message of the form's about this field (an inverted range), shown when the text itself is an amount. */
  error?: string;
}

/**
 * An amount filter field: the text as typed, read by the one amount parser (`lib/amount-filter.ts`). Under it,
 * what it understood ('$ 1.500,00') or the Spanish message; the form searches only a valid amount (check it with
 * `amountFilterError`).
 */
export function AmountFilterField({
  label,
  value,
  onChange,
  width = 150,
  testId,
  error: formError,
}: AmountFilterFieldProps) {
  const error = amountFilterError(value) ?? formError;
  const reading = amountFilterReading(value);
  return (
    <TextField
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error !== undefined}
      helperText={error ?? reading}
      sx={{ width: error ? Math.max(width, 260) : width }}
      slotProps={{
        htmlInput: {
          inputMode: 'decimal',
          autoComplete: 'off',
          ...(testId ? { 'data-testid': testId } : {}),
        },
        formHelperText: testId ? ({ 'data-testid': `${testId}-helper` } as object) : undefined,
      }}
    />
  );
}
