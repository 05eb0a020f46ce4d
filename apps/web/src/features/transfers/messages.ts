/** The texts of Conciliación de transferencias. */
export const TRANSFERS_MESSAGES = {
  title: 'Conciliación de transferencias',
  empty: 'No se encontraron transferencias.',
  success: 'Conciliación aprobada',
} as const;
