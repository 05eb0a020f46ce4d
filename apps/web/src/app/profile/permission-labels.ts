import type { Permission } from '../../lib/permissions';

/** Each permission in words an operator understands (shown on /perfil), grouped by area. */
export const PERMISSION_LABELS: Readonly<Record<Permission, string>> = {
  PROMOTION_SHOW: 'Ver promociones',
  PROMOTION_CREATE: 'Crear promociones',
  MEDIA_PAYMENT_COST_SHOW: 'Ver costos de medios de pago',
  MEDIA_PAYMENT_COST_CREATE: 'Crear costos de medios de pago',
  GATEWAY_SHOW: 'Ver gateways',
  GATEWAY_CREATE: 'Crear gateways',
  GATEWAY_DEFAULT_SHOW: 'Ver gateway por defecto',
  TARIFF_SHOW: 'Ver tarifas',
  COLLECTOR_SHOW: 'Ver entidades',
  COLLECTOR_CREATE: 'Crear entidades',
  PAYER_SHOW: 'Ver pagadores',
  PAYER_CREATE: 'Crear pagadores',
  PAYER_REFERENCE_SHOW: 'Ver referencias de pagadores',
  PAYER_REFERENCE_CREATE: 'Crear referencias de pagadores',
  PAYER_REFERENCE_UPDATE: 'Modificar referencias de pagadores',
  PAYER_REFERENCE_DELETE: 'Eliminar referencias de pagadores',
  STRATEGY_SHOW: 'Ver estrategias',
  EXPORT_SHOW: 'Ver exportaciones',
  EXPORT_SEARCH: 'Buscar exportaciones',
  EXPORT_CREATE: 'Exportar listados',
  PAYMENT_CREATE: 'Crear pagos',
  PAYMENT_UPDATE: 'Cambiar el medio de pago de un pago',
  PAYMENT_CANCEL: 'Cancelar pagos',
  PAYMENT_REFUND: 'Reembolsar pagos',
  PAYMENT_CANCEL_OBJECTION: 'Cancelar contracargos de pagos',
  PAYMENT_REVERSE: 'Revertir pagos',
  PAYMENT_UPDATE_GATEWAY: 'Cambiar el gateway de un pago',
  PAYMENT_SHOW_FEES: 'Ver comisiones de pagos',
  PAYMENT_SHOW_HISTORY: 'Ver el historial de versiones de pagos',
  PAYMENT_SHOW_BATCHES: 'Ver el lote asociado a un pago',
  PAYMENT_HOLDER: 'Consultar el titular de la tarjeta',
  SUBSCRIPTION_CREATE: 'Crear suscripciones',
  SUBSCRIPTION_CANCEL: 'Cancelar suscripciones',
  SUBSCRIPTION_UPDATE: 'Cambiar el medio de pago de una suscripción',
  SUBSCRIPTION_REMOVE_PAYMENT_METHOD: 'Quitar el medio de pago de una suscripción',
  SUBSCRIPTION_HISTORY_SHOW: 'Ver el historial de versiones de suscripciones',
  NOTIFICATION_SHOW: 'Ver notificaciones (información para desarrolladores)',
  NOTIFICATION_SEND: 'Enviar notificaciones',
  IMPORT_REQUEST: 'Importar pagos',
  TRANSFER_SHOW: 'Ver la conciliación de transferencias',
  TRANSFER_UPDATE: 'Conciliar transferencias manualmente',
  WITHDRAW_SHOW: 'Ver retiros por lote',
  WITHDRAW_TRANSFER: 'Transferir retiros',
  WITHDRAW_DOWNLOAD: 'Descargar retiros',
  WITHDRAW_REJECTED: 'Rechazar retiros',
  WITHDRAW_RE_EXPORT: 'Reexportar retiros',
  WITHDRAWAL_SEARCH: 'Buscar retiros e historial',
  WITHDRAWAL_AUTHORIZE: 'Autorizar y rechazar retiros',
  BATCH_WITHDRAW_SHOW: 'Ver lotes de retiros',
  BATCH_WITHDRAW_REPROCESS: 'Reprocesar lotes de retiros',
  BATCH_WITHDRAW_DOWNLOAD: 'Descargar lotes de retiros',
  BATCH_WITHDRAW_RE_EXPORT: 'Reexportar lotes de retiros',
  AFIP_SHOW: 'Ver presentaciones AFIP',
  AFIP_CREATE: 'Crear presentaciones AFIP',
  AFIP_DELIVER: 'Presentar ante AFIP',
  AFIP_DOWNLOAD: 'Descargar presentaciones AFIP',
  AFIP_REPROCESS: 'Reprocesar presentaciones AFIP',
  SOFT_PROVIDER_APPROVE: 'Aprobar reportes de integraciones',
  SOFT_PROVIDER_REJECT: 'Rechazar reportes de integraciones',
  BIN_CREATE: 'Crear BIN',
  BIN_UPDATE: 'Modificar BIN',
  BIN_DELETE: 'Eliminar BIN',
  SERVICE_PAYMENT_SHOW_BATCH: 'Ver lotes de pago de servicios',
  SHOW_BATCH_DATA: 'Ver lotes de gateways',
  CONCILIATE_BATCH: 'Conciliar lotes de gateways',
  DISTRIBUTION_UPDATE: 'Gestionar distribuciones',
  DISTRIBUTION_FORCE: 'Forzar el éxito de distribuciones',
  DISTRIBUTION_SCHEDULED_UPDATE: 'Modificar distribuciones programadas',
  ACTIVITY_SHOW: 'Ver la actividad del back-office',
  APPROVAL_POLICY_UPDATE: 'Proponer cambios en las políticas de aprobación',
  PREFERENCE_UPDATE: 'Guardar sus preferencias',
};

