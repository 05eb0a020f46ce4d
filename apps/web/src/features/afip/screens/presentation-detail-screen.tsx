import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@apollo/client/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { ActionButton } from '@/components/actions/action-button';
import { useDetailActions } from '@/components/actions/detail-actions';
import { DetailCard, Field, FieldGrid } from '@/components/detail/detail-card';
import { detailGate, gateQuery } from '@/components/detail/detail-gate';
import { detailGateTexts } from '@/components/detail/record-texts';
import { FreshnessNotice, useFreshRecord, withoutToolbarReload } from '@/components/detail/fresh-record';
import { DownloadProgress, useFileDownload } from '@/components/files';
import { PageHeader } from '@/components/layout/page-header';
import { formatDateTime } from '@/lib/format';
import { PresentationDetailDocument } from '../gql/graphql';
import { PRESENTATION_ACTION_TABLE } from '../presentation-action-table';
import { PRESENTATION_ACTIONS, PRESENTATION_FILE_NOTE } from '../presentation-actions';
import { formTypeLabel, PRESENTATION_NOUN, presentationPeriod } from '../presentation-labels';
import { PresentationStatusChip } from '../presentation-status-chip';
import { PendingApproval, RecordActivity } from '@/components/detail/record-activity';

/** Detalle de presentación (/afip/{id}, spec 001 §2): every field, download ZIP, present, manual, re-process, reload. */
export default function PresentationDetailScreen() {
  const id = useParams().id ?? '';
  const result = useQuery(PresentationDetailDocument, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const presentation = result.data?.presentation ?? null;
  const fresh = useFreshRecord(PresentationDetailDocument, { id }, result, (data) => data.presentation);
  const zip = useFileDownload();
  const actions = useDetailActions(PRESENTATION_ACTION_TABLE, {
    record: presentation,
    context: { download: zip.download },
    refetch: result.refetch,
    ...fresh.forActions,
  });

  const header = (
    <PageHeader
      title={`Presentación ${id}`}
      subtitle={PRESENTATION_FILE_NOTE}
      actions={
        <Button component={RouterLink} to="/afip" startIcon={<ArrowBackIcon />}>
          Volver a Presentaciones AFIP
        </Button>
      }
    />
  );
  const gate = detailGate({
    header,
    texts: detailGateTexts(PRESENTATION_NOUN, {
      id,
      notFoundTestId: 'presentation-not-found',
      listHref: '/afip',
      listLabel: 'Ir a Presentaciones AFIP',
    }),
    current: gateQuery(result, presentation !== null),
  });
  if (gate !== null || !presentation) return gate;

  const shown = withoutToolbarReload(fresh, presentation.actions).filter((action) => action.permitted);
  const structure = presentation.fileStructure;

  return (
    <Box component="section" aria-label={`Presentación ${presentation.id}`}>
      {header}
      <FreshnessNotice fresh={fresh} />
      <PendingApproval recordId={presentation.id} />
      <Box
        role="toolbar"
        aria-label="Acciones de la presentación"
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}
      >
        {shown.map((action) => (
          <ActionButton
            key={action.kind}
            action={action}
            meta={PRESENTATION_ACTIONS[action.kind]}
            busy={actions.busyKind === action.kind}
            onRun={actions.run}
          />
        ))}
        {zip.progress && <DownloadProgress progress={zip.progress} />}
      </Box>
      <DetailCard title="Presentación" testId="presentation-card">
        <FieldGrid min={200}>
          <Field label="Estado" value={<PresentationStatusChip status={presentation.status} />} />
          {presentation.status === 'REPROCESS' && (
            <Field
              label="Motivo del re-proceso"
              value={presentation.reprocessDetail}
              testId="reprocess-detail"
            />
          )}
          <Field label="Archivo" value={presentation.fileName} mono testId="file-name" />
          <Field label="Período" value={presentationPeriod(presentation.period)} />
          <Field label="Formulario" value={formTypeLabel(structure)} />
          <Field label="Versión" value={structure.version} />
          <Field label="ID" value={presentation.id} mono />
          <Field label="Fecha de creación" value={formatDateTime(presentation.createdDate)} />
          <Field label="Creada por" value={presentation.createdBy} testId="created-by" />
          {presentation.afipTransactionId && (
            <Field
              label="ID de transacción AFIP"
              value={presentation.afipTransactionId}
              mono
              testId="transaction-id"
            />
          )}
          {presentation.deliveryDate && (
            <Field label="Fecha de presentación" value={formatDateTime(presentation.deliveryDate)} />
          )}
          {presentation.reprocessDate && (
            <Field label="Fecha de re-proceso" value={formatDateTime(presentation.reprocessDate)} />
          )}
          {presentation.reprocessBy && (
            <Field label="Re-procesada por" value={presentation.reprocessBy} testId="reprocess-by" />
          )}
        </FieldGrid>
      </DetailCard>
      <RecordActivity recordId={presentation.id} />
      {actions.dialog}
    </Box>
  );
}
