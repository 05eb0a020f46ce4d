import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { formatDateTime } from '@/lib/format';
import { CodeText } from '@/components/detail/code-text';
import { DetailCard, EmptyText, sectionTableSx } from './detail-card';
import { metadataKeyLabel } from './labels';
import type { PaymentDetailMetadata } from './types';
import { recordHref } from '@/lib/record-href';

/** A metadata value as text: strings as they are, anything else as compact JSON. */
export function metadataValueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function SubscriptionRequest({ entry }: { entry: PaymentDetailMetadata }) {
  const ok = entry.statusCode === 200;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Chip
        size="small"
        variant="outlined"
        color={ok ? 'success' : 'error'}
        label={entry.statusCode ?? '—'}
        sx={{ fontFamily: 'monospace' }}
      />
      {entry.linksToSubscription && entry.subscriptionId ? (
        <Link component={RouterLink} to={recordHref('subscription', { id: entry.subscriptionId })}>
          Suscripción {entry.subscriptionId}
        </Link>
      ) : (
        <Typography variant="body2" data-testid="metadata-message">
          {entry.message ?? 'Sin mensaje'}
        </Typography>
      )}
    </Box>
  );
}

/** "Información adicional": subscription_request entries link (200) or show the message for the status code. */
export function PaymentMetadataSection({ metadata }: { metadata: readonly PaymentDetailMetadata[] }) {
  const withDates = metadata.some((entry) => entry.date);
  return (
    <DetailCard
      title="Información adicional"
      icon={<InfoOutlined />}
      testId="section-metadata"
      dense={metadata.length > 0}
    >
      {metadata.length === 0 ? (
        <EmptyText>Sin información adicional.</EmptyText>
      ) : (
        <Table size="small" sx={sectionTableSx} aria-label="Información adicional">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '30%' }}>CLAVE</TableCell>
              <TableCell>VALOR</TableCell>
              {withDates && <TableCell sx={{ width: 160 }}>FECHA</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {metadata.map((entry, index) => (
              <TableRow key={`${entry.key}-${index}`} data-testid="metadata-entry" data-key={entry.key}>
                <TableCell>
                  <CodeText code={entry.key} label={metadataKeyLabel} />
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>
                  {entry.key === 'subscription_request' ? (
                    <SubscriptionRequest entry={entry} />
                  ) : (
                    metadataValueText(entry.value)
                  )}
                </TableCell>
                {withDates && (
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.date) || '—'}</TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </DetailCard>
  );
}
