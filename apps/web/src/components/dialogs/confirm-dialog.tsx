import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import { ActionDialog, useDialogSubmit, type SubmitOutcome } from './action-dialog';

export interface ConfirmDialogProps {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  confirmColor?: 'primary' | 'error' | 'warning';
  onConfirm(): Promise<SubmitOutcome>;
  onClose(): void;
  children?: ReactNode;
  returnFocusTo?: HTMLElement | null;
  testId?: string;
}

/** Generic confirmation (spec 000 §2 "Dialogs"): a question, Cancelar and a confirm button. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel = 'Confirmar',
  confirmColor = 'primary',
  onConfirm,
  onClose,
  children,
  returnFocusTo,
  testId = 'confirm-dialog',
}: ConfirmDialogProps) {
  const { submit, submitting, feedback } = useDialogSubmit(onConfirm);
  return (
    <ActionDialog
      title={title}
      onClose={onClose}
      submitLabel={confirmLabel}
      submitColor={confirmColor}
      onSubmit={() => void submit(undefined)}
      submitting={submitting}
      feedback={feedback}
      returnFocusTo={returnFocusTo}
      testId={testId}
    >
      <Typography variant="body1" component="div">
        {message}
      </Typography>
      {children}
    </ActionDialog>
  );
}
