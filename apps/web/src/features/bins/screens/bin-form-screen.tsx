import { useCallback, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useQuery } from '@apollo/client/react';
import { useFormikContext, type FormikErrors, type FormikHelpers } from 'formik';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { binFormSchema } from '@backoffice/validators';
import { useFormSubmit } from '@/components/actions/submit-action';
import { DetailCard, Field, FieldGrid } from '@/components/detail/detail-card';
import { detailGate, gateQuery } from '@/components/detail/detail-gate';
import { detailGateTexts } from '@/components/detail/record-texts';
import { FreshnessNotice, useFreshRecord } from '@/components/detail/fresh-record';
import { ActionDialog } from '@/components/dialogs/action-dialog';
import { shownError } from '@/components/form/field-error';
import { FormIdentifierField, unchosenOptionError, ValidatedFormik, yupErrorsNow } from '@/components/form';
import { PageHeader } from '@/components/layout/page-header';
import { COUNTRIES, countryName, searchPaymentMethods } from '../bin-options';
import { BIN_NOUN } from '../bins-list';
import {
  BinPaymentMethodsDocument,
  CardBinDocument,
  CreateCardBinDocument,
  UpdateCardBinDocument,
  type CardBinRowFragment,
} from '../gql/graphql';
import { LookupField, type LookupOption } from '../lookup-field';
import { RecordActivity } from '@/components/detail/record-activity';
import { recordHref } from '@/lib/record-href';

interface MethodOption {
  mediaPaymentId: number;
  name: string;
}

interface BinFormState {
  bin: string;
  brand: LookupOption | null;
  type: LookupOption | null;
  subtype: LookupOption | null;
  country: { code: string; description: string } | null;
  issuer: LookupOption | null;
  mediaPaymentId: MethodOption | null;
  accreditationDay: string;
}

type LookupName = 'brand' | 'type' | 'subtype' | 'issuer';
const LOOKUPS: readonly LookupName[] = ['brand', 'type', 'subtype', 'issuer'];

/** Each lookup's text as typed (kept out of the values: the text of the option chosen is no change to discard). */
type TypedTexts = Partial<Record<LookupName, string>>;

/** The form's rules, and a lookup's text typed and not chosen ('galicia' before 'Banco de Galicia…' was picked). */
function validateBin(values: BinFormState, typed: TypedTexts): FormikErrors<BinFormState> {
  const errors: FormikErrors<BinFormState> = yupErrorsNow(binFormSchema, values);
  for (const name of LOOKUPS) {
    const unchosen = unchosenOptionError(typed[name], values[name]?.description);
    if (unchosen) errors[name] = unchosen;
  }
  return errors;
}

const EMPTY: BinFormState = {
  bin: '',
  brand: null,
  type: null,
  subtype: null,
  country: null,
  issuer: null,
  mediaPaymentId: null,
  accreditationDay: '',
};

const valuesOf = (bin: CardBinRowFragment): BinFormState => ({
  bin: bin.id,
  brand: bin.brand,
  type: bin.type,
  subtype: bin.subtype ?? null,
  country: bin.country ? { code: bin.country, description: countryName(bin.country) ?? bin.country } : null,
  issuer: bin.issuer ?? null,
  mediaPaymentId: {
    mediaPaymentId: bin.mediaPaymentId,
    name: bin.mediaPaymentName ?? String(bin.mediaPaymentId),
  },
  accreditationDay: String(bin.accreditationDays),
});

/** A lookup bound to the form (value, touched on blur, its error by the form's rule). */
function FormLookup({
  name,
  kind,
  label,
  required,
  onTyped,
}: {
  name: LookupName;
  kind: 'BRAND' | 'TYPE' | 'SUBTYPE' | 'ISSUER';
  label: string;
  required?: boolean;
  /** The lookup's text as typed, for the form's rule. */
  onTyped(name: LookupName, text: string): void;
}) {
  const formik = useFormikContext<BinFormState>();
  return (
    <LookupField
      kind={kind}
      label={label}
      required={required}
      value={formik.values[name]}
      onChange={(value) => void formik.setFieldValue(name, value)}
      onInputChange={(text) => onTyped(name, text)}
      onBlur={() => void formik.setFieldTouched(name, true)}
      error={shownError(formik, name)}
    />
  );
}

