/** Spanish texts of the collector settings (001 §3, §4). */
export const MATCH_IMPORT_LABELS: Readonly<Record<string, string>> = {
  match_payer: 'Fuerza coincidencia por pagador',
  match_concept: 'Fuerza coincidencia por concepto',
  match_identification: 'Fuerza coincidencia por identificación',
};
export const NO_MATCH_IMPORT = 'Sin configuración (opciones libres)';

/** The strategies' catalogue lives with the other codes (lib/code-label.ts), shared with the withdrawals area. */
export { WITHDRAWAL_STRATEGY_LABELS } from '@/lib/code-label';

export const COLLECTOR_STATUS_LABELS: Readonly<Record<string, string>> = {
  active: 'Activa',
  inactive: 'Inactiva',
};

/** A known value's label; an unknown one as it comes; none: the fallback. */
export const labelOf = (
  labels: Readonly<Record<string, string>>,
  value: string | null | undefined,
  none = '—',
) => (value ? (labels[value] ?? value) : none);

export const COLLECTORS_MESSAGES = {
  searchTitle: 'Buscar Entidades',
  searchPlaceholder: 'Nombre o ID de la entidad',
  searchFilters: 'Filtros de entidades',
  searchGrid: 'Entidades',
  empty: 'No se encontraron entidades',
  loadError: 'No se pudieron cargar las entidades',
  pageTitle: 'Entidad',
} as const;
