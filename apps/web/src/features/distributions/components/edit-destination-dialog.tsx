import { useState, type ReactNode } from 'react';
import { FormikProvider, useFormik } from 'formik';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  amountInputText,
  readAmount,
  CBU_LENGTH,
  distributionDestinationSchema,
  type DestinationFormat,
} from '@backoffice/validators';
import { ActionDialog, DialogFact, type SubmitOutcome } from '@/components/dialogs/action-dialog';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { MoneySummary, type MovementOf } from '@/components/dialogs/money-summary';
import { MovementConfirmDialog } from '@/components/dialogs/movement-confirm-dialog';
import { FormAmountField, FormIdentifierField, FormTextField } from '@/components/form';
import type { DistributionDetailRowFragment } from '../gql/graphql';

export interface DestinationValues {
  format: DestinationFormat;
  value: string;
  cuit: string;
  name: string;
  amount: string;
}

/** The destination as the request carries it, and as the dialog's summary shows it. */
export function destinationInput(values: DestinationValues) {
  return {
    type: values.format === 'cbu' ? ('CBU' as const) : ('ALIAS' as const),
    value: values.value.trim(),
    cuit: values.cuit.trim(),
    name: values.name.trim() || null,
    // The one reading of the typed amount ('169.178,46' -> '169178.46'); empty keeps the detail's amount.
    amount: readAmount(values.amount),
  };
}

/**
 * Modificar destino (spec 001 §5 "Distribution edit destination"): cbu or alias (choosing clears the value), CBU
 * 22 digits with its check digits, alias 5 to 20 characters, CUIT of 11 digits with its check digit; name free,
 * amount the kit's amount field ('169.178,46'). The dialog names the distribution and the detail it changes. 'Guardar'
 * shows when the gateway permits the edit (a scheduled distribution needs the scheduled update permission) and asks
 * first, as spec 001 lists a confirmation among the distribution's dialogs: which distribution, detail and collector,
 * the destination before and after, the amount. 'Forzar' (force to success) only with the force permission, and only
 * after its own confirmation (it marks a payout as paid).
 */
