import { DraftFiltersForm, type FilterField } from '@/components/layout/draft-filters-form';
import type { FilterFormProps } from '@/components/layout/filter-draft';
import { SUBSCRIPTION_STATUS_LABELS } from '../subscription-labels';
import type { SubscriptionsFilters } from './subscriptions-list';

const PAYMENT_TYPES = { DEBIT: 'Débito (CBU)', CARD: 'Tarjeta' } as const;

const FIELDS: readonly FilterField<SubscriptionsFilters>[] = [
  {
    text: 'search',
    label: 'Buscar',
    placeholder: 'E-mail del pagador, ID o nombre',
    testId: 'subscriptions-search-input',
  },
  { collector: 'collector' },
  {
    select: 'status',
    label: 'Estado',
    choices: SUBSCRIPTION_STATUS_LABELS,
    minWidth: 0,
    testId: 'status-filter',
  },
  {
    select: 'paymentType',
    label: 'Tipo de pago',
    choices: PAYMENT_TYPES,
    minWidth: 0,
    testId: 'payment-type-filter',
  },
];

/**
 * The filters of Buscar Suscripciones: free search (e-mail, id or payer name), collector, status and payment
 * type (default debit). 'Buscar' applies them; 'Limpiar' goes back to the defaults.
 */
export function SubscriptionsFiltersForm(props: FilterFormProps<SubscriptionsFilters>) {
  return (
    <DraftFiltersForm
      {...props}
      ariaLabel="Filtros de suscripciones"
      fields={FIELDS}
      // 'Tipo de pago' never narrower than its longest choice, 'Débito (CBU)'.
      columns="2fr 2fr minmax(130px, 1fr) minmax(170px, 1fr) auto"
    />
  );
}
