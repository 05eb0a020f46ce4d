import type { ReactNode } from 'react';
import { useQuery } from '@apollo/client/react';
import { FreshnessNotice, useFreshRecord } from '@/components/detail/fresh-record';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import EventRepeatOutlined from '@mui/icons-material/EventRepeatOutlined';
import { Link as RouterLink, useParams } from 'react-router';
import { SimpleTable, type SimpleColumn } from '@/components/data-table/simple-table';
import { DetailCard, Field, FieldGrid } from '@/components/detail/detail-card';
import { DetailColumns } from '@/components/detail/detail-columns';
import { recordGate } from '@/components/detail/record-gate';
import { recordHeading, type RecordNoun } from '@/components/detail/record-texts';
import { PageSection } from '@/components/layout/page-section';
import { entryHrefOf } from '@/lib/list/list-definition';
import { useHasAny } from '@/lib/permissions';
import { paymentsList } from '@/features/payments/payments-list.definition';
import { subscriptionsList } from '@/features/subscriptions/list/subscriptions-list.definition';
import { PayerDetailDocument, type PayerDetailQuery } from '../gql/graphql';
import { collectorText } from '../list/references-list';
import { PAYERS_MESSAGES } from '../messages';
import { identificationTypeText } from '../identification-text';
import { formatIdentificationNumber } from '@backoffice/validators';
import { RecordActivity } from '@/components/detail/record-activity';

const PAYER: RecordNoun = { one: 'pagador', gender: 'masculine' };

type Payer = NonNullable<PayerDetailQuery['payer']>;
type PayerReference = NonNullable<Payer['references']>[number];

const SUBSCRIPTION_PERMISSIONS = [
  'SUBSCRIPTION_CREATE',
  'SUBSCRIPTION_CANCEL',
  'SUBSCRIPTION_UPDATE',
  'SUBSCRIPTION_REMOVE_PAYMENT_METHOD',
  'SUBSCRIPTION_HISTORY_SHOW',
] as const;

/**
 * A link to a list filtered by the payer's e-mail: /pagos and /suscripciones with `pagador`, as spec 000 §2 gives
 * them, its address made from the list's definition (`entryHrefOf`).
 */
function ByPayerButton({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Button component={RouterLink} to={to} variant="outlined" startIcon={icon}>
      {children}
    </Button>
  );
}

const REFERENCE_COLUMNS: readonly SimpleColumn<PayerReference>[] = [
  { header: 'ENTIDAD', cell: (reference) => collectorText(reference.collectorId, reference.collector?.name) },
  { header: 'NOMBRE', cell: (reference) => reference.name },
  { header: 'EMAIL', cell: (reference) => reference.email },
  {
    header: 'IDENTIFICACIÓN',
    cell: ({ identification }) =>
      identification
        ? `${identificationTypeText(identification.type)} ${formatIdentificationNumber(identification.type, identification.number)}`
        : null,
  },
  { header: 'REFERENCIA EXTERNA', cell: (reference) => reference.externalReference },
];

const PHONE_COLUMNS: readonly SimpleColumn<Payer['phones'][number]>[] = [
  { header: 'DESCRIPCIÓN', cell: (phone) => phone.description },
  { header: 'CÓDIGO DE ÁREA', cell: (phone) => phone.areaCode },
  { header: 'NÚMERO', cell: (phone) => phone.phoneNumber },
];

function References({ payer }: { payer: Payer }) {
  return (
    <DetailCard title="Referencias del pagador" testId="payer-references" dense>
      <SimpleTable
        ariaLabel="Referencias del pagador"
        columns={REFERENCE_COLUMNS}
        rows={payer.references ?? []}
        rowKey={(reference) => reference.id}
        rowData={(reference) => ({ 'data-testid': `payer-reference-${reference.id}` })}
        empty={PAYERS_MESSAGES.referencesEmpty}
      />
    </DetailCard>
  );
}

/** Detalle del pagador (/pagadores/{id}, spec 000 §2): identification, phones and references by e-mail. */
export default function PayerDetailScreen() {
  const { id = '' } = useParams();
  const withReferences = useHasAny(['PAYER_REFERENCE_SHOW']);
  const canSeeSubscriptions = useHasAny([...SUBSCRIPTION_PERMISSIONS]);
  const { data, loading, error, refetch } = useQuery(PayerDetailDocument, {
    variables: { id, withReferences },
    fetchPolicy: 'cache-and-network',
  });
  const payer = data?.payer;
  const fresh = useFreshRecord(
    PayerDetailDocument,
    { id, withReferences },
    { data, refetch },
    (d) => d.payer,
  );
  const gate = recordGate({ data, loading, error, refetch }, payer, {
    noun: PAYER,
    id,
    icon: <PersonSearchOutlined />,
    notFoundTestId: 'payer-not-found',
  });
  if (gate || !payer) return gate;
  const email = payer.email;
  return (
    <PageSection
      label={PAYERS_MESSAGES.detailTitle}
      {...recordHeading(PAYER, payer)}
      actions={
        email ? (
          <>
            <ByPayerButton to={entryHrefOf(paymentsList, { pagador: email })} icon={<ReceiptLongOutlined />}>
              {PAYERS_MESSAGES.toPayments}
            </ByPayerButton>
            {canSeeSubscriptions && (
              <ByPayerButton
                to={entryHrefOf(subscriptionsList, { pagador: email })}
                icon={<EventRepeatOutlined />}
              >
                {PAYERS_MESSAGES.toSubscriptions}
              </ByPayerButton>
            )}
          </>
        ) : undefined
      }
    >
      <FreshnessNotice fresh={fresh} />
      <Box sx={{ display: 'grid', gap: 2 }}>
        <DetailColumns
          main={
            <DetailCard title="Datos del pagador" testId="payer-data">
              <FieldGrid>
                <Field label="ID" value={payer.id} mono testId="payer-id" />
                <Field label="Email" value={payer.email} testId="payer-email" />
                <Field label="Referencia externa" value={payer.externalReference} />
                <Field
                  label="Tipo de identificación"
                  value={payer.identification ? identificationTypeText(payer.identification.type) : null}
                />
                <Field
                  label="Número de identificación"
                  value={
                    formatIdentificationNumber(payer.identification?.type, payer.identification?.number) ||
                    null
                  }
                  mono
                  testId="payer-identification"
                />
                <Field label="País" value={payer.identification?.country} />
              </FieldGrid>
            </DetailCard>
          }
          side={
            <DetailCard title="Teléfonos" testId="payer-phones" dense>
              <SimpleTable
                ariaLabel="Teléfonos"
                columns={PHONE_COLUMNS}
                rows={payer.phones}
                rowKey={(_phone, index) => index}
                empty="Sin teléfonos"
              />
            </DetailCard>
          }
        />
        {withReferences && <References payer={payer} />}
        <RecordActivity recordId={payer.id} />
      </Box>
    </PageSection>
  );
}
