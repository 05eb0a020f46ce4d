import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useFormikContext } from 'formik';
import {
  cleanCardNumberInput,
  cleanCbuInput,
  cleanCuitInput,
  cleanDigitsInput,
  formatCuitInput,
} from '@backoffice/validators';
import { shownError } from './field-error';

/**
 * The identifier inputs: what each keeps of what is typed or pasted, and how it shows it. The
 * rules are `@backoffice/validators`' (identifier-input.ts); the field holds the cleaned value, which is what the
 * form sends.
 * - `cuit`: a CUIT/CUIL; dashes and spaces accepted, digits kept, shown as 20-12345678-6.
 * - `card`: a card number; spaces and dashes removed.
 * - `cbu`: a CBU; digits only, like the CUIT, separators dropped.
 * - `digits`: digits only (a BIN, accreditation days, a DNI); letters and signs are not accepted.
 */
export type IdentifierKind = 'cuit' | 'card' | 'cbu' | 'digits';

const KINDS: Readonly<Record<IdentifierKind, { clean(text: string): string; show(value: string): string }>> =
  {
    cuit: { clean: cleanCuitInput, show: formatCuitInput },
    card: { clean: cleanCardNumberInput, show: (value) => value },
    cbu: { clean: cleanCbuInput, show: (value) => value },
    digits: { clean: cleanDigitsInput, show: (value) => value },
  };

export type IdentifierTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  kind: IdentifierKind;
  /** The cleaned value (digits). */
  value: string;
  onValueChange(value: string): void;
  /** At most this many characters of the cleaned value (a BIN's 6); longer input is not accepted. */
  maxDigits?: number;
};

/** A MUI text field for an identifier, not bound to a form (filters, dialogs on `useFormik`). */
export function IdentifierTextField({
  kind,
  value,
  onValueChange,
  maxDigits,
  slotProps,
  ...props
}: IdentifierTextFieldProps) {
  const rule = KINDS[kind];
  const htmlInput = (slotProps?.htmlInput ?? {}) as Record<string, unknown>;
  return (
    <TextField
      {...props}
      value={rule.show(value)}
      onChange={(event) => {
        const cleaned = rule.clean(event.target.value);
        onValueChange(maxDigits === undefined ? cleaned : cleaned.slice(0, maxDigits));
      }}
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: 'numeric', autoComplete: 'off', ...htmlInput },
      }}
    />
  );
}

export type FormIdentifierFieldProps = Omit<IdentifierTextFieldProps, 'value' | 'onValueChange' | 'error'> & {
  /** The formik field (dotted paths allowed). */
  name: string;
};

/** `IdentifierTextField` bound to the surrounding formik form, with the kit's error rule (`shownError`). */
export function FormIdentifierField({ name, helperText, onBlur, ...props }: FormIdentifierFieldProps) {
  const formik = useFormikContext<Record<string, unknown>>();
  const field = formik.getFieldProps<string | undefined>(name);
  const error = shownError(formik, name);
  return (
    <IdentifierTextField
      {...props}
      name={name}
      value={field.value ?? ''}
      onValueChange={(value) => void formik.setFieldValue(name, value)}
      onBlur={(event) => {
        field.onBlur(event);
        onBlur?.(event);
      }}
      error={error !== undefined}
      helperText={error ?? helperText}
    />
  );
}
