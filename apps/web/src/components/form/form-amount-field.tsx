import { useFormikContext } from 'formik';
import { AmountField, type AmountFieldProps } from './amount-field';
import { shownError } from './field-error';

export type FormAmountFieldProps = Omit<
  AmountFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error'
> & {
  /** The formik field (dotted paths allowed). */
  name: string;
  /** Show the error at once, before the field is touched (see `shownError`). */
  immediateError?: boolean;
};

/**
 * `AmountField` bound to the surrounding formik form: the text is the form's value, its error the form's (a
 * `@backoffice/validators` amount rule: `amountSchema`, `checkPositiveAmount`, `refundAmountSchema`...) once
 * `shownError` says so; until then the helper says what the field understood.
 */
export function FormAmountField({ name, immediateError, ...props }: FormAmountFieldProps) {
  const formik = useFormikContext<Record<string, unknown>>();
  const field = formik.getFieldProps<string | undefined>(name);
  return (
    <AmountField
      {...props}
      name={name}
      value={field.value ?? ''}
      onChange={(text) => void formik.setFieldValue(name, text)}
      onBlur={field.onBlur}
      error={shownError(formik, name, immediateError)}
    />
  );
}
