import type { ReactNode } from 'react';
import { Form, Formik, useFormikContext, type FormikConfig, type FormikValues } from 'formik';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import type { DialogFeedback } from '@/lib/mutation-outcome';
import { useInitialErrors, type SyncValidation } from './initial-errors';

export type ValidatedFormikProps<Values> = Omit<
  FormikConfig<Values>,
  'validate' | 'validationSchema' | 'validateOnMount' | 'initialErrors'
> &
  SyncValidation<Values>;

/**
 * A form page's `Formik` whose submit waits for a valid form (FormFooter's, or its own `disabled={!isValid}`):
 * validated on mount, and open with its initial values' errors already (`initialErrors`). formik's mount
 * validation comes after the first render, and until it did the submit showed enabled: a quick click or an Enter
 * was taken. The validation is a yup `validationSchema` or a `validate` that answers at once, so it can run now.
 */
export function ValidatedFormik<Values extends FormikValues>(props: ValidatedFormikProps<Values>) {
  const validation: SyncValidation<Values> = props.validate
    ? { validate: props.validate }
    : { validationSchema: props.validationSchema };
  const initialErrors = useInitialErrors(validation, props.initialValues);
  return <Formik<Values> {...props} initialErrors={initialErrors} validateOnMount />;
}

/**
 * The end of a form page (inside its `Formik`): what the last submit answered, kept on screen (`failure`), then
 * 'Cancelar' and the submit button on the right, disabled while the form is invalid or being sent.
 */
export function FormFooter({
  failure,
  failureTestId,
  onCancel,
  submitLabel,
}: {
  failure: DialogFeedback | null;
  failureTestId: string;
  onCancel(): void;
  submitLabel: ReactNode;
}) {
  const { isValid, isSubmitting } = useFormikContext();
  return (
    <>
      {failure && (
        <Alert severity={failure.severity} data-testid={failureTestId}>
          {failure.message}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button type="button" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" variant="contained" disabled={!isValid || isSubmitting}>
          {submitLabel}
        </Button>
      </Box>
    </>
  );
}

/** A form page's card (inside its `Formik`): the form named for assistive technology, its fields one under another. */
export function FormCard({ ariaLabel, children }: { ariaLabel: string; children: ReactNode }) {
  return (
    <Paper component={Form} variant="outlined" noValidate aria-label={ariaLabel} sx={{ p: 3, maxWidth: 760 }}>
      <Box sx={{ display: 'grid', gap: 2 }}>{children}</Box>
    </Paper>
  );
}
