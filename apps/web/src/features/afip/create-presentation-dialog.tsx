import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@apollo/client/react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { checkAfipFormType, checkAfipPeriod } from '@backoffice/validators';
import { useSubmitAction } from '../../components/actions/submit-action';
import { ActionDialog, useDialogSubmit } from '../../components/dialogs/action-dialog';
import { PeriodPicker, periodOf } from '../../components/pickers';
import { CreatePresentationDocument, PresentationFileStructuresDocument } from './gql/graphql';
import { recordHref } from '@/lib/record-href';

/** Presentations run from 2020 (spec 001 §9 "Year choices start at 2020") to the current month. */
const FIRST_PERIOD = '2020-01';

/**
 * Nueva presentación (spec 001 §2): a form type (file structures shown as "name (version)") and a period, the
 * current month by default. On success: 'Formulario creado correctamente' and the new presentation's detail.
 */
export function CreatePresentationDialog({ onClose }: { onClose(): void }) {
  const navigate = useNavigate();
  const structures = useQuery(PresentationFileStructuresDocument, { fetchPolicy: 'cache-first' });
  const [structureId, setStructureId] = useState('');
  const [current] = useState(() => periodOf());
  const [period, setPeriod] = useState(current);
  const [periodError, setPeriodError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const formTypeError = checkAfipFormType(structureId);
  const invalid =
    formTypeError !== undefined || checkAfipPeriod(period) !== undefined || periodError !== null;

  const create = useSubmitAction({
    mutation: CreatePresentationDocument,
    variables: () => ({ fileStructureId: structureId, period }),
    payload: (data) => data.createPresentation,
    success: (payload) => payload.message ?? 'Formulario creado correctamente',
    after: (payload) => {
      const id = payload.presentation?.id;
      if (id) void navigate(recordHref('presentation', { id }));
    },
  });
  const { submit, submitting, feedback: shown } = useDialogSubmit(create);

  return (
    <ActionDialog
      title="Nueva presentación"
      onClose={onClose}
      submitLabel="Aceptar"
      submitDisabled={invalid}
      submitting={submitting}
      onSubmit={() => {
        setTouched(true);
        if (!invalid) void submit(undefined);
      }}
      feedback={shown}
      testId="create-presentation-dialog"
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <TextField
          select
          label="Formulario"
          value={structureId}
          onChange={(event) => {
            setStructureId(event.target.value);
            setTouched(true);
          }}
          onBlur={() => setTouched(true)}
          error={touched && formTypeError !== undefined}
          helperText={
            structures.error ? 'No se pudieron cargar los formularios.' : touched ? formTypeError : undefined
          }
          disabled={structures.loading}
          fullWidth
        >
          {(structures.data?.presentationFileStructures ?? []).map((structure) => (
            <MenuItem key={structure.id} value={structure.id}>
              {structure.label}
            </MenuItem>
          ))}
        </TextField>
        <PeriodPicker
          value={period}
          onChange={setPeriod}
          onErrorChange={setPeriodError}
          min={FIRST_PERIOD}
          max={current}
        />
      </Stack>
    </ActionDialog>
  );
}
