import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { FiltersForm } from '@/components/layout/filters-form';
import { CollectorPicker } from '@/components/pickers/collector-picker';
import type { SubscriptionStatus } from '../gql/graphql';
import { SUBSCRIPTION_STATUS_LABELS } from '../subscription-labels';
import type { SubscriptionsFilters } from './subscriptions-list';

const PAYMENT_TYPES = [
  { value: 'DEBIT', label: 'Débito (CBU)' },
  { value: 'CARD', label: 'Tarjeta' },
  { value: 'ALL', label: 'Todos' },
] as const;

const STATUSES = ['ALL', 'ACTIVE', 'PENDING', 'CANCELLED'] as const;

/**
 * The filters of Buscar Suscripciones: free search (e-mail, id or payer name), collector, status and payment
 * type (default debit). 'Buscar' applies them; 'Limpiar' goes back to the defaults.
 */
export function SubscriptionsFiltersForm({
  applied,
  onSubmit,
  onClear,
}: {
  applied: SubscriptionsFilters;
  onSubmit(filters: SubscriptionsFilters): void;
  onClear(): void;
}) {
  const [values, setValues] = useState(applied);
  return (
    <FiltersForm
      ariaLabel="Filtros de suscripciones"
      onSubmit={() => onSubmit(values)}
      onClear={onClear}
      // 'Tipo de pago' never narrower than its longest choice, 'Débito (CBU)' (issue 28 item 5).
      columns="2fr 2fr minmax(130px, 1fr) minmax(170px, 1fr) auto"
    >
      <TextField
        label="Buscar"
        placeholder="E-mail del pagador, ID o nombre"
        value={values.search}
        onChange={(e) => setValues({ ...values, search: e.target.value })}
        slotProps={{ htmlInput: { 'data-testid': 'subscriptions-search-input' } }}
      />
      <CollectorPicker
        value={values.collector}
        onChange={(collector) => setValues({ ...values, collector })}
      />
      <TextField
        select
        label="Estado"
        value={values.status ?? 'ALL'}
        onChange={(e) =>
          setValues({
            ...values,
            status: e.target.value === 'ALL' ? null : (e.target.value as SubscriptionStatus),
          })
        }
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'status-filter' } as object } }}
      >
        {STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {s === 'ALL' ? 'Todos' : SUBSCRIPTION_STATUS_LABELS[s]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Tipo de pago"
        value={values.paymentType ?? 'ALL'}
        onChange={(e) =>
          setValues({
            ...values,
            paymentType: e.target.value === 'ALL' ? null : (e.target.value as 'DEBIT' | 'CARD'),
          })
        }
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'payment-type-filter' } as object } }}
      >
        {PAYMENT_TYPES.map((t) => (
          <MenuItem key={t.value} value={t.value}>
            {t.label}
          </MenuItem>
        ))}
      </TextField>
    </FiltersForm>
  );
}