export function EditDestinationDialog({
  detail,
  collector,
  onSubmit,
  onClose,
}: {
  detail: DistributionDetailRowFragment;
  /** The distribution's collector (its name, else its id). */
  collector?: string | null;
  onSubmit(change: { values: DestinationValues; force: boolean }): Promise<SubmitOutcome>;
  onClose(): void;
}) {
  const [confirmSave, setConfirmSave] = useState(false);
  const edit = detail.actions.find((a) => a.kind === 'EDIT');
  const force = detail.actions.find((a) => a.kind === 'FORCE');
  const formik = useFormik<DestinationValues>({
    initialValues: {
      format: detail.destination.type === 'ALIAS' ? 'alias' : 'cbu',
      value: detail.destination.value,
      cuit: detail.destination.cuit ?? '',
      name: detail.destination.name ?? '',
      // As an operator types it ('169.178,46'), read back by the kit's amount field.
      amount: amountInputText(detail.amount),
    },
    validationSchema: distributionDestinationSchema,
    // A valid form asks before it is sent (the confirmation sends it).
    onSubmit: () => setConfirmSave(true),
  });
  const [confirmForce, setConfirmForce] = useState(false);
  const askForce = async () => {
    const errors = await formik.validateForm();
    void formik.setTouched({ format: true, value: true, cuit: true, name: true, amount: true });
    if (Object.keys(errors).length === 0) setConfirmForce(true);
  };
  // 'del detalle 9300003-1 de la distribución 9300003', the detail's id never broken at its hyphen.
  const which = (
    <>
      del detalle <Unbroken>{detail.id}</Unbroken> de la distribución {detail.distributionId}
    </>
  );
  return (
    <>
      <ActionDialog
        title="Modificar destino"
        onClose={onClose}
        submitLabel={edit?.permitted ? 'Guardar' : undefined}
        onSubmit={() => void formik.submitForm()}
        submitDisabled={!edit?.enabled}
        testId="edit-destination-dialog"
        extraActions={
          force?.permitted ? (
            <Button
              color="warning"
              variant="outlined"
              disabled={!force.enabled}
              onClick={() => void askForce()}
            >
              Forzar
            </Button>
          ) : undefined
        }
      >
        <DialogFact label="Distribución" value={detail.distributionId} />
        <DialogFact label="Detalle" value={detail.id} />
        <DialogFact label="Destino actual" value={destinationText(detail.destination)} />
        <FormikProvider value={formik}>
          <Box sx={{ display: 'grid', gridTemplateColumns: '160px 1fr', gap: 2, mt: 2 }}>
            <TextField
              select
              label="Formato"
              name="format"
              value={formik.values.format}
              onChange={(event) => {
                void formik.setValues({
                  ...formik.values,
                  format: event.target.value as DestinationFormat,
                  value: '',
                });
                void formik.setFieldTouched('value', false, false);
              }}
            >
              <MenuItem value="cbu">CBU</MenuItem>
              <MenuItem value="alias">Alias</MenuItem>
            </TextField>
            {/* A CBU keeps digits only, as the CUIT beside it; an alias takes letters. */}
            {formik.values.format === 'cbu' ? (
              <FormIdentifierField kind="cbu" name="value" label="CBU" fullWidth maxDigits={CBU_LENGTH} />
            ) : (
              <FormTextField
                name="value"
                label="Alias"
                fullWidth
                slotProps={{ htmlInput: { maxLength: 22 } }}
              />
            )}
            <FormIdentifierField kind="cuit" name="cuit" label="CUIT" />
            <FormTextField name="name" label="Nombre" fullWidth />
            <FormAmountField name="amount" label="Importe" summarized />
          </Box>
        </FormikProvider>
        <DestinationSummary values={formik.values} />
      </ActionDialog>
      {confirmSave && (
        <MovementConfirmDialog
          title="Modificar destino"
          message={<>¿Está seguro de modificar la cuenta de destino {which}?</>}
          confirmLabel="Modificar destino"
          summaryTitle="Se modificará"
          movement={destinationChange(detail, collector, formik.values)}
          onConfirm={() => onSubmit({ values: formik.values, force: false })}
          onClose={() => setConfirmSave(false)}
          testId="confirm-destination-dialog"
        />
      )}
      {confirmForce && (
        <ConfirmDialog
          title="Forzar pago exitoso"
          message={
            <>
              El detalle <Unbroken>{detail.id}</Unbroken> de la distribución {detail.distributionId} quedará
              como pagado (Aprobado) sin que se realice la transferencia, y se registrará quién lo forzó.
              ¿Confirma forzarlo?
            </>
          }
          confirmLabel="Forzar"
          confirmColor="warning"
          onConfirm={() => onSubmit({ values: formik.values, force: true })}
          onClose={() => setConfirmForce(false)}
          testId="force-distribution-dialog"
        />
      )}
    </>
  );
}

/** Text kept on one line (an id such as '9300003-1', which a line would otherwise break at its hyphen). */
function Unbroken({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {children}
    </Box>
  );
}

/** A destination as an operator reads it: 'CBU 0834…' or 'Alias mi.alias'. */
function destinationText(destination: { type: string; value: string }): string {
  return `${destination.type === 'ALIAS' ? 'Alias' : 'CBU'} ${destination.value}`;
}

/** What the confirmation of 'Guardar' names: the distribution, its collector, the detail, the destination before and after. */
export function destinationChange(
  detail: DistributionDetailRowFragment,
  collector: string | null | undefined,
  values: DestinationValues,
): MovementOf {
  const input = destinationInput(values);
  return {
    record: ['Distribución', detail.distributionId],
    collector,
    details: [
      { label: 'Detalle', value: detail.id },
      { label: 'Destino actual', value: destinationText(detail.destination) },
      { label: 'CUIT', value: input.cuit },
      { label: 'Nombre', value: input.name },
    ],
    amount: input.amount,
    account: ['Destino nuevo', destinationText(input)],
  };
}

/** What 'Guardar' (or 'Forzar') sends, as the operator types: the account, the CUIT, the name, the amount. */
function DestinationSummary({ values }: { values: DestinationValues }) {
  const input = destinationInput(values);
  return (
    <MoneySummary
      lines={[
        { label: input.type === 'CBU' ? 'CBU' : 'Alias', value: input.value },
        { label: 'CUIT', value: input.cuit },
        { label: 'Nombre', value: input.name },
        { label: 'Importe', value: input.amount, amount: true },
      ]}
    />
  );
}
