import { useEffect, useState } from 'react';
import { useQuery } from '@apollo/client/react';
import {
  FormikProvider,
  useFormik,
  validateYupSchema,
  yupToFormErrors,
  type FormikErrors,
  type FormikHelpers,
} from 'formik';
import {
  checkScheduledWithdrawalStep,
  isBatchStrategy,
  LABELS,
  amountInputText,
  parseAmount,
  readAmount,
  scheduledWithdrawalSchema,
  scheduledWithdrawalSteps,
  WITHDRAWAL_AMOUNT_TYPE_LABELS,
  type ScheduledWithdrawalStep,
  type WithdrawalAmountType,
} from '@backoffice/validators';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useSubmitAction } from '@/components/actions/submit-action';
import { ActionDialog, useDialogSubmit } from '@/components/dialogs/action-dialog';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { MoneySummary } from '@/components/dialogs/money-summary';
import { FormAmountField, FormTextField, shownError } from '@/components/form';
import { CollectorPicker, type CollectorRef } from '@/components/pickers';
import { describeError } from '@/lib/errors';
import { formatAmount, formatDateTime } from '@/lib/format';
import { checkCronExpression, CRON_PRESETS, describeCron, nextRuns } from '../cron';
import {
  DeleteScheduledWithdrawalDocument,
  SaveScheduledWithdrawalDocument,
  ScheduleCollectorDocument,
  type ScheduledWithdrawalFieldsFragment,
} from '../gql/graphql';

const STEP_LABELS: Record<ScheduledWithdrawalStep, string> = {
  collector: 'Entidad',
  destination: 'Destino',
  amount: 'Monto',
  cron: 'Criterio de periodicidad',
};

/** The spec's confirmations (001 §8) before a change of an existing schedule, and before deleting it. */
export const SCHEDULE_CONFIRMATIONS = {
  amountTitle: 'Estas seguro de modificar el monto del retiro?',
  amountMessage: (amount: string) => `Estas seguro de confirmar el monto de retiro ${formatAmount(amount)}?`,
  destinationTitle: 'Estas seguro de modificar la cuenta de destino?',
  destinationMessage: (account: string) => `Estas seguro de confirmar la cuenta de destino ${account}?`,
  deleteTitle: 'Estas seguro de eliminar el retiro programado?',
} as const;

const amountTypeOf = (value: string | null | undefined): WithdrawalAmountType | '' =>
  value === 'MINIMUM' ? 'minimum' : value === 'SPECIFIC' ? 'specific' : '';

interface Values {
  destinationAccount: string;
  amountType: WithdrawalAmountType | '';
  amount: string;
  cron: string;
}

const EMPTY: Values = { destinationAccount: '', amountType: '', amount: '', cron: '' };

function valuesOf(schedule: ScheduledWithdrawalFieldsFragment): Values {
  return {
    destinationAccount: schedule.destinationAccount ?? '',
    amountType: amountTypeOf(schedule.amountType),
    amount: schedule.amount ? amountInputText(schedule.amount) : '',
    cron: schedule.cron ?? '',
  };
}

/** The schedule as 'Finalizar' sends it, and as the dialog's summary shows it while typed (issue 47). */
function scheduleInput(collectorId: string, values: Values, batch: boolean) {
  return {
    collectorId,
    destinationAccount: values.destinationAccount.trim(),
    cron: values.cron.trim(),
    amountType: batch
      ? null
      : values.amountType === 'specific'
        ? ('SPECIFIC' as const)
        : ('MINIMUM' as const),
    amount: batch ? null : readAmount(values.amount),
  };
}

/** What 'Finalizar' will send: the collector, the destination account, the amount and its kind, the cron. */
function ScheduleSummary({
  collector,
  values,
  batch,
}: {
  collector: CollectorRef;
  values: Values;
  batch: boolean;
}) {
  const input = scheduleInput(collector.id, values, batch);
  return (
    <MoneySummary
      lines={[
        { label: 'Entidad', value: collector.name ? `${collector.id} · ${collector.name}` : collector.id },
        { label: LABELS.destinationAccount, value: input.destinationAccount },
        ...(batch
          ? []
          : [
              {
                label: 'Tipo de monto',
                value: values.amountType ? WITHDRAWAL_AMOUNT_TYPE_LABELS[values.amountType] : null,
              },
              { label: 'Monto', value: input.amount, amount: true },
            ]),
        { label: 'Periodicidad (cron)', value: input.cron },
      ]}
    />
  );
}

/** The fields each step of the form checks ('Entidad' is the picker's, checked before the form). */
const STEP_FIELDS: Record<ScheduledWithdrawalStep, (keyof Values)[]> = {
  collector: [],
  destination: ['destinationAccount'],
  amount: ['amountType', 'amount'],
  cron: ['cron'],
};

/**
 * The errors of one step: the validators' schema on that step's fields (the amount's rules read the collector's
 * strategy), and for the cron, that it also parses as a five-field expression.
 */
