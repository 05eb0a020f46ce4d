import { useCallback, useContext, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import { describeError } from '../../lib/errors';
import { RETRY_SAFE_MESSAGE, type DialogFeedback } from '../../lib/mutation-outcome';
import { MessageText } from '../detail/code-text';
import { DialogOpeningNotice, DialogRecordState } from './dialog-opening-notice';
import { focusedElement } from './focused-element';

export type { DialogFeedback } from '../../lib/mutation-outcome';

/** What a dialog offers instead of its action when only reading the record again can resolve the refusal. */
export const RELOAD_LABEL = 'Recargar';

/** Multi-selection dialogs are 850 px wide (spec 000 §2, §9). */
export const MULTI_DIALOG_WIDTH = 850;

/** A submit handler answers nothing on success (the caller closes the dialog) or the feedback to show. */
export type SubmitOutcome = DialogFeedback | null | undefined | void;

/**
 * Runs a dialog's submit: one at a time, the submitting flag for the buttons, and the feedback to show
 * (a thrown error becomes its Spanish description). Nothing typed is lost: the form is not reset.
 */
export function useDialogSubmit<T>(onSubmit: (value: T) => Promise<SubmitOutcome>) {
  const [submitting, setSubmitting] = useState(false);
  const [feedback, setFeedback] = useState<DialogFeedback | null>(null);
  const running = useRef(false);
  const submit = useCallback(
    async (value: T) => {
      if (running.current) return;
      running.current = true;
      setSubmitting(true);
      setFeedback(null);
      try {
        const outcome = await onSubmit(value);
        if (outcome) setFeedback(outcome);
      } catch (error) {
        setFeedback({ severity: 'error', message: describeError(error) });
      } finally {
        running.current = false;
        setSubmitting(false);
      }
    },
    [onSubmit],
  );
  return { submit, submitting, feedback, setFeedback };
}

/** What every multi-selection confirm step receives: its title, Continuar's handler and label, the close. */
export interface BulkConfirmStepProps {
  title: string;
  confirmLabel?: string;
  onConfirm(): Promise<SubmitOutcome>;
  onClose(): void;
  returnFocusTo?: HTMLElement | null;
}

/**
 * The ActionDialog props of a multi-selection confirm step (850 px, Continuar runs `onConfirm` once, its
 * feedback shown inline): shared by the selection table's and the matching count's confirmations.
 */
export function useBulkConfirmStep({
  title,
  confirmLabel = 'Continuar',
  onConfirm,
  onClose,
  returnFocusTo,
}: BulkConfirmStepProps) {
  const { submit, submitting, feedback } = useDialogSubmit(onConfirm);
  return {
    title,
    width: MULTI_DIALOG_WIDTH,
    onClose,
    submitLabel: confirmLabel,
    onSubmit: () => void submit(undefined),
    submitting,
    feedback,
    returnFocusTo,
  };
}

/**
 * Focus goes back where it was when the dialog opened (or to `returnFocusTo`), once it closes, if that element
 * is still on the page. MUI's own restore is off: it loses focus when the opener was a menu item that is gone.
 */
function useReturnFocus(returnFocusTo: HTMLElement | null | undefined) {
  const [opener] = useState(focusedElement);
  const target = useRef<HTMLElement | null>(null);
  target.current = returnFocusTo === undefined ? opener : returnFocusTo;
  useEffect(
    () => () => {
      const element = target.current;
      if (element?.isConnected) element.focus();
    },
    [],
  );
}

export interface ActionDialogProps {
  title: string;
  children?: ReactNode;
  onClose(): void;
  /** The primary button; omitted for read-only dialogs (then only 'Cerrar'). */
  submitLabel?: string;
  onSubmit?(): void;
  submitDisabled?: boolean;
  submitting?: boolean;
  submitColor?: 'primary' | 'error' | 'warning' | 'secondary';
  cancelLabel?: string;
  feedback?: DialogFeedback | null;
  /** Fixed width in px (the multi-selection dialogs are 850 px wide) or an MUI breakpoint. */
  width?: number | 'xs' | 'sm' | 'md' | 'lg';
  /** Extra buttons before the primary one. */
  extraActions?: ReactNode;
  /** Where focus returns on close; by default the element focused when the dialog opened. */
  returnFocusTo?: HTMLElement | null;
  /** The primary button takes the focus as the dialog opens (the action the operator already chose elsewhere). */
  submitAutoFocus?: boolean;
  testId?: string;
}

/**
 * The frame every action dialog shares: a title with a close button, the content, the inline feedback
 * (errors keep the dialog open) and Cancelar / primary buttons. The paper is a <form>: Enter in a
 * single-line field submits, Enter in a multi-line one is a new line (a textarea never submits a form). Focus is trapped inside
 * while it is open (MUI) and returns to the opener when it closes.
 */
export function ActionDialog({
  title,
  children,
  onClose,
  submitLabel,
  onSubmit,
  submitDisabled,
  submitting = false,
  submitColor = 'primary',
  cancelLabel,
  feedback: submitFeedback,
  width = 'sm',
  extraActions,
  returnFocusTo,
  submitAutoFocus,
  testId,
}: ActionDialogProps) {
  useReturnFocus(returnFocusTo);
  // The record's news (another operator changed it) comes first: only 'Recargar' resolves it, whatever the last
  // submit answered; the kit clears it once the record is read again (an unknown outcome's own reading included).
  const recordNotice = useContext(DialogOpeningNotice);
  const feedback = recordNotice ?? submitFeedback;
  const recordState = useContext(DialogRecordState);
  const titleId = `dialog-title-${title.replace(/\W+/g, '-').toLowerCase()}`;
  const close = () => {
    if (!submitting) onClose();
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // After a refusal only 'Recargar' resolves, Enter does not send the action again.
    if (!submitting && !submitDisabled && !feedback?.reload && !feedback?.ends) onSubmit?.();
  };
  const fixed = typeof width === 'number';
  return (
    <Dialog
      open
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={fixed ? false : width}
      disableRestoreFocus
      data-testid={testId}
      slotProps={{
        paper: {
          component: 'form',
          noValidate: true,
          onSubmit: handleSubmit,
          sx: fixed ? { width, maxWidth: 'calc(100% - 32px)' } : undefined,
        } as object,
      }}
    >
      <DialogTitle id={titleId} sx={{ pr: 6, fontWeight: 600 }}>
        {title}
        <IconButton
          aria-label="Cerrar"
          onClick={close}
          disabled={submitting}
          sx={{ position: 'absolute', right: 8, top: 8, color: 'text.secondary' }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {children}
        {feedback && (
          <Alert
            severity={feedback.severity}
            sx={{ mt: children ? 2 : 0 }}
            role="alert"
            data-testid="dialog-feedback"
          >
            {feedback.title && <AlertTitle>{feedback.title}</AlertTitle>}
            <MessageText message={feedback.message} />
            {feedback.retrySafe ? (
              <>
                <Box component="p" sx={{ m: 0, mt: 1 }} data-testid="dialog-retry-safe">
                  {RETRY_SAFE_MESSAGE}
                </Box>
                {recordState ? (
                  <Box component="p" sx={{ m: 0, mt: 1 }} data-testid="dialog-record-state">
                    Estado actual: <strong>{recordState}</strong>
                  </Box>
                ) : null}
              </>
            ) : null}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={close} disabled={submitting} color="inherit">
          {feedback?.ends ? 'Cerrar' : (cancelLabel ?? closeLabelBeside(submitLabel))}
        </Button>
        {feedback?.ends ? null : extraActions}
        {feedback?.ends ? null : feedback?.reload ? (
          <Button
            variant="contained"
            onClick={() => {
              feedback.reload?.();
              onClose();
            }}
          >
            {RELOAD_LABEL}
          </Button>
        ) : (
          submitLabel && (
            <Button
              type="submit"
              variant="contained"
              autoFocus={submitAutoFocus}
              color={submitColor}
              disabled={submitDisabled || submitting}
              startIcon={
                submitting ? (
                  <CircularProgress size={16} color="inherit" aria-label="Procesando" />
                ) : undefined
              }
            >
              {submitLabel}
            </Button>
          )
        )}
      </DialogActions>
    </Dialog>
  );
}

/**
 * The close button's text: 'Cancelar' beside a submit, 'Cerrar' alone or beside a submit that itself cancels
 * something ('Cancelar pago': two buttons reading 'Cancelar' would mislead).
 */
export function closeLabelBeside(submitLabel: string | undefined): string {
  return submitLabel && !/^cancelar\b/i.test(submitLabel.trim()) ? 'Cancelar' : 'Cerrar';
}

/** A label/value line inside a dialog (amounts, ids). */
export function DialogFact({ label, value, strong }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75 }}>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}
      </Box>
      <Box component="span" sx={{ fontWeight: strong ? 700 : 500, textAlign: 'right' }}>
        {value}
      </Box>
    </Box>
  );
}
