import MenuItem from '@mui/material/MenuItem';
import type { FormTextFieldProps } from './form-text-field';
import { FormTextField } from './form-text-field';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
  disabled?: boolean;
}

export type FormSelectFieldProps<V extends string> = Omit<FormTextFieldProps, 'select' | 'children'> & {
  options: readonly SelectOption<V>[];
};

/** A MUI select bound to the surrounding formik form, with the same error rule as `FormTextField`. */
export function FormSelectField<V extends string>({ options, ...props }: FormSelectFieldProps<V>) {
  return (
    <FormTextField {...props} select>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </MenuItem>
      ))}
    </FormTextField>
  );
}