async function stepErrors(
  step: ScheduledWithdrawalStep,
  values: Values,
  strategy: string | null,
): Promise<FormikErrors<Values>> {
  const fields = STEP_FIELDS[step];
  if (!fields.length) return {};
  let errors: FormikErrors<Values> = {};
  try {
    await validateYupSchema({ ...values, strategy }, scheduledWithdrawalSchema.pick(fields));
  } catch (error) {
    errors = yupToFormErrors<Values>(error);
  }
  const cronError = step === 'cron' && !errors.cron ? checkCronExpression(values.cron) : undefined;
  return cronError ? { ...errors, cron: cronError } : errors;
}

type Confirmation = 'amount' | 'destination' | 'delete';

/**
 * 'Retiro programado' (spec 001 §2, §4, §5): a linear stepper Entidad, Destino, Monto (skipped for batch
 * strategies), 'Criterio de periodicidad' and 'Finalizar'. A collector whose strategy is none of the three shows
 * 'La entidad no tiene estrategia de retiro compatible.' and cannot go on. An existing schedule is loaded to be
 * modified (amount and destination changes confirmed first) or deleted. Each 'Siguiente' checks its step's
 * fields (the kit's formik fields and error rule); a failed save keeps every value.
 */
export function ScheduleDialog({ onClose }: { onClose(): void }) {
  const [collector, setCollector] = useState<CollectorRef | null>(null);
  const [active, setActive] = useState(0);
  const [confirming, setConfirming] = useState<Confirmation[]>([]);
  const {
    data,
    loading,
    error: loadError,
  } = useQuery(ScheduleCollectorDocument, {
    variables: { collectorId: collector?.id ?? '' },
    skip: !collector,
    fetchPolicy: 'network-only',
  });

  const existing = data?.scheduledWithdrawal;
  const strategy = data?.collector?.withdrawalStrategy ?? null;
  const batch = isBatchStrategy(strategy);
  const steps = scheduledWithdrawalSteps(strategy);
  const step = steps[Math.min(active, steps.length - 1)]!;
  const last = active >= steps.length - 1;
  const collectorBlocked = checkScheduledWithdrawalStep('collector', {
    collectorId: collector?.id,
    strategy: collector && data ? strategy : undefined,
  });

  const save = useSubmitAction({
    mutation: SaveScheduledWithdrawalDocument,
    variables: (values: Values) => ({ input: scheduleInput(collector!.id, values, batch) }),
    payload: (data) => data.saveScheduledWithdrawal,
    success: (payload) => payload.message ?? 'El retiro fue programado exitosamente',
    after: onClose,
  });
  const remove = useSubmitAction({
    mutation: DeleteScheduledWithdrawalDocument,
    variables: () => ({ collectorId: collector!.id }),
    payload: (data) => data.deleteScheduledWithdrawal,
    success: (payload) => payload.message ?? '',
    after: onClose,
  });
  const { submit, submitting, feedback } = useDialogSubmit(save);

  /** 'Finalizar': the changes of an existing schedule are confirmed one by one, then saved. */
  const finish = (values: Values) => {
    const pending: Confirmation[] = [];
    if (existing?.scheduled) {
      if (!batch && existing.amount !== parseAmount(values.amount)) pending.push('amount');
      if (existing.destinationAccount !== values.destinationAccount.trim()) pending.push('destination');
    }
    if (pending.length) setConfirming(pending);
    else void submit(values);
  };

  const formik = useFormik<Values>({
    initialValues: EMPTY,
    validate: (values) => stepErrors(step, values, strategy),
    onSubmit: (values: Values, helpers: FormikHelpers<Values>) => {
      if (last) return finish(values);
      // The next step starts untouched: its errors show once it is left or 'Siguiente' is pressed there.
      helpers.resetForm({ values });
      setActive(active + 1);
    },
  });
  const { resetForm } = formik;
  useEffect(() => {
    if (existing) resetForm({ values: valuesOf(existing) });
  }, [existing, resetForm]);

  const { values } = formik;
  const cronValid = values.cron.trim() !== '' && !checkCronExpression(values.cron);
  const runs = cronValid ? nextRuns(values.cron) : [];
  const amountTypeError = shownError(formik, 'amountType');
  const confirmation = confirming[0];

  return (
    <>
      <ActionDialog
        title="Retiro programado"
        width="md"
        onClose={onClose}
        submitLabel={last ? 'Finalizar' : 'Siguiente'}
        onSubmit={() => void formik.submitForm()}
        submitDisabled={step === 'collector' && Boolean(collectorBlocked)}
        submitting={submitting}
        feedback={feedback}
        extraActions={
          <Button onClick={() => setActive(Math.max(0, active - 1))} disabled={active === 0 || submitting}>
            Atrás
          </Button>
        }
      >
        <FormikProvider value={formik}>
          <Stepper activeStep={active} alternativeLabel sx={{ mb: 3 }}>
            {steps.map((s) => (
              <Step key={s}>
                <StepLabel>{STEP_LABELS[s]}</StepLabel>
              </Step>
            ))}
          </Stepper>
          {step === 'collector' && (
            <Stack spacing={2}>
              <CollectorPicker
                value={collector}
                onChange={(next) => {
                  setCollector(next);
                  resetForm({ values: EMPTY });
                }}
              />
              {loading && <CircularProgress size={24} aria-label="Cargando la entidad" />}
              {loadError && <Alert severity="error">{describeError(loadError)}</Alert>}
              {collector && data && collectorBlocked && <Alert severity="warning">{collectorBlocked}</Alert>}
              {existing?.scheduled && (
                <Alert
                  severity="info"
                  action={
                    <Button color="error" size="small" onClick={() => setConfirming(['delete'])}>
                      Eliminar
                    </Button>
                  }
                >
                  Retiro programado actual: {describeCron(existing.cron ?? '')}
                  {existing.amount ? ` · ${formatAmount(existing.amount)}` : ''} ·{' '}
                  {existing.destinationAccount}
                </Alert>
              )}
            </Stack>
          )}
          {step === 'destination' && (
            <FormTextField
              name="destinationAccount"
              label={LABELS.destinationAccount}
              helperText="CBU (22 dígitos) o alias, hasta 22 caracteres"
              slotProps={{ htmlInput: { maxLength: 22, autoComplete: 'off' } }}
              fullWidth
              required
            />
          )}
          {step === 'amount' && (
            <Stack spacing={2}>
              <FormControl error={amountTypeError !== undefined}>
                <FormLabel id="amount-type-label">Tipo de monto</FormLabel>
                <RadioGroup
                  row
                  name="amountType"
                  aria-labelledby="amount-type-label"
                  value={values.amountType}
                  onChange={(event) => void formik.setFieldValue('amountType', event.target.value)}
                >
                  {(['minimum', 'specific'] as const).map((type) => (
                    <FormControlLabel
                      key={type}
                      value={type}
                      control={<Radio />}
                      label={WITHDRAWAL_AMOUNT_TYPE_LABELS[type]}
                    />
                  ))}
                </RadioGroup>
                {amountTypeError && <FormHelperText>{amountTypeError}</FormHelperText>}
              </FormControl>
              <FormAmountField
                name="amount"
                label="Monto"
                summarized
                hint={
                  values.amountType === 'minimum'
                    ? LABELS.minimumAmountHint
                    : 'Monto a retirar en cada ejecución'
                }
                required
              />
            </Stack>
          )}
          {step === 'cron' && (
            <Stack spacing={2}>
              <Box
                role="group"
                aria-label="Periodicidades sugeridas"
                sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
              >
                {CRON_PRESETS.map((preset) => {
                  const chosen = values.cron.trim() === preset.cron;
                  return (
                    <Chip
                      key={preset.cron}
                      label={preset.label}
                      clickable
                      color={chosen ? 'primary' : 'default'}
                      variant={chosen ? 'filled' : 'outlined'}
                      aria-pressed={chosen}
                      onClick={() => void formik.setFieldValue('cron', preset.cron)}
                    />
                  );
                })}
              </Box>
              <FormTextField
                name="cron"
                label="Cron (minuto hora día mes día-de-semana)"
                helperText=" "
                slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
                required
              />
              {runs.length > 0 && (
                <Box data-testid="cron-preview">
                  <Typography variant="subtitle2">{describeCron(values.cron)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    Próximas ejecuciones (hora de Argentina):
                  </Typography>
                  <Box component="ol" sx={{ m: 0, pl: 3 }}>
                    {runs.map((run) => (
                      <li key={run.toISOString()}>
                        <Typography variant="body2">{formatDateTime(run)}</Typography>
                      </li>
                    ))}
                  </Box>
                </Box>
              )}
            </Stack>
          )}
          {collector && active > 0 && <ScheduleSummary collector={collector} values={values} batch={batch} />}
        </FormikProvider>
      </ActionDialog>
      {confirmation && (
        <ConfirmDialog
          title={
            confirmation === 'amount'
              ? SCHEDULE_CONFIRMATIONS.amountTitle
              : confirmation === 'destination'
                ? SCHEDULE_CONFIRMATIONS.destinationTitle
                : SCHEDULE_CONFIRMATIONS.deleteTitle
          }
          message={
            confirmation === 'amount'
              ? SCHEDULE_CONFIRMATIONS.amountMessage(parseAmount(values.amount))
              : confirmation === 'destination'
                ? SCHEDULE_CONFIRMATIONS.destinationMessage(values.destinationAccount.trim())
                : 'Se deshabilitarán el criterio de periodicidad y el monto; la cuenta de destino se conserva.'
          }
          confirmLabel={confirmation === 'delete' ? 'Eliminar' : 'Confirmar'}
          confirmColor={confirmation === 'delete' ? 'error' : 'primary'}
          onClose={() => setConfirming([])}
          onConfirm={async () => {
            if (confirmation === 'delete') return remove(undefined);
            const rest = confirming.slice(1);
            setConfirming(rest);
            if (!rest.length) void submit(values);
            return null;
          }}
        />
      )}
    </>
  );
}
