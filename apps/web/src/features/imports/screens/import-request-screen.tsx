import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useQuery } from '@apollo/client/react';
import type { FormikErrors, FormikProps } from 'formik';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import {
  applyCollectorMatchImport,
  importFormSchema,
  NO_MATCH_OPTIONS,
  toggleMatchOption,
  type MatchOption,
  type MatchOptions,
} from '@backoffice/validators';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { ValidatedFormik, yupErrorsNow } from '@/components/form';
import { PageSection } from '@/components/layout/page-section';
import { CollectorPicker, type CollectorRef } from '@/components/pickers/collector-picker';
import { MessageText } from '@/components/detail/code-text';
import { describeError } from '@/lib/errors';
import { acceptAttribute, FileRequestError, uploadFile, uploadProblem, type UploadRule } from '@/lib/files';
import { requestKeys } from '@/lib/use-idempotency-key';
import { ConverterConfigurationsDocument, ImportCollectorMatchDocument } from '../gql/graphql';
import { IMPORTS_MESSAGES } from '../import-labels';
import { conversionOf, saveConversion } from '../conversion-cache';
import { recordHref } from '@/lib/record-href';

interface FormValues extends MatchOptions {
  collector: CollectorRef | null;
  file: File | null;
  converter: boolean;
  sourceConfigurationId: string;
}

const INITIAL: FormValues = {
  collector: null,
  file: null,
  converter: false,
  sourceConfigurationId: '',
  ...NO_MATCH_OPTIONS,
};

const MATCH_BOXES: { option: MatchOption; key: keyof MatchOptions; label: string }[] = [
  { option: 'payer', key: 'matchPayer', label: 'Match por pagador' },
  { option: 'concept', key: 'matchConcept', label: 'Match por concepto' },
  { option: 'identification', key: 'matchIdentification', label: 'Match por identificación' },
];

/** What /files/importaciones and /files/conversiones accept (the gateway's IMPORT_MAX_BYTES), checked on choosing. */
const IMPORT_UPLOAD: UploadRule = { accept: ['csv', 'xlsx'], maxBytes: 10 * 1024 * 1024 };

/** The validators' form schema over this form's values, and the chosen file's type and size. */
function validate(values: FormValues): FormikErrors<FormValues> {
  const fileProblem = values.file ? uploadProblem(values.file, IMPORT_UPLOAD) : null;
  return fileProblem ? { ...schemaErrors(values), file: fileProblem } : schemaErrors(values);
}

/** The schema's errors as formik reads a schema's (the kit's yupErrorsNow); the collector's is its `collectorId`'s. */
function schemaErrors(values: FormValues): FormikErrors<FormValues> {
  const { collectorId, ...errors } = yupErrorsNow(importFormSchema, {
    collectorId: values.collector?.id ?? null,
    file: values.file,
    converter: values.converter,
    sourceConfigurationId: values.sourceConfigurationId || null,
    matchPayer: values.matchPayer,
    matchConcept: values.matchConcept,
    matchIdentification: values.matchIdentification,
  });
  return collectorId ? { ...errors, collector: collectorId } : errors;
}

/** The multipart form of the import service (spec 001 §7) or the converter's configurations JSON. */
function uploadOf(values: FormValues): { path: string; form: FormData } {
  const form = new FormData();
  const collectorId = values.collector?.id ?? '';
  const flags = {
    match_payer: values.matchPayer,
    match_concept: values.matchConcept,
    match_identification: values.matchIdentification,
  };
  if (values.converter) {
    form.set(
      'configurations',
      JSON.stringify({
        type: 'payments',
        origin_id: values.sourceConfigurationId,
        destination_id: DESTINATION_CONFIGURATION_ID,
        metadata: { collector_id: collectorId, ...flags },
      }),
    );
    form.set('file', values.file as File);
    return { path: '/conversiones', form };
  }
  form.set('collector_id', collectorId);
  for (const [name, value] of Object.entries(flags)) form.set(name, String(value));
  form.set('file', values.file as File);
  return { path: '/importaciones', form };
}

/** What an upload carries, as one text: its route, fields and file (name, size, last change). */
function signatureOf(path: string, form: FormData): string {
  return JSON.stringify([
    path,
    [...form.entries()].map(([name, value]) =>
      typeof value === 'string'
        ? [name, value]
        : [name, value.name, value.size, (value as File).lastModified],
    ),
  ]);
}