/** Areas for the profile page, in menu order; each permission belongs to the first area whose prefix matches. */
const AREAS: readonly { label: string; prefixes: readonly string[] }[] = [
  { label: 'Pagos', prefixes: ['PAYMENT_'] },
  { label: 'Suscripciones', prefixes: ['SUBSCRIPTION_'] },
  { label: 'Entidades', prefixes: ['COLLECTOR_', 'TARIFF_', 'STRATEGY_', 'MEDIA_PAYMENT_COST_'] },
  { label: 'Pagadores', prefixes: ['PAYER_'] },
  { label: 'Promociones y gateways', prefixes: ['PROMOTION_', 'GATEWAY_'] },
  { label: 'Notificaciones', prefixes: ['NOTIFICATION_'] },
  { label: 'Importaciones y transferencias', prefixes: ['IMPORT_', 'TRANSFER_'] },
  { label: 'Retiros y lotes', prefixes: ['WITHDRAW_', 'WITHDRAWAL_', 'BATCH_WITHDRAW_'] },
  { label: 'Distribuciones', prefixes: ['DISTRIBUTION_'] },
  { label: 'Pago de servicios', prefixes: ['SERVICE_PAYMENT_', 'SHOW_BATCH_DATA', 'CONCILIATE_BATCH'] },
  { label: 'AFIP', prefixes: ['AFIP_'] },
  { label: 'Exportaciones', prefixes: ['EXPORT_'] },
  { label: 'Integraciones y BIN', prefixes: ['SOFT_PROVIDER_', 'BIN_'] },
  { label: 'Actividad y preferencias', prefixes: ['ACTIVITY_', 'PREFERENCE_'] },
  { label: 'Aprobaciones', prefixes: ['APPROVAL_'] },
];

export interface PermissionArea {
  label: string;
  permissions: { permission: Permission; label: string }[];
}

/** The user's permissions grouped by area with readable labels; unknown values are shown as they come. */
export function groupPermissions(permissions: readonly string[]): PermissionArea[] {
  const areas: PermissionArea[] = AREAS.map((a) => ({ label: a.label, permissions: [] }));
  const other: PermissionArea = { label: 'Otros', permissions: [] };
  const order = Object.keys(PERMISSION_LABELS);
  const sorted = [...new Set(permissions)].sort((a, b) => rank(order, a) - rank(order, b));
  for (const permission of sorted) {
    const index = AREAS.findIndex((a) => a.prefixes.some((p) => permission.startsWith(p)));
    const label = PERMISSION_LABELS[permission as Permission] ?? permission;
    (index >= 0 ? areas[index]! : other).permissions.push({ permission: permission as Permission, label });
  }
  return [...areas, other].filter((a) => a.permissions.length > 0);
}

function rank(order: string[], permission: string): number {
  const i = order.indexOf(permission);
  return i === -1 ? order.length : i;
}
