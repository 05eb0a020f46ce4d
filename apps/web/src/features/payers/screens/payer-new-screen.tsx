import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { payerFormSchema } from '@backoffice/validators';
import { FormCard, FormFooter, FormTextField, ValidatedFormik } from '@/components/form';
import { PageSection } from '@/components/layout/page-section';
import type { DialogFeedback } from '@/lib/mutation-outcome';
import { useMutationOutcome } from '@/lib/use-mutation-outcome';
import { IdentificationFields, identificationInput, NO_IDENTIFICATION } from '../form/identification-fields';
import { CreatePayerDocument } from '../gql/graphql';
import { PAYERS_MESSAGES } from '../messages';

const INITIAL = { name: '', email: '', identification: NO_IDENTIFICATION };

/** Nuevo pagador (/pagadores/nuevo, 001 §2): name, e-mail and identification; Crear disabled while invalid. */
export default function PayerNewScreen() {
  const navigate = useNavigate();
  const feedback = useMutationOutcome();
  const [createPayer] = useMutation(CreatePayerDocument);
  const [failure, setFailure] = useState<DialogFeedback | null>(null);

  return (
    <PageSection title={PAYERS_MESSAGES.newTitle}>
      <ValidatedFormik
        initialValues={INITIAL}
        validationSchema={payerFormSchema}
        onSubmit={async (values) => {
          setFailure(null);
          try {
            const { data } = await createPayer({
              variables: {
                input: {
                  name: values.name.trim(),
                  email: values.email.trim(),
                  identification: identificationInput(values.identification),
                },
              },
            });
            const payload = data?.createPayer;
            const outcome = feedback.settle(payload, {
              success: PAYERS_MESSAGES.created,
              onSuccess: () => {
                if (payload?.payer) void navigate(`/pagadores/${encodeURIComponent(payload.payer.id)}`);
              },
            });
            setFailure(outcome);
          } catch (error) {
            feedback.announceError(error);
          }
        }}
      >
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