/** The converter's destination: the import API (docs/decisions.md "Imports"). */
const DESTINATION_CONFIGURATION_ID = '100';

/** Importar pagos (/importacion, spec 001 §2 "Import request", §5 "Import form"). */
export default function ImportRequestScreen() {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<FormikProps<FormValues>>(null);
  const [keys] = useState(requestKeys);

  const submit = async (values: FormValues) => {
    const { path, form } = uploadOf(values);
    try {
      const answer = await uploadFile<Record<string, unknown>>(path, form, {
        idempotencyKey: keys.keyFor(signatureOf(path, form)),
      });
      keys.answered();
      setConfirming(false);
      if (values.converter) {
        const result = conversionOf(answer);
        if (result.errorRows.length === 0 && result.importId) {
          void navigate(recordHref('import', { id: result.importId }));
        } else {
          saveConversion(result);
          void navigate('/conversion');
        }
        return null;
      }
      const importId = answer.import_id;
      void navigate(recordHref('import', { id: String(importId) }));
      return null;
    } catch (error) {
      // A refusal the gateway answered is a new request next time; a lost answer is sent again under its key.
      if (
        error instanceof FileRequestError &&
        error.status > 0 &&
        error.status !== 502 &&
        error.status !== 504
      )
        keys.answered();
      // The original swallowed these errors (spec 001 §8); here the operator reads why.
      const message = describeError(error);
      setFailure(message);
      return { severity: 'error' as const, title: 'No se pudo importar el archivo', message };
    }
  };

  return (
    <PageSection
      title={IMPORTS_MESSAGES.requestTitle}
      actions={
        <Button component={RouterLink} to="/importaciones" variant="outlined">
          Ver importaciones
        </Button>
      }
    >
      <ValidatedFormik<FormValues>
        innerRef={formRef}
        initialValues={INITIAL}
        validate={validate}
        onSubmit={() => setConfirming(true)}
      >
        {(formik) => <ImportForm formik={formik} failure={failure} />}
      </ValidatedFormik>
      {confirming && formRef.current && (
        <ConfirmDialog
          title={IMPORTS_MESSAGES.confirmTitle}
          message={IMPORTS_MESSAGES.confirmMessage}
          confirmLabel="Importar"
          onConfirm={() => submit(formRef.current!.values)}
          onClose={() => setConfirming(false)}
          testId="import-confirm-dialog"
        />
      )}
    </PageSection>
  );
}

type FormProps = { formik: FormikProps<FormValues> };

/**
 * Whether the chosen collector's match_import decides the match options: it forces its option on and locks the
 * three checkboxes (spec 001 §5).
 */
function useCollectorMatchLock({ values, setValues }: FormikProps<FormValues>): boolean {
  const collectorId = values.collector?.id ?? null;
  const match = useQuery(ImportCollectorMatchDocument, {
    variables: { id: collectorId ?? '' },
    skip: !collectorId,
  });
  const matchImport = collectorId ? match.data?.collector?.matchImport : null;

  useEffect(() => {
    if (!matchImport) return;
    const { options } = applyCollectorMatchImport(NO_MATCH_OPTIONS, matchImport);
    void setValues((current) => ({ ...current, ...options }), true);
  }, [matchImport, setValues]);

  return Boolean(matchImport);
}

function ImportForm({ formik, failure }: FormProps & { failure: string | null }) {
  const { values, errors, setValues, setFieldTouched } = formik;
  const locked = useCollectorMatchLock(formik);

  return (
    <Paper
      component="form"
      variant="outlined"
      aria-label="Solicitud de importación"
      onSubmit={formik.handleSubmit}
      noValidate
      sx={{ p: 3, display: 'grid', gap: 3, maxWidth: 720 }}
    >
      <Box>
        <CollectorPicker
          value={values.collector}
          onChange={(collector) => {
            void setFieldTouched('collector', true, false);
            // Options forced by the collector left were not the operator's: the next one starts with none ticked
            // (its own forced option, if any, is applied when its setting arrives).
            const reset = !collector || locked;
            void setValues({ ...values, collector, ...(reset ? NO_MATCH_OPTIONS : {}) }, true);
          }}
        />
        {formik.touched.collector && errors.collector && (
          <FormHelperText error>{errors.collector}</FormHelperText>
        )}
      </Box>

      <ImportFileField formik={formik} />
      <MatchOptionsField formik={formik} locked={locked} />
      <ConverterField formik={formik} />

      {failure && (
        <Alert severity="error" data-testid="import-error">
          <MessageText message={failure} />
        </Alert>
      )}

      <Box>
        <Button type="submit" variant="contained" disabled={!formik.isValid} data-testid="import-submit">
          Importar
        </Button>
      </Box>
    </Paper>
  );
}

