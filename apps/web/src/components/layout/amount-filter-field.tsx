import { AmountField } from '@/components/form/amount-field';
import { amountFilterError } from '@/lib/amount-filter';

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
 * An amount filter: the kit's `AmountField` with its message at once (a filter has no 'left the field' moment),
 * wider while it shows one; the form searches only a valid amount (check it with `amountFilterError`).
 */
export function AmountFilterField({
  width = 150,
  error: formError,
  value,
  ...props
}: AmountFilterFieldProps) {
  const error = amountFilterError(value) ?? formError;
  return (
    <AmountField
      {...props}
      value={value}
      error={error}
      sx={{ width: error ? Math.max(width, 260) : width }}
    />
  );
}
