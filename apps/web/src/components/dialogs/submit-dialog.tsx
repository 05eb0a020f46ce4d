import type { ReactNode } from 'react';
import { FormikProvider, useFormik, type FormikConfig, type FormikValues } from 'formik';
import { useInitialErrors } from '../form/initial-errors';
import { ActionDialog, useDialogSubmit, type ActionDialogProps, type SubmitOutcome } from './action-dialog';

/** What a dialog receives from the screen that opens it: what runs with what was entered, and the close. */
export interface DialogHandlers<Sent> {
  onSubmit(sent: Sent): Promise<SubmitOutcome>;
  onClose(): void;
}

/** An ActionDialog's frame without what the submitting dialogs below own: the submit, its progress and feedback. */
type DialogFrameProps = Omit<ActionDialogProps, 'onSubmit' | 'submitting' | 'feedback'>;

export interface SubmitDialogProps extends DialogFrameProps {
  /** Runs once per press (never twice at once); its answer is the feedback shown inside, nothing closes it. */
  onSubmit(): Promise<SubmitOutcome>;
}

/**
 * An action dialog whose primary button runs `onSubmit` through `useDialogSubmit`: the spinner while it runs, a
 * refusal or an error shown inside with what was entered kept. The dialog's own state says what is sent.
 */
export function SubmitDialog({ onSubmit, ...frame }: SubmitDialogProps) {
  const { submit, submitting, feedback } = useDialogSubmit(onSubmit);
  return (
    <ActionDialog
      {...frame}
      onSubmit={() => void submit(undefined)}
      submitting={submitting}
      feedback={feedback}
    />
  );
}

export interface FormDialogProps<Values extends FormikValues, Sent> extends Omit<
  DialogFrameProps,
  'submitDisabled' | 'children'
> {
  initialValues: Values;
  validationSchema?: FormikConfig<Values>['validationSchema'];
  /**
   * The primary button stays enabled while the form is invalid, and pressing it shows the errors. By default it is
   * disabled until the form is valid, which is checked as soon as the dialog opens.
   */
  submitWhileInvalid?: boolean;
  /** What a valid form sends ('Enviar' with the e-mail trimmed). */
  sentOf(values: Values): Sent;
  onSubmit(sent: Sent): Promise<SubmitOutcome>;
  /** The fields, inside the form's FormikProvider (`useFormikContext` reads its state). */
  children: ReactNode;
}

/**
 * An action dialog over a Formik form: the primary button submits the form, and a valid one sends
 * `sentOf(values)` through `useDialogSubmit` (one at a time, its feedback inside, nothing typed lost).
 */
export function FormDialog<Values extends FormikValues, Sent>({
  initialValues,
  validationSchema,
  submitWhileInvalid = false,
  sentOf,
  onSubmit,
  children,
  ...frame
}: FormDialogProps<Values, Sent>) {
  const { submit, submitting, feedback } = useDialogSubmit(onSubmit);
  // Validated on mount, the dialog opens with its errors already: the mount's validation comes after the
  // first frame, and the primary button showed enabled until then (a quick click or Enter was taken).
  const initialErrors = useInitialErrors(
    !submitWhileInvalid && validationSchema ? { validationSchema } : null,
    initialValues,
  );
  const form = useFormik<Values>({
    initialValues,
    initialErrors,
    validationSchema,
    validateOnMount: !submitWhileInvalid,
    onSubmit: (values) => submit(sentOf(values)),
  });
  return (
    <ActionDialog
      {...frame}
      onSubmit={() => void form.submitForm()}
      submitDisabled={!submitWhileInvalid && !form.isValid}
      submitting={submitting}
      feedback={feedback}
    >
      <FormikProvider value={form}>{children}</FormikProvider>
    </ActionDialog>
  );
}
