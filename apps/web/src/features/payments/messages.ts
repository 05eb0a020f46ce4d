/** Texts of the payments feature that are not tied to one component. */
export const PAYMENTS_MESSAGES = {
  title: 'Buscar Pagos',
  loadError: 'No se pudieron cargar los pagos',
  empty: 'No se encontraron pagos',
} as const;
