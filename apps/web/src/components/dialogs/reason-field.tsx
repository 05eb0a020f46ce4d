import type { FormikErrors, FormikProps } from 'formik';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { LABELS, checkReason } from '@backoffice/validators';

/** The longest reason the gateway accepts (apps/gateway `MAX_REASON_LENGTH`). */
export const REASON_MAX_LENGTH = 500;

export const reasonTooLongMessage = (max: number, length: number) =>
  `El motivo admite hasta ${max.toLocaleString('es-AR')} caracteres (tiene ${length.toLocaleString('es-AR')}).`;

export interface ReasonValues {
  reason: string;
}

/**
 * The reason's error: 'Disculpe, debe ingresar el motivo' when blank (spec 000 §5), or the limit when it is
 * longer than `max` (nothing is cut: the operator sees the counter and shortens it).
 */
export function reasonError(value: string, max = REASON_MAX_LENGTH): string | undefined {
  const required = checkReason(value);
  if (required) return required;
  return value.length > max ? reasonTooLongMessage(max, value.length) : undefined;
}

/** A formik `validate` for a form whose only checked value is `reason`. */
export function validateReason(max = REASON_MAX_LENGTH) {
  return (values: ReasonValues): FormikErrors<ReasonValues> => {
    const error = reasonError(values.reason, max);
    return error ? { reason: error } : {};
  };
}

/**
 * 'Ingrese el motivo' (spec 000 §5): the reason of a cancel, refund or reverse, bound to a formik form with a
 * `reason` value. Multi-line: Enter is a new line, never a submit. A counter shows the length against the
 * limit; the required error shows once touched or submitted, the limit error as soon as it is passed.
 */
export function ReasonField<V extends ReasonValues = ReasonValues>({
  formik,
  label = LABELS.cancelReasonPrompt,
  maxLength = REASON_MAX_LENGTH,
  autoFocus = true,
  sx,
}: {
  /** A form with a `reason` value (and possibly others, e.g. an amount). */
  formik: FormikProps<V>;
  label?: string;
  maxLength?: number;
  autoFocus?: boolean;
  sx?: SxProps<Theme>;
}) {
  const value = formik.values.reason;
  const error = formik.errors.reason as string | undefined;
  const tooLong = value.length > maxLength;
  const showError = Boolean(error) && (tooLong || Boolean(formik.touched.reason || formik.submitCount > 0));
  return (
    <TextField
      autoFocus={autoFocus}
      fullWidth
      multiline
      minRows={2}
      sx={sx}
      name="reason"
      label={label}
      value={value}
      onChange={formik.handleChange}
      onBlur={formik.handleBlur}
      error={showError}
      helperText={
        <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
          <span>{showError ? error : ' '}</span>
          <Box
            component="span"
            data-testid="reason-counter"
            aria-live="polite"
            sx={{ whiteSpace: 'nowrap', color: tooLong ? 'error.main' : undefined }}
          >
            {value.length}/{maxLength}
          </Box>
        </Box>
      }
    />
  );
}
