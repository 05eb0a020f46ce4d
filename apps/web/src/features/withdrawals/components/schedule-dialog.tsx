import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  checkAmount,
  checkScheduledWithdrawalStep,
  isBatchStrategy,
  LABELS,
  parseAmount,
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
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { CollectorPicker, type CollectorRef } from '../../../components/pickers';
import { describeError } from '../../../lib/errors';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useMutationOutcome } from '../../../lib/use-mutation-outcome';
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

function valuesOf(schedule: ScheduledWithdrawalFieldsFragment | null | undefined): Values {
  return {
    destinationAccount: schedule?.destinationAccount ?? '',
    amountType: amountTypeOf(schedule?.amountType),
    amount: schedule?.amount ?? '',
    cron: schedule?.cron ?? '',
  };
}

type Confirmation = 'amount' | 'destination' | 'delete';

/**
 * 'Retiro programado' (spec 001 §2, §4, §5): a linear stepper Entidad, Destino, Monto (skipped for batch
 * strategies), 'Criterio de periodicidad' and 'Finalizar'. A collector whose strategy is none of the three shows
 * 'La entidad no tiene estrategia de retiro compatible.' and cannot go on. An existing schedule is loaded to be
 * modified (amount and destination changes confirmed first) or deleted.
 */
export function ScheduleDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [collector, setCollector] = useState<CollectorRef | null>(null);
  const [active, setActive] = useState(0);
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState<Confirmation[]>([]);
  const [error, setError] = useState<string | null>(null);
  const feedback = useMutationOutcome();
  const {
    data,
    loading,
    error: loadError,
  } = useQuery(ScheduleCollectorDocument, {
    variables: { collectorId: collector?.id ?? '' },
    skip: !collector,
    fetchPolicy: 'network-only',
  });
  const [save, { loading: saving }] = useMutation(SaveScheduledWithdrawalDocument);
  const [remove, { loading: removing }] = useMutation(DeleteScheduledWithdrawalDocument);
  const [loadedFor, setLoadedFor] = useState<ScheduledWithdrawalFieldsFragment | null>(null);

  const existing = data?.scheduledWithdrawal;
  if (existing && existing !== loadedFor) {
    setLoadedFor(existing);
    setValues(valuesOf(existing));
  }
  const strategy = data?.collector?.withdrawalStrategy ?? null;
  const steps = scheduledWithdrawalSteps(strategy);
  const step = steps[Math.min(active, steps.length - 1)]!;
  const stepValues = {
    collectorId: collector?.id,
    strategy: collector && data ? strategy : undefined,
    destinationAccount: values.destinationAccount,
    amountType: values.amountType,
    amount: values.amount,
    cron: values.cron,
  };
  const blocking =
    checkScheduledWithdrawalStep(step, stepValues) ??
    (step === 'cron' ? checkCronExpression(values.cron) : undefined);
  const last = active >= steps.length - 1;
  const set = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));

  const close = () => {
    setCollector(null);
    setActive(0);
    setValues(EMPTY);
    setLoadedFor(null);
    setTouched(false);
    setConfirming([]);
    setError(null);
    onClose();
  };

  const submit = async () => {
    setError(null);
    const batch = isBatchStrategy(strategy);
    const answer = await save({
      variables: {
        input: {
          collectorId: collector!.id,
          destinationAccount: values.destinationAccount.trim(),
          cron: values.cron.trim(),
          amountType: batch ? null : values.amountType === 'specific' ? 'SPECIFIC' : 'MINIMUM',
          amount: batch ? null : parseAmount(values.amount),
        },
      },
    }).catch((thrown: unknown) => {
      setError(describeError(thrown));
      return null;
    });
    if (!answer) return;
    const outcome = feedback.settle(answer.data?.saveScheduledWithdrawal, {
      success: answer.data?.saveScheduledWithdrawal.message ?? 'El retiro fue programado exitosamente',
    });
    if (outcome) setError(outcome.message);
    else close();
  };

  /** 'Finalizar': the changes of an existing schedule are confirmed one by one, then saved. */
  const finish = () => {
    const pending: Confirmation[] = [];
    if (existing?.scheduled) {
      const batch = isBatchStrategy(strategy);
      if (!batch && existing.amount !== parseAmount(values.amount)) pending.push('amount');
      if (existing.destinationAccount !== values.destinationAccount.trim()) pending.push('destination');
    }
    if (pending.length) setConfirming(pending);
    else void submit();
  };

  const next = () => {
    setTouched(true);
    if (blocking) return;
    setTouched(false);
    if (last) finish();
    else setActive(active + 1);
  };

  const confirmation = confirming[0];
  const runs = !checkCronExpression(values.cron) && values.cron.trim() ? nextRuns(values.cron) : [];

  return (
    <>
      <Dialog open={open} onClose={close} aria-labelledby="schedule-title" maxWidth="md" fullWidth>
        <DialogTitle id="schedule-title">Retiro programado</DialogTitle>
        <DialogContent dividers>
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
                  setLoadedFor(null);
                  setValues(EMPTY);
                }}
              />
              {loading && <CircularProgress size={24} aria-label="Cargando la entidad" />}
              {loadError && <Alert severity="error">{describeError(loadError)}</Alert>}
              {collector && data && checkScheduledWithdrawalStep('collector', stepValues) && (
                <Alert severity="warning">{checkScheduledWithdrawalStep('collector', stepValues)}</Alert>
              )}
              {existing?.scheduled && (
                <Alert
                  severity="info"
                  action={
                    <Button
                      color="error"
                      size="small"
                      onClick={() => setConfirming(['delete'])}
                      disabled={removing}
                    >
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
            <TextField
              label={LABELS.destinationAccount}
              value={values.destinationAccount}
              onChange={(event) => set({ destinationAccount: event.target.value })}
              error={touched && Boolean(blocking)}
              helperText={(touched && blocking) || 'CBU (22 dígitos) o alias, hasta 22 caracteres'}
              slotProps={{ htmlInput: { maxLength: 22, autoComplete: 'off' } }}
              fullWidth
              required
            />
          )}
          {step === 'amount' && (
            <Stack spacing={2}>
              <FormControl error={touched && !values.amountType}>
                <FormLabel id="amount-type-label">Tipo de monto</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby="amount-type-label"
                  value={values.amountType}
                  onChange={(event) => set({ amountType: event.target.value as WithdrawalAmountType })}
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
              </FormControl>
              <TextField
                label="Monto"
                value={values.amount}
                onChange={(event) => set({ amount: event.target.value })}
                error={touched && Boolean(values.amountType && checkAmount(values.amount))}
                helperText={
                  (touched && blocking) ||
                  (values.amountType === 'minimum'
                    ? LABELS.minimumAmountHint
                    : 'Monto a retirar en cada ejecución')
                }
                slotProps={{
                  input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                  htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
                }}
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
                {CRON_PRESETS.map((preset) => (
                  <Chip
                    key={preset.cron}
                    label={preset.label}
                    clickable
                    color={values.cron.trim() === preset.cron ? 'primary' : 'default'}
                    variant={values.cron.trim() === preset.cron ? 'filled' : 'outlined'}
                    aria-pressed={values.cron.trim() === preset.cron}
                    onClick={() => set({ cron: preset.cron })}
                  />
                ))}
              </Box>
              <TextField
                label="Cron (minuto hora día mes día-de-semana)"
                value={values.cron}
                onChange={(event) => set({ cron: event.target.value })}
                error={touched && Boolean(blocking)}
                helperText={(touched && blocking) || ' '}
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
          {error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancelar</Button>
          <Button onClick={() => setActive(Math.max(0, active - 1))} disabled={active === 0}>
            Atrás
          </Button>
          <Button
            variant="contained"
            onClick={next}
            disabled={saving || (step === 'collector' && Boolean(blocking))}
          >
            {last ? 'Finalizar' : 'Siguiente'}
          </Button>
        </DialogActions>
      </Dialog>
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
            const rest = confirming.slice(1);
            if (confirmation === 'delete') {
              const answer = await remove({ variables: { collectorId: collector!.id } });
              const outcome = feedback.settle(answer.data?.deleteScheduledWithdrawal, {
                success: answer.data?.deleteScheduledWithdrawal.message ?? '',
              });
              if (!outcome) close();
              return outcome;
            }
            setConfirming(rest);
            if (!rest.length) void submit();
            return null;
          }}
        />
      )}
    </>
  );
}
