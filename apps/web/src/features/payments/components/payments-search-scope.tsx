import { ScopeNotice } from '@/components/layout/scope-notice';

export interface PaymentsSearchScopeProps {
  /** The search applied (an e-mail, a payment id or a name); nothing is shown without one. */
  search: string;
  /** 'marzo de 2025 · fecha de solicitud', or null when every period was searched. */
  periodText: string | null;
  onSearchAllPeriods: () => void;
  onBackToPeriod: () => void;
}

/**
 * Which period a search looked in: a payment outside the selected month is not "not found",
 * the operator is told where the search looked and offered every period.
 */
export function PaymentsSearchScope({
  search,
  periodText,
  onSearchAllPeriods,
  onBackToPeriod,
}: PaymentsSearchScopeProps) {
  if (!search) return null;
  return (
    <ScopeNotice
      testId="search-scope"
      actionLabel={periodText === null ? 'Buscar solo en el mes actual' : 'Buscar en todos los períodos'}
      onAction={periodText === null ? onBackToPeriod : onSearchAllPeriods}
    >
      {periodText === null
        ? `Se buscó «${search}» en todos los períodos.`
        : `Se buscó «${search}» solo en ${periodText}.`}
    </ScopeNotice>
  );
}
