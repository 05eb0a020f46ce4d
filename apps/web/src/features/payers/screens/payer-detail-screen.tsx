import { useQuery } from '@apollo/client/react';
import { FreshnessNotice, useFreshRecord } from '@/components/detail/fresh-record';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import EventRepeatOutlined from '@mui/icons-material/EventRepeatOutlined';
import { Link as RouterLink, useParams } from 'react-router';
import { DetailCard, EmptyText, Field, FieldGrid, sectionTableSx } from '@/components/detail/detail-card';
import { DetailColumns } from '@/components/detail/detail-columns';
import { ErrorAlert } from '@/components/feedback/error-alert';
import { PageLoader } from '@/components/feedback/page-loader';
import { PageHeader } from '@/components/layout/page-header';
import { StatusPage } from '@/components/layout/status-page';
import { useHasAny } from '@/lib/permissions';
import { PayerDetailDocument, type PayerDetailQuery } from '../gql/graphql';
import { collectorText } from '../list/references-list';
import { PAYERS_MESSAGES } from '../messages';
import { identificationTypeText } from '../identification-text';
import { formatIdentificationNumber } from '@backoffice/validators';
import { RecordActivity } from '@/components/detail/record-activity';

type Payer = NonNullable<PayerDetailQuery['payer']>;

const SUBSCRIPTION_PERMISSIONS = [
  'SUBSCRIPTION_CREATE',
  'SUBSCRIPTION_CANCEL',
  'SUBSCRIPTION_UPDATE',
  'SUBSCRIPTION_REMOVE_PAYMENT_METHOD',
  'SUBSCRIPTION_HISTORY_SHOW',
] as const;

/** /pagos or /suscripciones filtered by the payer's e-mail (spec 000 §2: query parameter pagador). */
const byPayer = (path: string, email: string) => `${path}?pagador=${encodeURIComponent(email)}`;

function References({ payer }: { payer: Payer }) {
  const references = payer.references ?? [];
  return (
    <DetailCard title="Referencias del pagador" testId="payer-references" dense>
      {references.length === 0 ? (
        <Box sx={{ px: 2.5, py: 2 }}>
          <EmptyText>{PAYERS_MESSAGES.referencesEmpty}</EmptyText>
        </Box>
      ) : (
        <Table size="small" sx={sectionTableSx} aria-label="Referencias del pagador">
          <TableHead>
            <TableRow>
              <TableCell>ENTIDAD</TableCell>
              <TableCell>NOMBRE</TableCell>
              <TableCell>EMAIL</TableCell>
              <TableCell>IDENTIFICACIÓN</TableCell>
              <TableCell>REFERENCIA EXTERNA</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {references.map((reference) => (
              <TableRow key={reference.id} data-testid={`payer-reference-${reference.id}`}>
                <TableCell>{collectorText(reference.collectorId, reference.collector?.name)}</TableCell>
                <TableCell>{reference.name}</TableCell>
                <TableCell>{reference.email ?? '—'}</TableCell>
                <TableCell>
                  {reference.identification
                    ? `${identificationTypeText(reference.identification.type)} ${formatIdentificationNumber(reference.identification.type, reference.identification.number)}`
                    : '—'}
                </TableCell>
                <TableCell>{reference.externalReference ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
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
  if (!data && loading) return <PageLoader />;
  if (error && !data)
    return (
      <ErrorAlert
        title={PAYERS_MESSAGES.detailLoadError}
        error={error}
        onRetry={() => void refetch().catch(() => undefined)}
      />
    );
  if (!payer)
    return (
      <StatusPage icon={<PersonSearchOutlined />} title={PAYERS_MESSAGES.notFound} testId="payer-not-found">
        {`No existe el pagador ${id}.`}
      </StatusPage>
    );
  const email = payer.email;
  return (
    <Box component="section" aria-label={PAYERS_MESSAGES.detailTitle}>
      <PageHeader
        title={payer.name}
        subtitle={`Pagador ${payer.id}`}
        actions={
          email ? (
            <>
              <Button
                component={RouterLink}
                to={byPayer('/pagos', email)}
                variant="outlined"
                startIcon={<ReceiptLongOutlined />}
              >
                {PAYERS_MESSAGES.toPayments}
              </Button>
              {canSeeSubscriptions && (
                <Button
                  component={RouterLink}
                  to={byPayer('/suscripciones', email)}
                  variant="outlined"
                  startIcon={<EventRepeatOutlined />}
                >
                  {PAYERS_MESSAGES.toSubscriptions}
                </Button>
              )}
            </>
          ) : undefined
        }
      />
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
              {payer.phones.length === 0 ? (
                <Box sx={{ px: 2.5, py: 2 }}>
                  <EmptyText>Sin teléfonos</EmptyText>
                </Box>
              ) : (
                <Table size="small" sx={sectionTableSx} aria-label="Teléfonos">
                  <TableHead>
                    <TableRow>
                      <TableCell>DESCRIPCIÓN</TableCell>
                      <TableCell>CÓDIGO DE ÁREA</TableCell>
                      <TableCell>NÚMERO</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {payer.phones.map((phone, index) => (
                      <TableRow key={index}>
                        <TableCell>{phone.description ?? '—'}</TableCell>
                        <TableCell>{phone.areaCode ?? '—'}</TableCell>
                        <TableCell>{phone.phoneNumber ?? '—'}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </DetailCard>
          }
        />
        {withReferences && <References payer={payer} />}
        <RecordActivity recordId={payer.id} />
      </Box>
    </Box>
  );
}
