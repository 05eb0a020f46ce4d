/** Texts of the subscriptions area (spec 000 §2, §8) that are not tied to one component. */
export const SUBSCRIPTIONS_MESSAGES = {
  title: 'Buscar Suscripciones',
  detailTitle: 'Detalle de la suscripción',
  empty: 'No se encontraron subscripciones',
  loadError: 'No se pudieron cargar las suscripciones',
  noPaymentMethod: 'Sin medio de pago',
  amountPrompt: 'Por favor ingrese el Importe',
  loadOlderPeriods: 'Cargar períodos anteriores',
  exportNoPermission: 'Necesita el permiso de crear exportaciones.',
} as const;

/** Success messages of spec 000 §8 (subscription cancel, remove method, update method, amount, e-mail). */
export const SUBSCRIPTION_SUCCESS = {
  cancel: 'Suscripción cancelada correctamente',
  changePaymentMethod: 'Medio de pago de la suscripción actualizado correctamente',
  removePaymentMethod: 'Medio de pago de la suscripción eliminado correctamente',
  changeAmount: 'Importe de la suscripción actualizado correctamente',
  sendEmail: 'E-mail enviado correctamente',
  refresh: 'Suscripción actualizada correctamente',
} as const;
