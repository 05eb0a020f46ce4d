import { useState } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { PaymentRetryMode } from '../gql/graphql';
import { SubmitDialog, type DialogHandlers } from '@/components/dialogs/submit-dialog';

export interface RetryDecisionDialogProps extends DialogHandlers<PaymentRetryMode> {
  /** e.g. 'Visa •••• 1234': the method option A would use. */
  currentMethod?: string;
  /** Why option A cannot be chosen (the payment has no method). */
  sameMethodUnavailable?: string;
}

/**
 * Retry decision (spec 000 §4 "Retry"): use the same payment method (code A) or modify it (code B).
 * An expired card never reaches this dialog: the screen opens the checkout form with the retry flag.
 */
export function RetryDecisionDialog({
  currentMethod,
  sameMethodUnavailable,
  onSubmit,
  onClose,
}: RetryDecisionDialogProps) {
  const [mode, setMode] = useState<PaymentRetryMode>(sameMethodUnavailable ? 'MODIFY_METHOD' : 'SAME_METHOD');
  const option = (value: PaymentRetryMode, code: string, title: string, detail: string, disabled = false) => (
    <Box
      sx={{
        border: 1,
        borderColor: mode === value ? 'primary.main' : 'divider',
        bgcolor: mode === value ? 'action.hover' : undefined,
        borderRadius: 2,
        px: 1.5,
        py: 0.5,
        opacity: disabled ? 0.6 : 1,
      }}
    >
      <FormControlLabel
        value={value}
        disabled={disabled}
        control={<Radio />}
        sx={{ alignItems: 'flex-start', m: 0, width: '100%', '& .MuiRadio-root': { mt: 0.25 } }}
        label={
          <Box sx={{ py: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>
              {code} · {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {detail}
            </Typography>
          </Box>
        }
      />
    </Box>
  );
  return (
    <SubmitDialog
      title="Reintentar pago"
      onClose={onClose}
      submitLabel="Reintentar"
      onSubmit={() => onSubmit(mode)}
      testId="retry-decision-dialog"
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        ¿Cómo desea reintentar el cobro de este pago?
      </Typography>
      <RadioGroup
        value={mode}
        onChange={(event) => setMode(event.target.value as PaymentRetryMode)}
        aria-label="Modo de reintento"
        sx={{ gap: 1.5 }}
      >
        {option(
          'SAME_METHOD',
          'A',
          'Usar el mismo medio de pago',
          sameMethodUnavailable ??
            (currentMethod
              ? `Se vuelve a cobrar con ${currentMethod}.`
              : 'Se vuelve a cobrar con el medio de pago registrado.'),
          Boolean(sameMethodUnavailable),
        )}
        {option(
          'MODIFY_METHOD',
          'B',
          'Modificar el medio de pago',
          'El pago vuelve a quedar emitido a la espera de un nuevo medio de pago.',
        )}
      </RadioGroup>
    </SubmitDialog>
  );
}
