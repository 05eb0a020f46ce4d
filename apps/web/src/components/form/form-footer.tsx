import type { ReactNode } from 'react';
import { useFormikContext } from 'formik';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { DialogFeedback } from '@/lib/mutation-outcome';

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
