import type { Filter } from '../../upstream/filters.js';
import type { SoftProviderActionKind } from '../../generated/resolvers-types.js';
import { defineActions } from '../../shared/actions.js';
import { permissionOf } from '../../shared/mutation-permissions.js';
import type { SoftProviderModel } from './softprovider.mappers.js';

/** Who may open Reporte plano de integraciones (docs/decisions.md "Side menu"): regenerate and download need only it. */
export const SOFT_PROVIDER_SCREEN = ['SOFT_PROVIDER_APPROVE', 'SOFT_PROVIDER_REJECT'] as const;

/** Spec 001 §4 "Software provider": approve and reject only in pending_approval; regenerate and download always. */
export const softProviderActions = defineActions<SoftProviderActionKind, SoftProviderModel>({
  kinds: ['APPROVE', 'REJECT', 'REGENERATE', 'DOWNLOAD'],
  permissions: {
    APPROVE: permissionOf('approveSoftProviderItem', 'Requiere el permiso de aprobación.'),
    REJECT: permissionOf('rejectSoftProviderItem', 'Requiere el permiso de rechazo.'),
    REGENERATE: {
      requires: SOFT_PROVIDER_SCREEN,
      reason: 'Requiere acceso a los reportes de integraciones.',
    },
    DOWNLOAD: { requires: SOFT_PROVIDER_SCREEN, reason: 'Requiere acceso a los reportes de integraciones.' },
  },
  availableOnPreviousVersion: ['APPROVE', 'REJECT', 'REGENERATE', 'DOWNLOAD'],
  previousVersionReason: '',
  isCurrentVersion: () => true,
  stateReason: (kind, doc) =>
    (kind === 'APPROVE' || kind === 'REJECT') && doc.status !== 'PENDING_APPROVAL'
      ? 'Solo disponible para reportes pendientes de aprobación.'
      : null,
});

/**
 * What the list's search looks in, one filter set per field (the service has no OR; the resolver
 * merges them with `unionList`): all digits, the report id or the collector id the 'Entidad' column shows; any other
 * text, part of the collector's name or of the format (AGIP, ARBA). No text: one empty set.
 */
export function softProviderSearchFilters(search: string | null): Filter[][] {
  if (!search) return [[]];
  if (/^\d+$/.test(search)) {
    return [
      [{ field: 'id', operation: 'EQUAL', value: search }],
      [{ field: 'collector_id', operation: 'EQUAL', value: search }],
    ];
  }
  return [
    [{ field: 'collector_name', operation: 'CONTAINS', value: search }],
    [{ field: 'soft_provider', operation: 'CONTAINS', value: search }],
  ];
}
