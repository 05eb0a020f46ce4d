import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import { useFormikContext } from 'formik';
import { useNavigate, useParams } from 'react-router';
import { payerReferenceFormSchema } from '@backoffice/validators';
import { useFormSubmit } from '@/components/actions/submit-action';
import { FormCard, FormFooter, FormTextField, shownError, ValidatedFormik } from '@/components/form';
import { ErrorAlert } from '@/components/feedback/error-alert';
import { PageLoader } from '@/components/feedback/page-loader';
import { PageSection } from '@/components/layout/page-section';
import { StatusPage } from '@/components/layout/status-page';
import { CollectorPicker, type CollectorRef } from '@/components/pickers/collector-picker';
import { hrefOf } from '@/lib/list';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import {
  identificationFormValues,
  IdentificationFields,
  identificationInput,
  NO_IDENTIFICATION,
  type IdentificationFormValues,
} from '../form/identification-fields';
import {
  CreatePayerReferenceDocument,
  PayerReferenceDocument,
  UpdatePayerReferenceDocument,
  type PayerReferenceCreateInput,
  type PayerReferenceRowFragment,
} from '../gql/graphql';
import { referencesList } from '../list/references-list';
import { PAYERS_MESSAGES } from '../messages';

interface ReferenceFormValues {
  collectorId: string;
  collector: CollectorRef | null;
  name: string;
  email: string;
  externalReference: string;
  identification: IdentificationFormValues;
}

const EMPTY: ReferenceFormValues = {
  collectorId: '',
  collector: null,
  name: '',
  email: '',
  externalReference: '',
  identification: NO_IDENTIFICATION,
};

function valuesOf(reference: PayerReferenceRowFragment): ReferenceFormValues {
  return {
    collectorId: reference.collectorId,
    collector: { id: reference.collectorId, name: reference.collector?.name ?? reference.collectorId },
    name: reference.name,
    email: reference.email ?? '',
    externalReference: reference.externalReference ?? '',
    identification: identificationFormValues(reference.identification),
  };
}

/**
 * Creation sends only what the operator filled in (001 §5: untouched fields are omitted; Formik marks every field
 * touched on submit, so a field left empty is the untouched one): the collector and the name always, the e-mail
 * and the external reference when not empty, the identification when a type is chosen.
 */
export function createInput(values: ReferenceFormValues): PayerReferenceCreateInput {
  const input: PayerReferenceCreateInput = { collectorId: values.collectorId, name: values.name.trim() };
  if (values.email.trim()) input.email = values.email.trim();
  if (values.externalReference.trim()) input.externalReference = values.externalReference.trim();
  const identification = identificationInput(values.identification);
  if (identification) input.identification = identification;
  return input;
}

/**
 * The references list on a new reference: its collector, and its name as the search (an id of 7 digits would be
 * searched as an identification number).
 */
function createdReferencePath(reference: PayerReferenceRowFragment): string {
  return hrefOf(referencesList, {
    collector: { id: reference.collectorId, name: reference.collector?.name ?? reference.collectorId },
    search: reference.name,
  });
}

function CollectorField({ locked }: { locked: boolean }) {
  const formik = useFormikContext<ReferenceFormValues>();
  const error = shownError(formik, 'collectorId');
  return (
    <Box data-testid="reference-collector">
      {locked ? (
        <FormTextField name="collector.name" label="Entidad" required disabled />
      ) : (
        <CollectorPicker
          required
          value={formik.values.collector}
          onChange={(collector) => {
            void formik.setValues({ ...formik.values, collector, collectorId: collector?.id ?? '' });
            void formik.setFieldTouched('collectorId', true, false);
          }}
        />
      )}
      {error && (
        <Box role="alert" sx={{ color: 'error.main', fontSize: 12, mt: 0.5, mx: 1.75 }}>
          {error}
        </Box>
      )}
    </Box>
  );
}

function ReferenceForm({ reference }: { reference: PayerReferenceRowFragment | null }) {
  const navigate = useNavigate();
  const editing = reference !== null;
  const toList = () => void navigate(referencesList.path);
  const create = useFormSubmit({
    mutation: CreatePayerReferenceDocument,
    variables: (values: ReferenceFormValues) => ({ input: createInput(values) }),
    payload: (data) => data.createPayerReference,
    success: PAYERS_MESSAGES.referenceCreated,
    // The list opens on the new reference: its collector and its name.
    after: ({ reference: created }) =>
      void navigate(created ? createdReferencePath(created) : referencesList.path),
  });
  const update = useFormSubmit({
    mutation: UpdatePayerReferenceDocument,
    variables: (values: ReferenceFormValues) => ({
      id: reference?.id ?? '',
      input: {
        name: values.name.trim(),
        email: values.email.trim() || null,
        externalReference: values.externalReference.trim() || null,
        identification: identificationInput(values.identification),
      },
    }),
    payload: (data) => data.updatePayerReference,
    success: PAYERS_MESSAGES.referenceUpdated,
    after: toList,
  });
  const { onSubmit, failure } = editing ? update : create;
  return (
    <ValidatedFormik<ReferenceFormValues>
      initialValues={reference ? valuesOf(reference) : EMPTY}
      validationSchema={payerReferenceFormSchema}
      onSubmit={onSubmit}
    >
      {({ values }) => (
        <FormCard ariaLabel="Datos de la referencia">
          <CollectorField locked={editing} />
          <FormTextField name="name" label="Nombre" required disabled={!values.collectorId} />
          <FormTextField name="email" label="Email" type="email" disabled={!values.collectorId} />
          <FormTextField name="externalReference" label="Referencia externa" disabled={!values.collectorId} />
          <IdentificationFields />
          <FormFooter
            failure={failure}
            failureTestId="reference-failure"
            onCancel={toList}
            submitLabel={editing ? PAYERS_MESSAGES.save : 'Crear'}
          />
        </FormCard>
      )}
    </ValidatedFormik>
  );
}

/** Nueva referencia de pagador (/pagadores/referencias/crear): the collector first, then the rest. */
export function ReferenceCreateScreen() {
  return (
    <PageSection title={PAYERS_MESSAGES.newReferenceTitle}>
      <ReferenceForm reference={null} />
    </PageSection>
  );
}

/** Editar referencia (/pagadores/referencias/{id}/editar): the same form; saving sends the PUT. */
export function ReferenceEditScreen() {
  const { id = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(PayerReferenceDocument, {
    variables: { id },
    fetchPolicy: 'network-only',
  });
  if (!data && loading) return <PageLoader />;
  if (error && !data)
    return <ErrorAlert error={error} onRetry={() => void refetch().catch(() => undefined)} />;
  const reference = data?.payerReference;
  if (!reference)
    return (
      <StatusPage icon={<PersonSearchOutlined />} title={PAYERS_MESSAGES.referenceNotFound}>
        {`No existe la referencia ${id}.`}
      </StatusPage>
    );
  return (
    <PageSection title={PAYERS_MESSAGES.editReferenceTitle} subtitle={`Referencia ${reference.id}`}>
      <ReferenceForm reference={reference} />
    </PageSection>
  );
}
