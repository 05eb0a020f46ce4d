import type { FormikProps } from 'formik';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * 'Ingrese el motivo' (spec 000 §5): the reason of a cancel, refund or reverse, bound to a formik form with a
 * `reason` value; its error ('Disculpe, debe ingresar el motivo') shows once touched or submitted.
 */
export function ReasonField({
  formik,
  submitOnEnter = false,
  sx,
}: {
  formik: FormikProps<{ reason: string }>;
  /** Enter submits the form (Shift+Enter starts a new line). */
  submitOnEnter?: boolean;
  sx?: SxProps<Theme>;
}) {
  const error = formik.errors.reason;
  const showError = Boolean(formik.touched.reason || formik.submitCount > 0) && Boolean(error);
  return (
    <TextField
      autoFocus
      fullWidth
      multiline
      minRows={2}
      sx={sx}
      name="reason"
      label="Ingrese el motivo"
      value={formik.values.reason}
      onChange={formik.handleChange}
      onBlur={formik.handleBlur}
      error={showError}
      helperText={showError ? error : ' '}
      slotProps={{ htmlInput: { maxLength: 500 } }}
      onKeyDown={
        submitOnEnter
          ? (event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                void formik.submitForm();
              }
            }
          : undefined
      }
    />
  );
}
