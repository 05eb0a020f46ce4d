import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import EventRepeatOutlined from '@mui/icons-material/EventRepeatOutlined';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { SimpleTable, type SimpleColumn } from '@/components/data-table/simple-table';
import { DetailCard, EmptyText } from '@/components/detail/detail-card';
import { SUBSCRIPTIONS_MESSAGES } from '../messages';
import { periodText, periodsNewestFirst, visiblePeriodCount } from '../periods';
import type { SubscriptionView } from './types';
import { recordHref } from '@/lib/record-href';

type Period = SubscriptionView['paymentsPeriods'][number];

const COLUMNS: readonly SimpleColumn<Period>[] = [
  { header: 'PERÍODO', cell: (p) => periodText(p.period) },
  {
    header: 'PAGO',
    sx: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
    cell: (p) => p.paymentId,
  },
  {
    header: 'DETALLE',
    align: 'right',
    cell: (p) =>
      p.paymentId ? (
        <Button
          size="small"
          startIcon={<ReceiptLongOutlined />}
          component={RouterLink}
          to={recordHref('payment', { id: p.paymentId })}
          aria-label={`Ver pago ${p.paymentId} del período ${periodText(p.period)}`}
        >
          Ver pago
        </Button>
      ) : (
        <EmptyText>Sin pago</EmptyText>
      ),
  },
];

/**
 * Payment periods, newest first: 5 shown, 'Cargar períodos anteriores' adds 5 (spec 000 §2, §9). Each period
 * opens its payment; the header opens the subscription's external payment form.
 */
export function SubscriptionPeriodsSection({ subscription }: { subscription: SubscriptionView }) {
  const periods = useMemo(() => periodsNewestFirst(subscription.paymentsPeriods), [subscription]);
  const [clicks, setClicks] = useState(0);
  const shown = visiblePeriodCount(periods.length, clicks);
  return (
    <DetailCard
      title="Períodos de pago"
      icon={<EventRepeatOutlined />}
      testId="section-periods"
      dense
      action={
        <Button
          size="small"
          startIcon={<OpenInNewOutlined />}
          href={subscription.formUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="periods-form-link"
        >
          Formulario de pago
        </Button>
      }
    >
      <SimpleTable
        ariaLabel="Períodos de pago"
        columns={COLUMNS}
        rows={periods.slice(0, shown)}
        rowKey={(p) => `${p.period}-${p.paymentId ?? ''}`}
        rowData={(p) => ({ 'data-testid': 'payment-period', 'data-period': p.period })}
        empty="La suscripción todavía no generó pagos."
      />
      {periods.length > 0 && (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            px: 2.5,
            py: 1,
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          <EmptyText>
            {shown} de {periods.length} períodos
          </EmptyText>
          {shown < periods.length && (
            <Button
              size="small"
              startIcon={<ExpandMoreOutlined />}
              onClick={() => setClicks((n) => n + 1)}
              data-testid="load-older-periods"
            >
              {SUBSCRIPTIONS_MESSAGES.loadOlderPeriods}
            </Button>
          )}
        </Box>
      )}
    </DetailCard>
  );
}
