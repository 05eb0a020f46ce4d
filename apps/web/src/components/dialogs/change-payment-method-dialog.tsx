import { useState } from 'react';
import { useFormik, type FormikErrors } from 'formik';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import AccountBalanceIcon from '@mui/icons-material/AccountBalanceOutlined';
import {
  HOLDER_NAME_MAX,
  normalizeCardExpiration,
  paymentMethodSchema,
  type PaymentMethodKind,
} from '@backoffice/validators';
import type { PaymentMethodChangeInput } from '../../lib/gql/graphql';
import { IdentifierTextField } from '../form/identifier-field';
import { yupErrorsNow } from '../form/initial-errors';
import { ActionDialog, useDialogSubmit, type ActionDialogProps, type SubmitOutcome } from './action-dialog';
import { MoneySummary, type MoneySummaryLine } from './money-summary';

interface MethodValues {
  number: string;
  expiration: string;
  holder: { name: string; identification: { number: string } };
}

export interface ChangeMethodFormValues {
  kind: PaymentMethodKind;
  card: MethodValues;
  transfer: MethodValues;
}

const EMPTY: MethodValues = {
  number: '',
  expiration: '',
  holder: { name: '', identification: { number: '' } },
};

export function initialChangeMethodValues(holderName = ''): ChangeMethodFormValues {
  const withName = (v: MethodValues): MethodValues => ({ ...v, holder: { ...v.holder, name: holderName } });
  return { kind: 'card', card: withName(EMPTY), transfer: withName(EMPTY) };
}

/** The expiration as typed (1/2027, 01/27, 0127...) as MM/YYYY; as typed when it is not a month and year. */
const expirationOf = (typed: string): string => normalizeCardExpiration(typed) ?? typed.trim();

/**
 * The chosen method's errors by the shared schemas (cardPaymentMethodSchema / transferPaymentMethodSchema), at once:
 * the dialog opens with them (formik's `initialErrors`), so 'Guardar' is disabled from its first frame rather than
 * after the mount's validation (it showed enabled for a moment, and a click then was taken).
 */
export function changeMethodErrors(values: ChangeMethodFormValues): FormikErrors<ChangeMethodFormValues> {
  const kind = values.kind;
  const subject =
    kind === 'card'
      ? { ...values.card, expiration: expirationOf(values.card.expiration) }
      : { number: values.transfer.number, holder: values.transfer.holder };
  const errors = yupErrorsNow(paymentMethodSchema(kind), subject);
  return Object.keys(errors).length === 0 ? {} : ({ [kind]: errors } as FormikErrors<ChangeMethodFormValues>);
}

/** formik's `validate`: changeMethodErrors. */
export const validateChangeMethod = (
  values: ChangeMethodFormValues,
): Promise<FormikErrors<ChangeMethodFormValues>> => Promise.resolve(changeMethodErrors(values));

/** The GraphQL input of the chosen method (type and country are filled in by the gateway). */
export function toPaymentMethodChangeInput(values: ChangeMethodFormValues): PaymentMethodChangeInput {
  const v = values.kind === 'card' ? values.card : values.transfer;
  return {
    kind: values.kind === 'card' ? 'CARD' : 'TRANSFER',
    number: v.number.replace(/\s+/g, ''),
    expiration: values.kind === 'card' ? expirationOf(v.expiration) : null,
    holder: {
      name: v.holder.name.trim(),
      identification: {
        number: v.holder.identification.number.trim(),
        type: values.kind === 'card' ? 'DNI_ARG' : 'CUIT_ARG',
        country: 'ARG',
      },
    },
  };
}

/**
 * What 'Guardar' will send (a dialog that moves money says to which account), from the input its submit
 * builds: a field not valid yet is not sent ('—').
 */
export function changeMethodSummary(
  values: ChangeMethodFormValues,
  errors: FormikErrors<ChangeMethodFormValues>,
): MoneySummaryLine[] {
  const input = toPaymentMethodChangeInput(values);
  const wrong = (errors[values.kind] ?? {}) as FormikErrors<MethodValues>;
  const holder = (wrong.holder ?? {}) as FormikErrors<MethodValues['holder']>;
  const card = values.kind === 'card';
  const valid = (value: string | null | undefined, error: unknown) => (error ? null : value);
  return [
    { label: 'Medio de pago', value: card ? 'Tarjeta' : 'Transferencia (CBU)' },
    { label: card ? 'Número de tarjeta' : 'CBU', value: valid(input.number, wrong.number) },
    ...(card ? [{ label: 'Vencimiento', value: valid(input.expiration, wrong.expiration) }] : []),
    { label: 'Titular', value: valid(input.holder.name, holder.name) },
    {
      label: card ? 'DNI del titular' : 'CUIT del titular',
      value: valid(input.holder.identification.number, holder.identification),
    },
  ];
}

export interface ChangePaymentMethodDialogProps {
  title?: string;
  /** Shown above the form: the payment or the number of selected payments. */
  description?: string;
  /** Pre-fills the holder name (the payer's name). */
  holderName?: string;
  submitLabel?: string;
  onSubmit(input: PaymentMethodChangeInput): Promise<SubmitOutcome>;
  onClose(): void;
  returnFocusTo?: HTMLElement | null;
  /** The dialog's width (ActionDialog's): MULTI_DIALOG_WIDTH when it acts on a multi-selection. */
  width?: ActionDialogProps['width'];
}

/**
 * What the operator types in the expiration, as typed (digits and a separator): 1/2027, 01/27 and 0127 are all
 * accepted and become MM/YYYY when the field is left (a mask used to turn 1/2027 into 12/027).
 */
