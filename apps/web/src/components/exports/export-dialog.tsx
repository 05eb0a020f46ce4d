import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useSubmitAction } from '../actions/submit-action';
import { ActionDialog, DialogFact, useDialogSubmit } from '../dialogs/action-dialog';
import { EXPORT_FORMATS, type ExportFormat } from './export-menu';
import { EXPORT_TYPE_LABELS } from './export-types';
import {
  CreateExportDocument,
  type CreateExportInput,
  type PaymentFilter,
  type SubscriptionFilter,
} from './gql/graphql';

/** What an export covers: the list's type and its current filter, as the list's query sends it. */
export type ExportSubject =
  { type: 'PAYMENTS'; filter: PaymentFilter } | { type: 'SUBSCRIPTION'; filter: SubscriptionFilter };

/** The filter as it is encoded for the export: only what is set, in a stable order. */
export function encodedFilter(filter: PaymentFilter | SubscriptionFilter): string {
  const entries = Object.entries(filter)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify(Object.fromEntries(entries));
}

export interface ExportDialogProps {
  subject: ExportSubject;
  /** The format chosen in the menu (changeable here). */
  format: ExportFormat;
  /** Shows the link to /exportaciones (EXPORT_SHOW and EXPORT_SEARCH). */
  canSeeHistory: boolean;
  onClose(): void;
}

/**
 * The export dialog (spec 000 §2): type, format and the encoded filter of the list; Exportar starts the job, which
 * covers every row matching the filter (not one page) and is followed in Historial de exportaciones.
 */
export function ExportDialog({ subject, format: chosen, canSeeHistory, onClose }: ExportDialogProps) {
  const [format, setFormat] = useState<ExportFormat>(chosen);
  const run = useSubmitAction({
    mutation: CreateExportDocument,
    variables: () => {
      const input: CreateExportInput =
        subject.type === 'PAYMENTS'
          ? { type: 'PAYMENTS', format, paymentFilter: subject.filter }
          : { type: 'SUBSCRIPTION', format, subscriptionFilter: subject.filter };
      return { input };
    },
    payload: (data) => data.createExport,
    success: (payload) => payload.message ?? 'Exportación solicitada',
    after: onClose,
  });
  const { submit, submitting, feedback } = useDialogSubmit(run);
  return (
    <ActionDialog
      title="Exportar"
      onClose={onClose}
      submitLabel="Exportar"
      onSubmit={() => void submit(undefined)}
      submitting={submitting}
      feedback={feedback}
      testId="export-dialog"
    >
      <Stack spacing={2}>
        <DialogFact label="Tipo" value={EXPORT_TYPE_LABELS[subject.type]} />
        <TextField
          select
          label="Formato"
          value={format}
          onChange={(event) => setFormat(event.target.value as ExportFormat)}
          size="small"
        >
          {EXPORT_FORMATS.map((value) => (
            <MenuItem key={value} value={value}>
              {value}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Filtro"
          value={encodedFilter(subject.filter)}
          multiline
          minRows={2}
          size="small"
          slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace', fontSize: 13 } } }}
          helperText="Se exportan todos los registros que cumplen el filtro, no solo la página visible."
        />
        {canSeeHistory && (
          <Link component={RouterLink} to="/exportaciones" onClick={onClose}>
            Ver historial de exportaciones
          </Link>
        )}
      </Stack>
    </ActionDialog>
  );
}
