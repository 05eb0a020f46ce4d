import type { CatalogueEntry } from '../../upstream/error-catalogue.js';

/** The withdraw, withdrawal and configuration codes (docs/upstream-contract.md): extended code -> Spanish. */
const ENTRIES: readonly CatalogueEntry[] = [
  {
    service: 'withdraw',
    code: 'not_found',
    extendedCode: 'withdraw_not_found',
    message: 'No se encontró el retiro.',
  },
  {
    service: 'withdraw',
    code: 'invalid_status',
    extendedCode: 'withdraw_not_pending',
    message: 'El retiro no está pendiente.',
  },
  {
    service: 'withdraw',
    code: 'invalid_status',
    extendedCode: 'withdraw_not_exportable',
    message: 'Solo se exportan retiros pendientes o transferidos.',
  },
  {
    service: 'withdrawal',
    code: 'not_found',
    extendedCode: 'withdrawal_not_found',
    message: 'No se encontró el retiro.',
  },
  {
    service: 'withdrawal',
    code: 'invalid_status',
    extendedCode: 'withdrawal_not_pending_authorization',
    message: 'El retiro no está pendiente de autorización.',
  },
  ...(['withdraw', 'withdrawal'] as const).flatMap((service): CatalogueEntry[] => [
    {
      service,
      code: 'validation_error',
      extendedCode: 'status_detail_required',
      message: 'Debe indicar el motivo de rechazo.',
    },
    {
      service,
      code: 'validation_error',
      extendedCode: 'status_detail_too_long',
      message: 'El motivo de rechazo no puede superar los 500 caracteres.',
    },
  ]),
  {
    service: 'collector',
    code: 'conflict',
    extendedCode: 'configuration_already_active',
    message: 'La entidad ya tiene activa esa configuración.',
  },
  {
    service: 'collector',
    code: 'invalid_status',
    extendedCode: 'configuration_already_disabled',
    message: 'La configuración ya estaba deshabilitada.',
  },
  {
    service: 'collector',
    code: 'validation_error',
    extendedCode: 'invalid_configuration_value',
    message: 'El valor de la configuración no es válido.',
  },
  {
    service: 'collector',
    code: 'not_found',
    extendedCode: 'configuration_not_found',
    message: 'No se encontró la configuración.',
  },
];

export const WITHDRAWAL_ERRORS: readonly CatalogueEntry[] = ENTRIES;
