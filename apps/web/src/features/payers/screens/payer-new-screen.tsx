import { useNavigate } from 'react-router';
import { payerFormSchema } from '@backoffice/validators';
import { useFormSubmit } from '@/components/actions/submit-action';
import { FormCard, FormFooter, FormTextField, ValidatedFormik } from '@/components/form';
import { PageSection } from '@/components/layout/page-section';
import { IdentificationFields, identificationInput, NO_IDENTIFICATION } from '../form/identification-fields';
import { CreatePayerDocument } from '../gql/graphql';
import { PAYERS_MESSAGES } from '../messages';
import { recordHref } from '@/lib/record-href';

const INITIAL = { name: '', email: '', identification: NO_IDENTIFICATION };

/** Nuevo pagador (/pagadores/nuevo, 001 §2): name, e-mail and identification; Crear disabled while invalid. */
export default function PayerNewScreen() {
  const navigate = useNavigate();
  const { onSubmit, failure } = useFormSubmit({
    mutation: CreatePayerDocument,
    variables: (values: typeof INITIAL) => ({
      input: {
        name: values.name.trim(),
        email: values.email.trim(),
        identification: identificationInput(values.identification),
      },
    }),
    payload: (data) => data.createPayer,
    success: PAYERS_MESSAGES.created,
    after: ({ payer }) => {
      if (payer) void navigate(recordHref('payer', { id: payer.id }));
    },
  });

  return (
    <PageSection title={PAYERS_MESSAGES.newTitle}>
      <ValidatedFormik initialValues={INITIAL} validationSchema={payerFormSchema} onSubmit={onSubmit}>
        <FormCard ariaLabel="Datos del pagador">
          <FormTextField name="name" label="Nombre" required />
          <FormTextField name="email" label="Email" required type="email" />
          <IdentificationFields />
          <FormFooter
            failure={failure}
            failureTestId="payer-create-failure"
            onCancel={() => void navigate('/pagadores')}
            submitLabel={PAYERS_MESSAGES.create}
          />
        </FormCard>
      </ValidatedFormik>
    </PageSection>
  );
}
