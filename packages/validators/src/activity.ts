/**
 * The Spanish catalogue of the operators' actions: each audited mutation of the gateway as the
 * 'Actividad' screen and a detail's 'Actividad en el back-office' section name it. A mutation missing here still
 * shows its raw name (the web's `codeLabel`; the CSV writes the name), so a new one is never hidden.
 */
export const OPERATION_TEXTS: Readonly<Record<string, string>> = {
  // Uploads through /files: the audit names them by method and route.
  'POST /files/importaciones': 'Importar archivo de pagos',
  'POST /files/conversiones': 'Convertir archivo de importación',
  cancelPayment: 'Cancelar pago',
  changePaymentMethod: 'Cambiar medio de pago',
  cancelPaymentObjection: 'Cancelar objeción del pago',
  retryPayment: 'Reintentar pago',
  refundPayment: 'Devolver pago',
  partialRefundPayment: 'Devolver parcialmente el pago',
  reversePayment: 'Revertir pago',
  forwardPaymentNotification: 'Reenviar notificación del pago',
  updatePaymentFromGateway: 'Actualizar pago desde el gateway',
  downloadReceipts: 'Descargar comprobantes',
  notifyPayer: 'Notificar al pagador',
  refreshPayment: 'Actualizar pago',
  bulkChangePaymentMethod: 'Cambiar medio de pago (varios)',
  bulkCancelPayments: 'Cancelar pagos (varios)',
  bulkCancelPaymentObjections: 'Cancelar objeciones (varias)',
  cancelSubscription: 'Cancelar suscripción',
  changeSubscriptionPaymentMethod: 'Cambiar medio de pago de la suscripción',
  removeSubscriptionPaymentMethod: 'Quitar medio de pago de la suscripción',
  updateSubscriptionAmount: 'Modificar monto de la suscripción',
  sendSubscriptionEmail: 'Enviar correo de la suscripción',
  refreshSubscription: 'Actualizar suscripción',
  bulkCancelSubscriptions: 'Cancelar suscripciones (varias)',
  bulkChangeSubscriptionPaymentMethod: 'Cambiar medio de pago de suscripciones (varias)',
  bulkUpdateSubscriptionAmount: 'Modificar monto de suscripciones (varias)',
  createPayer: 'Crear pagador',
  createPayerReference: 'Crear referencia de pagador',
  updatePayerReference: 'Modificar referencia de pagador',
  deletePayerReference: 'Eliminar referencia de pagador',
  deleteCollectorPayerReferences: 'Eliminar referencias de la entidad',
  confirmImport: 'Confirmar importación',
  cancelImport: 'Cancelar importación',
  transferWithdraws: 'Transferir retiros',
  rejectWithdraws: 'Rechazar retiros',
  reExportWithdraw: 'Reexportar retiro',
  authorizeWithdrawal: 'Autorizar retiro',
  rejectWithdrawal: 'Rechazar retiro',
  bulkAuthorizeWithdrawals: 'Autorizar retiros (varios)',
  bulkRejectWithdrawals: 'Rechazar retiros (varios)',
  saveScheduledWithdrawal: 'Guardar retiro programado',
  deleteScheduledWithdrawal: 'Eliminar retiro programado',
  reprocessWithdrawalBatch: 'Reprocesar lote de retiros',
  reExportWithdrawalBatch: 'Reexportar lote de retiros',
  bulkReprocessWithdrawalBatches: 'Reprocesar lotes de retiros (varios)',
  reprocessDistribution: 'Reprocesar distribución',
  approveDistribution: 'Aprobar distribución',
  rejectDistribution: 'Rechazar distribución',
  updateDistributionDetail: 'Modificar detalle de distribución',
  sendDistributionReceipt: 'Enviar comprobante de distribución',
  createPresentation: 'Crear presentación AFIP',
  presentPresentation: 'Presentar a AFIP',
  presentPresentationManually: 'Presentar a AFIP manualmente',
  reprocessPresentation: 'Reprocesar presentación AFIP',
  createCardBin: 'Crear BIN',
  updateCardBin: 'Modificar BIN',
  deleteCardBins: 'Eliminar BIN',
  createExport: 'Solicitar exportación',
  resendNotification: 'Reenviar notificación',
  conciliateGatewayBatch: 'Conciliar lote de gateway',
  conciliateTransfer: 'Conciliar transferencia',
  approveSoftProviderItem: 'Aprobar integración',
  rejectSoftProviderItem: 'Rechazar integración',
  regenerateSoftProviderItem: 'Regenerar integración',
  setPreference: 'Guardar preferencia',
  proposeApprovalPolicy: 'Agregar regla de aprobación',
  proposeApprovalPolicyRemoval: 'Quitar regla de aprobación',
};

/** The areas (gateway modules) an action belongs to, in Spanish. */
export const AREA_TEXTS: Readonly<Record<string, string>> = {
  payments: 'Pagos',
  subscriptions: 'Suscripciones',
  payers: 'Pagadores',
  imports: 'Importaciones',
  withdrawals: 'Retiros',
  batches: 'Lotes de retiros',
  distributions: 'Distribuciones',
  afip: 'AFIP',
  bins: 'BIN',
  exports: 'Exportaciones',
  notifications: 'Notificaciones',
  'service-payments': 'Pago de servicios',
  transfers: 'Transferencias',
  softprovider: 'Reporte plano de integraciones',
  activity: 'Preferencias',
  approvals: 'Aprobaciones',
};

/**
 * What became of an operator's action (the gateway's `ActivityResult`), as operators read it: the
 * 'Actividad' screen, a detail's 'Actividad en el back-office' section and the activity CSV.
 */
export const ACTIVITY_RESULT_TEXTS = {
  SUCCESS: 'Correcto',
  FAILED: 'Con error',
  UNKNOWN: 'Resultado desconocido',
  // Refused before it ran: permission, the request's budget or invalid input.
  DENIED: 'Denegado',
  ALLOWED: 'Realizado',
  ERROR: 'Error inesperado',
  // A money move written before it was sent, whose outcome is not known yet.
  PENDING: 'En curso',
} as const;

export type ActivityResultCode = keyof typeof ACTIVITY_RESULT_TEXTS;

/**
 * The error codes of a refused action that operators read in words: an action refused because the record
 * changed since the operator saw it (the gateway's VERSION_CONFLICT). Any other code shows as it came.
 */
export const ACTIVITY_ERROR_TEXTS: Readonly<Record<string, string>> = {
  VERSION_CONFLICT: 'Versión desactualizada',
  // A move whose gateway stopped before it knew the outcome; found and closed by another one.
  GATEWAY_STOPPED: 'El servidor se detuvo durante la operación',
  STORE_UNAVAILABLE: 'No se pudo registrar: no se envió',
};

/** The Spanish words of an error code; null for a code without words (shown as the code). */
export const activityErrorText = (code: string): string | null =>
  Object.hasOwn(ACTIVITY_ERROR_TEXTS, code) ? ACTIVITY_ERROR_TEXTS[code]! : null;

/** The Spanish text of a result; an unknown code as it came. */
export const activityResultText = (result: string): string =>
  (ACTIVITY_RESULT_TEXTS as Readonly<Record<string, string>>)[result] ?? result;

/** The Spanish name of an action (a mutation); an unknown one as its name. */
export const operationText = (operation: string): string =>
  Object.hasOwn(OPERATION_TEXTS, operation) ? OPERATION_TEXTS[operation]! : operation;