function formatExpirationInput(raw: string): string {
  return raw.replace(/[^\d/\-. ]/g, '').slice(0, 7);
}

/**
 * Change payment method (spec 000 §2 "Dialogs", §3 payload, §5): card (number, MM/YYYY, holder and DNI) or
 * transfer (CBU, holder and CUIT). Submit stays disabled until the chosen method's fields are valid.
 */
export function ChangePaymentMethodDialog({
  title = 'Cambiar medio de pago',
  description,
  holderName,
  submitLabel = 'Guardar',
  onSubmit,
  onClose,
  returnFocusTo,
  width,
}: ChangePaymentMethodDialogProps) {
  const { submit, submitting, feedback } = useDialogSubmit(onSubmit);
  const [initialValues] = useState(() => initialChangeMethodValues(holderName ?? ''));
  const [initialErrors] = useState(() => changeMethodErrors(initialValues));
  const formik = useFormik<ChangeMethodFormValues>({
    initialValues,
    initialErrors,
    validate: validateChangeMethod,
    validateOnMount: true,
    onSubmit: (values) => submit(toPaymentMethodChangeInput(values)),
  });
  const { values, errors, touched } = formik;
  const kind = values.kind;
  const prefix = kind;
  const v = values[kind];
  const e = errors[kind] as FormikErrors<MethodValues> | undefined;
  const t = (touched[kind] ?? {}) as {
    number?: boolean;
    expiration?: boolean;
    holder?: { name?: boolean; identification?: { number?: boolean } };
  };
  const holderErrors = e?.holder as FormikErrors<MethodValues['holder']> | undefined;
  const idError = (holderErrors?.identification as FormikErrors<{ number: string }> | undefined)?.number;

  const field = (shown: boolean | undefined, message: string | undefined, hint = ' ') => ({
    error: Boolean(shown && message),
    helperText: shown && message ? message : hint,
  });

  return (
    <ActionDialog
      title={title}
      onClose={onClose}
      submitLabel={submitLabel}
      onSubmit={() => void formik.submitForm()}
      submitDisabled={!formik.isValid}
      submitting={submitting}
      feedback={feedback}
      returnFocusTo={returnFocusTo}
      testId="change-payment-method-dialog"
      width={width}
    >
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {description}
        </Typography>
      )}
      <ToggleButtonGroup
        exclusive
        fullWidth
        color="primary"
        value={kind}
        onChange={(_event, next: PaymentMethodKind | null) => {
          if (next) void formik.setFieldValue('kind', next);
        }}
        aria-label="Tipo de medio de pago"
        sx={{ mb: 2.5 }}
      >
        <ToggleButton value="card" sx={{ gap: 1 }}>
          <CreditCardIcon fontSize="small" /> Tarjeta
        </ToggleButton>
        <ToggleButton value="transfer" sx={{ gap: 1 }}>
          <AccountBalanceIcon fontSize="small" /> Transferencia (CBU)
        </ToggleButton>
      </ToggleButtonGroup>
      <Stack spacing={1}>
        <IdentifierTextField
          key={`${kind}-number`}
          kind={kind === 'card' ? 'card' : 'digits'}
          autoFocus
          fullWidth
          name={`${prefix}.number`}
          label={kind === 'card' ? 'Número de tarjeta' : 'CBU'}
          value={v.number}
          onValueChange={(value) => void formik.setFieldValue(`${prefix}.number`, value)}
          onBlur={formik.handleBlur}
          {...field(t.number, e?.number, kind === 'card' ? '13 a 19 dígitos' : '22 dígitos')}
        />
        {kind === 'card' && (
          <TextField
            fullWidth
            name="card.expiration"
            label="Vencimiento (MM/AAAA)"
            placeholder="MM/AAAA"
            value={v.expiration}
            onChange={(event) =>
              void formik.setFieldValue('card.expiration', formatExpirationInput(event.target.value))
            }
            onBlur={(event) => {
              const normalized = normalizeCardExpiration(v.expiration);
              if (normalized && normalized !== v.expiration)
                void formik.setFieldValue('card.expiration', normalized);
              formik.handleBlur(event);
            }}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
            {...field(t.expiration, e?.expiration)}
          />
        )}
        <TextField
          key={`${kind}-holder`}
          fullWidth
          name={`${prefix}.holder.name`}
          label="Nombre del titular"
          value={v.holder.name}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          {...field(
            t.holder?.name || v.holder.name.length > HOLDER_NAME_MAX,
            holderErrors?.name as string | undefined,
            `${v.holder.name.trim().length}/${HOLDER_NAME_MAX}`,
          )}
        />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 160px' }, gap: 2 }}>
          <IdentifierTextField
            key={`${kind}-id`}
            kind={kind === 'card' ? 'digits' : 'cuit'}
            fullWidth
            name={`${prefix}.holder.identification.number`}
            label={kind === 'card' ? 'DNI del titular' : 'CUIT del titular'}
            value={v.holder.identification.number}
            onValueChange={(value) =>
              void formik.setFieldValue(`${prefix}.holder.identification.number`, value)
            }
            onBlur={formik.handleBlur}
            {...field(
              t.holder?.identification?.number,
              idError,
              kind === 'card' ? '7 u 8 dígitos' : '11 dígitos',
            )}
          />
          <TextField fullWidth label="País" value="Argentina (ARG)" disabled helperText=" " />
        </Box>
      </Stack>
      <MoneySummary lines={changeMethodSummary(values, errors)} testId="change-method-summary" />
    </ActionDialog>
  );
}