/** 'Seleccionar archivo', the chosen file's name and why it cannot be sent. */
function ImportFileField({ formik }: FormProps) {
  const { values, errors, setFieldValue, setFieldTouched } = formik;
  return (
    <Box>
      <Button variant="outlined" component="label" startIcon={<UploadFileOutlined />}>
        Seleccionar archivo
        <input
          hidden
          type="file"
          accept={acceptAttribute(IMPORT_UPLOAD)}
          data-testid="import-file-input"
          aria-label="Archivo a importar"
          onChange={(event) => {
            void setFieldTouched('file', true, false);
            void setFieldValue('file', event.target.files?.[0] ?? null, true);
          }}
        />
      </Button>
      <Typography variant="body2" sx={{ mt: 1 }} data-testid="import-file-name">
        {values.file ? values.file.name : 'Ningún archivo seleccionado (CSV o XLSX, hasta 10 MB)'}
      </Typography>
      {formik.touched.file && errors.file && (
        <FormHelperText error data-testid="import-file-error">
          {errors.file}
        </FormHelperText>
      )}
    </Box>
  );
}

/** The three match checkboxes, ticked by the validators' rule (`toggleMatchOption`), locked by the collector. */
function MatchOptionsField({ formik, locked }: FormProps & { locked: boolean }) {
  const { values, errors, setValues } = formik;
  const toggle = (option: MatchOption, checked: boolean) => {
    const current = {
      matchPayer: values.matchPayer,
      matchConcept: values.matchConcept,
      matchIdentification: values.matchIdentification,
    };
    void setValues({ ...values, ...toggleMatchOption(current, option, checked) }, true);
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend">Opciones de match</FormLabel>
      <FormGroup row>
        {MATCH_BOXES.map(({ option, key, label }) => (
          <FormControlLabel
            key={key}
            label={label}
            disabled={locked}
            control={
              <Checkbox
                checked={values[key]}
                onChange={(event) => toggle(option, event.target.checked)}
                slotProps={{ input: { 'data-testid': `match-${option}` } as object }}
              />
            }
          />
        ))}
      </FormGroup>
      {locked && (
        <FormHelperText data-testid="match-locked">
          La entidad tiene definida la opción de match: no se puede cambiar.
        </FormHelperText>
      )}
      {errors.matchIdentification && <FormHelperText error>{errors.matchIdentification}</FormHelperText>}
    </Box>
  );
}

/** 'Usar conversor' and, when on, the converter's source configuration (read only then). */
function ConverterField({ formik }: FormProps) {
  const { values, errors, setFieldValue, setFieldTouched } = formik;
  const configurations = useQuery(ConverterConfigurationsDocument, { skip: !values.converter });
  return (
    <Box>
      <FormControlLabel
        label="Usar conversor"
        control={
          <Switch
            checked={values.converter}
            onChange={(event) => void setFieldValue('converter', event.target.checked, true)}
            slotProps={{ input: { 'data-testid': 'converter-switch' } as object }}
          />
        }
      />
      {values.converter && (
        <TextField
          select
          fullWidth
          size="small"
          label="Configuración de origen"
          value={values.sourceConfigurationId}
          onChange={(event) => {
            void setFieldTouched('sourceConfigurationId', true, false);
            void setFieldValue('sourceConfigurationId', event.target.value, true);
          }}
          error={Boolean(formik.touched.sourceConfigurationId && errors.sourceConfigurationId)}
          helperText={
            (formik.touched.sourceConfigurationId && errors.sourceConfigurationId) ||
            (configurations.error ? 'No se pudieron cargar las configuraciones' : undefined)
          }
          sx={{ mt: 1 }}
          slotProps={{
            select: { SelectDisplayProps: { 'data-testid': 'source-configuration' } as object },
          }}
        >
          {(configurations.data?.converterConfigurations ?? []).map((config) => (
            <MenuItem key={config.id} value={config.id}>
              {config.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Box>
  );
}
