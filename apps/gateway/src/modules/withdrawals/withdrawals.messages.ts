/** Spanish success messages (spec 001 §8). */
export const WITHDRAWAL_SUCCESS = {
  reExport: '¡Re-exportación exitosa!',
  authorize: 'Retiro Aprobado',
  reject: 'Rechazado correctamente',
  scheduled: 'El retiro fue programado exitosamente',
  scheduleDeleted: 'El retiro programado fue eliminado.',
} as const;
