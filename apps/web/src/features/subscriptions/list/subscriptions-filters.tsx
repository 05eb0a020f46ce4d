import { FilterSelect } from '@/components/layout/filter-select';
import { FilterText } from '@/components/layout/filter-text';
import { FiltersForm } from '@/components/layout/filters-form';
import { useFilterDraft, type FilterFormProps } from '@/components/layout/filter-draft';
import { CollectorPicker } from '@/components/pickers/collector-picker';
import { SUBSCRIPTION_STATUS_LABELS } from '../subscription-labels';
import type { SubscriptionsFilters } from './subscriptions-list';

const PAYMENT_TYPES = { DEBIT: 'Débito (CBU)', CARD: 'Tarjeta' } as const;

/**
 * The filters of Buscar Suscripciones: free search (e-mail, id or payer name), collector, status and payment
 * type (default debit). 'Buscar' applies them; 'Limpiar' goes back to the defaults.
 */
export function SubscriptionsFiltersForm(props: FilterFormProps<SubscriptionsFilters>) {
  const draft = useFilterDraft(props);
  return (
    <FiltersForm
      ariaLabel="Filtros de suscripciones"
      {...draft.form}
      // 'Tipo de pago' never narrower than its longest choice, 'Débito (CBU)' (issue 28 item 5).
      columns="2fr 2fr minmax(130px, 1fr) minmax(170px, 1fr) auto"
    >
      <FilterText
        label="Buscar"
        placeholder="E-mail del pagador, ID o nombre"
        {...draft.text('search')}
        testId="subscriptions-search-input"
      />
      <CollectorPicker {...draft.bind('collector')} />
      <FilterSelect
        label="Estado"
        {...draft.bind('status')}
        choices={SUBSCRIPTION_STATUS_LABELS}
        minWidth={0}
        testId="status-filter"
      />
      <FilterSelect
        label="Tipo de pago"
        {...draft.bind('paymentType')}
        choices={PAYMENT_TYPES}
        minWidth={0}
        testId="payment-type-filter"
      />
    </FiltersForm>
  );
}
