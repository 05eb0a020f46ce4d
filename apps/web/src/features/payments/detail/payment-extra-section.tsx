import { Fragment, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExtensionOutlined from '@mui/icons-material/ExtensionOutlined';
import { PayerNotificationsTable } from '@/components/detail/notifications-table';
import { SourceFields } from '@/components/detail/source-fields';
import { formatDateTime } from '@/lib/format';
import { CodeText } from '@/components/detail/code-text';
import { webhookResultLabel } from '@/lib/code-label';
import { DetailCard, EmptyText, sectionTableSx } from './detail-card';
import { notificationActionLabel } from '@/components/detail/notification-labels';
import { collectorNotificationStatusLabel, sourceTypeLabel } from './labels';
import type { PaymentDetail } from './types';

function SubTitle({ children }: { children: string }) {
  return (
    <Typography
      variant="overline"
      component="h3"
      color="text.secondary"
      sx={{ display: 'block', px: 2.5, pt: 2, pb: 0.5 }}
    >
      {children}
    </Typography>
  );
}

const pre = {
  m: 0,
  p: 1.5,
  borderRadius: 1.5,
  bgcolor: 'grey.100',
  fontSize: '0.75rem',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
} as const;

function pretty(text: string | null | undefined): string {
  if (!text) return '—';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

function CollectorNotificationRow({ item }: { item: PaymentDetail['collectorNotifications'][number] }) {
  const [open, setOpen] = useState(false);
  const ok = (item.status ?? '').toLowerCase() === 'success';
  return (
    <Fragment>
      <TableRow data-testid="collector-notification">
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.lastRetry) || '—'}</TableCell>
        <TableCell sx={{ wordBreak: 'break-all', maxWidth: 280 }}>{item.url ?? '—'}</TableCell>
        <TableCell>
          <Chip
            size="small"
            variant="outlined"
            color={ok ? 'success' : 'error'}
            label={collectorNotificationStatusLabel(item.status)}
          />
        </TableCell>
        <TableCell>
          <CodeText code={item.statusDetail} label={webhookResultLabel} />
        </TableCell>
        <TableCell align="right">{item.retryCount ?? 0}</TableCell>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-label={open ? 'Ocultar detalle' : 'Ver detalle'}
            onClick={() => setOpen(!open)}
          >
            {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
          </IconButton>
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={6} sx={{ py: 0, borderBottom: open ? undefined : 0 }}>
          <Collapse in={open} unmountOnExit>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, py: 1.5 }}>
              <Box>
                <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
                  SOLICITUD ORIGINAL
                </Typography>
                <Box component="pre" sx={pre}>
                  {pretty(item.originalRequest)}
                </Box>
              </Box>
              <Box>
                <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
                  RESPUESTA
                </Typography>
                <Box component="pre" sx={pre}>
                  {pretty(item.response)}
                </Box>
              </Box>
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </Fragment>
  );
}

/** "Extra": notifications to the payer (links to /notificacion/{id}), to the collector, and the source. */
export function PaymentExtraSection({
  payment,
  canShowNotifications,
}: {
  payment: PaymentDetail;
  canShowNotifications: boolean;
}) {
  return (
    <DetailCard title="Extra" icon={<ExtensionOutlined />} testId="section-extra" dense>
      <Box data-testid="payer-notifications">
        <SubTitle>Notificaciones al pagador</SubTitle>
        <PayerNotificationsTable
          notifications={payment.notifications}
          actionLabel={notificationActionLabel}
          canShowNotifications={canShowNotifications}
          rowTestId="payer-notification"
        />
      </Box>
      <Box data-testid="collector-notifications">
        <SubTitle>Notificaciones a la entidad</SubTitle>
        {payment.collectorNotifications.length === 0 ? (
          <Box sx={{ px: 2.5, pb: 2 }}>
            <EmptyText>No se enviaron notificaciones a la entidad.</EmptyText>
          </Box>
        ) : (
          <Table size="small" sx={sectionTableSx} aria-label="Notificaciones a la entidad">
            <TableHead>
              <TableRow>
                <TableCell>ÚLTIMO INTENTO</TableCell>
                <TableCell>URL</TableCell>
                <TableCell>ESTADO</TableCell>
                <TableCell>DETALLE</TableCell>
                <TableCell align="right">REINTENTOS</TableCell>
                <TableCell padding="checkbox" />
              </TableRow>
            </TableHead>
            <TableBody>
              {payment.collectorNotifications.map((item, index) => (
                <CollectorNotificationRow key={index} item={item} />
              ))}
            </TableBody>
          </Table>
        )}
      </Box>
      <Box data-testid="payment-source" sx={{ pb: 2 }}>
        <SubTitle>Origen</SubTitle>
        <Box sx={{ px: 2.5 }}>
          <SourceFields source={payment.source} typeLabel={sourceTypeLabel} />
        </Box>
      </Box>
    </DetailCard>
  );
}
