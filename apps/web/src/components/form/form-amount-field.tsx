import InputAdornment from '@mui/material/InputAdornment';
import { INPUT_MAX } from '@backoffice/validators';
import type { FormTextFieldProps } from './form-text-field';
import { FormTextField } from './form-text-field';

/**
 * An amount in pesos bound to the surrounding formik form: text (never a float), '$' in front, a decimal
 * keyboard, at most the spec's input length. Its format is checked by the form's schema (`amountSchema` or
 * `subscriptionAmountSchema` of `@backoffice/validators`), with the same error rule as `FormTextField`.
 */
export function FormAmountField({ slotProps, ...props }: Omit<FormTextFieldProps, 'type'>) {
  return (
    <FormTextField
      {...props}
      slotProps={{
        ...slotProps,
        input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        htmlInput: { inputMode: 'decimal', autoComplete: 'off', maxLength: INPUT_MAX },
      }}
    />
  );
}