function BinFields({
  creating,
  onTyped,
}: {
  creating: boolean;
  onTyped(name: LookupName, text: string): void;
}) {
  const formik = useFormikContext<BinFormState>();
  const methods = useQuery(BinPaymentMethodsDocument, { fetchPolicy: 'cache-first' });
  const options = useMemo<MethodOption[]>(
    () =>
      (methods.data?.paymentMethodCatalogue ?? []).map((m) => ({
        mediaPaymentId: m.mediaPaymentId,
        name: m.name,
      })),
    [methods.data],
  );
  return (
    <Grid container spacing={2.5}>
      <Grid size={{ xs: 12, md: 4 }}>
        <FormIdentifierField
          kind="digits"
          maxDigits={6}
          name="bin"
          label="Número BIN"
          required
          fullWidth
          disabled={!creating}
          slotProps={{ htmlInput: { readOnly: !creating } }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <FormLookup name="brand" kind="BRAND" label="Marca" required onTyped={onTyped} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <FormLookup name="type" kind="TYPE" label="Tipo de tarjeta" required onTyped={onTyped} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <FormLookup name="subtype" kind="SUBTYPE" label="Subtipo" onTyped={onTyped} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Autocomplete
          options={COUNTRIES}
          value={formik.values.country}
          onChange={(_event, value) => void formik.setFieldValue('country', value)}
          isOptionEqualToValue={(option, value) => option.code === value.code}
          getOptionLabel={(option) => option.description}
          noOptionsText="Sin resultados"
          renderInput={(params) => <TextField {...params} label="País" />}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <FormLookup name="issuer" kind="ISSUER" label="Emisor (organización)" onTyped={onTyped} />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <Autocomplete
          options={options}
          value={formik.values.mediaPaymentId}
          onChange={(_event, value) => void formik.setFieldValue('mediaPaymentId', value)}
          onBlur={() => void formik.setFieldTouched('mediaPaymentId', true)}
          isOptionEqualToValue={(option, value) => option.mediaPaymentId === value.mediaPaymentId}
          getOptionLabel={(option) => option.name}
          filterOptions={(all, state) => searchPaymentMethods(all, state.inputValue)}
          loading={methods.loading}
          noOptionsText="Sin resultados"
          renderInput={(params) => (
            <TextField
              {...params}
              label="Medio de pago"
              required
              error={Boolean(shownError(formik, 'mediaPaymentId'))}
              helperText={shownError(formik, 'mediaPaymentId')}
            />
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <FormIdentifierField
          kind="digits"
          maxDigits={3}
          name="accreditationDay"
          label="Día de acreditación"
          required
          fullWidth
        />
      </Grid>
    </Grid>
  );
}

/** What 'Guardar' sends of the form. */
function binInput(values: BinFormState) {
  return {
    bin: values.bin.trim(),
    brandId: values.brand?.id ?? '',
    typeId: values.type?.id ?? '',
    subtypeId: values.subtype?.id ?? null,
    country: values.country?.code ?? null,
    issuerId: values.issuer?.id ?? null,
    mediaPaymentId: values.mediaPaymentId?.mediaPaymentId ?? 0,
    accreditationDays: values.accreditationDay.trim(),
  };
}

/** The BIN's form has no footer: a refusal is said as a toast. */
const TOAST = { refusalAs: 'toast' } as const;

/** BIN (/bin/{id}, spec 001 §2): -1 creates; any other id edits, the number read-only. */
export default function BinFormScreen() {
  const id = useParams().id ?? '';
  const creating = id === '-1';
  const navigate = useNavigate();
  const result = useQuery(CardBinDocument, {
    variables: { id },
    skip: creating,
    fetchPolicy: 'network-only',
  });
  // Freshness: 'Actualizado hace N s', the version checked when the tab is visible again and every 30 s.
  const fresh = useFreshRecord(CardBinDocument, { id }, result, (data) => data.cardBin, { skip: creating });
  const bin = result.data?.cardBin ?? null;
  const opened = (payload: { bin?: { id: string } | null; message?: string | null }) => {
    if (payload.bin) void navigate(recordHref('bin', { id: payload.bin.id }), { replace: creating });
  };
  const create = useFormSubmit(
    {
      mutation: CreateCardBinDocument,
      variables: (values: BinFormState) => ({ input: binInput(values) }),
      payload: (data) => data.createCardBin,
      success: (payload) => payload.message ?? '',
      after: opened,
    },
    TOAST,
  );
  // An edit names the version it was made on: a BIN another operator changed since is refused, and the refusal
  // says 'Otro operador modificó este registro' (explainRefusal) instead of a generic error.
  const update = useFormSubmit(
    {
      mutation: UpdateCardBinDocument,
      variables: (values: BinFormState) => ({
        input: binInput(values),
        expectedLastUpdateDate: bin?.lastUpdateDate ?? null,
      }),
      payload: (data) => data.updateCardBin,
      success: (payload) => payload.message ?? '',
      after: opened,
      explainRefusal: fresh.explainRefusal,
    },
    TOAST,
  );
  const initial = useMemo(() => (bin ? valuesOf(bin) : EMPTY), [bin]);
  const title = creating ? 'Nuevo BIN' : `BIN ${id}`;
  // 'Cancelar' with unsaved edits asks before it discards them.
  const [discarding, setDiscarding] = useState(false);
  const typed = useRef<TypedTexts>({});
  const validate = useCallback((values: BinFormState) => validateBin(values, typed.current), []);
  const header = (
    <PageHeader
      title={title}
      actions={
        <Button component={RouterLink} to="/bin" startIcon={<ArrowBackIcon />}>
          Volver a Buscar BIN
        </Button>
      }
    />
  );
  // Loading, load error and not found as every detail says them (AFIP's 'No existe una presentación…').
  const gate = creating
    ? null
    : detailGate({
        header,
        texts: detailGateTexts(BIN_NOUN, {
          id,
          idName: 'el número',
          notFoundTestId: 'bin-not-found',
          listHref: '/bin',
          listLabel: 'Ir a Buscar BIN',
        }),
        current: gateQuery(result, bin !== null),
      });
  if (gate !== null) return gate;

  const submit = async (values: BinFormState, helpers: FormikHelpers<BinFormState>) => {
    await (creating ? create : update).onSubmit(values);
    helpers.setSubmitting(false);
  };

  return (
    <Box component="section" aria-label={title}>
      {header}
      {bin && <FreshnessNotice fresh={fresh} />}
      {bin && (
        <Box sx={{ mb: 3 }}>
          <DetailCard title="Detalle del BIN" testId="bin-detail">
            <FieldGrid>
              <Field label="Tarjeta" value={bin.brand.description} />
              <Field label="Tipo de tarjeta" value={bin.type.description} />
              <Field label="Subtipo" value={bin.subtype?.description} />
              <Field label="País" value={countryName(bin.country)} />
              <Field label="Organización" value={bin.issuer?.description} />
              <Field label="Medio de pago" value={bin.mediaPaymentName} />
            </FieldGrid>
          </DetailCard>
        </Box>
      )}
      <ValidatedFormik<BinFormState>
        // 'Recargar' (or a save) shows the version read: the form starts again from it.
        key={bin ? `${bin.id}@${bin.lastUpdateDate ?? ''}` : 'new'}
        initialValues={initial}
        validate={validate}
        onSubmit={submit}
      >
        {(formik) => (
          <Paper
            variant="outlined"
            component="form"
            noValidate
            onSubmit={formik.handleSubmit}
            sx={{ p: 3 }}
            aria-label="Formulario del BIN"
          >
            <BinFields
              creating={creating}
              onTyped={(name, text) => {
                typed.current = { ...typed.current, [name]: text };
                void formik.validateForm();
              }}
            />
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
              <Button onClick={() => (formik.dirty ? setDiscarding(true) : void navigate('/bin'))}>
                Cancelar
              </Button>
              <Button type="submit" variant="contained" disabled={!formik.isValid || formik.isSubmitting}>
                Guardar
              </Button>
            </Box>
          </Paper>
        )}
      </ValidatedFormik>
      {discarding && (
        <ActionDialog
          title="Descartar cambios"
          onClose={() => setDiscarding(false)}
          cancelLabel="Seguir editando"
          submitLabel="Descartar"
          submitColor="error"
          onSubmit={() => void navigate('/bin')}
          testId="discard-bin-dialog"
        >
          Hay cambios sin guardar en el BIN. Si sale, se pierden.
        </ActionDialog>
      )}
      <RecordActivity recordId={bin?.id} />
    </Box>
  );
}
