import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useFormikContext } from 'formik';
import { shownError } from './field-error';

export type FormTextFieldProps = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  /** The formik field (dotted paths allowed). */
  name: string;
  /** Show the error at once, before the field is touched (see `shownError`). */
  immediateError?: boolean;
};

/**
 * A MUI text field bound to the surrounding formik form: value, change, blur, and its error as helper text when
 * `shownError` says so (otherwise the given helper text). Validation is the form's (a `@backoffice/validators`
 * yup schema as `validationSchema`).
 */
export function FormTextField({ name, immediateError, helperText, ...props }: FormTextFieldProps) {
  const formik = useFormikContext<Record<string, unknown>>();
  const field = formik.getFieldProps<string | undefined>(name);
  const error = shownError(formik, name, immediateError);
  return (
    <TextField
      {...props}
      name={name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error !== undefined}
      helperText={error ?? helperText}
    />
  );
}
