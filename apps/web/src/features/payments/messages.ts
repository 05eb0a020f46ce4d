/** Texts of the payments feature that are not tied to one component. */
export const PAYMENTS_MESSAGES = {
  title: 'Buscar Pagos',
  loadError: 'No se pudieron cargar los pagos',
  collectorsError: 'No se pudieron cargar las entidades',
  exportSoon: 'Exportación disponible próximamente',
  empty: 'No se encontraron pagos',
} as const;

const monthFormat = new Intl.DateTimeFormat('es-AR', { month: 'long', year: 'numeric' });

/** 'marzo de 2025' for '2025-03'. */
export function periodLabel(period: string): string {
  const [year, month] = period.split('-').map(Number);
  if (!year || !month) return period;
  return monthFormat.format(new Date(year, month - 1, 1));
}
