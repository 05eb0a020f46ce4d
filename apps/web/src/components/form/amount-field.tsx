import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { INPUT_MAX, readAmount } from '@backoffice/validators';
import { formatAmount } from '@/lib/format';

export type AmountFieldProps = Omit<
  TextFieldProps,
  'value' | 'onChange' | 'error' | 'type' | 'helperText'
> & {
  /** The text as typed (never a float: the form converts it with `readAmount` / `parseAmount`). */
  value: string;
  onChange(text: string): void;
  /** The message to show (the caller decides when: a form once the field was left, a filter at once). */
  error?: string;
  /** What the field is for ('Hasta $ 1.000,00'), shown after what it understood. */
  hint?: string;
  /**
   * The dialog's `MoneySummary` says what the field understood (as the request will carry it): the helper keeps
   * only the hint and the error, so the amount is said once.
   */
  summarized?: boolean;
  /** No length limit (the subscription amount prompt has no upper bound, spec 000 §5). */
  unbounded?: boolean;
  /** data-testid of the input; its helper text gets `${testId}-helper`. */
  testId?: string;
};

/**
 * The one amount an operator types: refunds, subscription amount, distribution destination, scheduled
 * withdrawals, service payments, every amount filter. It reads '26.717,23', '26717,23' and a pasted '26717.23' as
 * the same Decimal through the validators' one parser (`readAmount`), and says under it what it understood in
 * es-AR ('$ 26.717,23') while the operator types; anything else gets the validators' one message through `error`.
 */
export function AmountField({
  value,
  onChange,
  error,
  hint,
  summarized = false,
  unbounded = false,
  testId,
  slotProps,
  ...props
}: AmountFieldProps) {
  const reading = readAmount(value);
  const understood = reading === null || summarized ? undefined : formatAmount(reading);
  const helper = error ?? ([understood, hint].filter(Boolean).join(' · ') || undefined);
  return (
    <TextField
      {...props}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error !== undefined}
      helperText={helper}
      slotProps={{
        ...slotProps,
        input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        htmlInput: {
          inputMode: 'decimal',
          autoComplete: 'off',
          ...(unbounded ? {} : { maxLength: INPUT_MAX }),
          ...(testId ? { 'data-testid': testId } : {}),
        },
        formHelperText: testId ? ({ 'data-testid': `${testId}-helper` } as object) : undefined,
      }}
    />
  );
}
