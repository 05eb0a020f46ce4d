import type { GlobalSearchQuery, SearchGroupKind } from '../gql/graphql';

type Hit = GlobalSearchQuery['search']['groups'][number]['hits'][number];

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

/**
 * Where a hit opens: its detail screen, or, for records without one, their list filtered to it (a transfer: the
 * transfers of the CUIT searched; a withdrawal: its collector's withdrawal history; a distribution: its list).
 */
export function hitPath(kind: SearchGroupKind, hit: Hit, searched: string): string {
  const id = encodeURIComponent(hit.id);
  switch (kind) {
    case 'PAYMENT':
      return `/pago/${id}`;
    case 'SUBSCRIPTION':
      return `/suscripcion/${id}`;
    case 'PAYER':
      return `/pagadores/${id}`;
    case 'COLLECTOR':
      return `/comercios/${id}`;
    case 'TRANSFER':
      return `/transferencias?${q({ cuit: searched })}`;
    case 'IMPORT':
      return `/importacion/${id}`;
    case 'WITHDRAWAL':
      return hit.collectorId
        ? `/retiros/historial?${q({ entidad: hit.collectorId, entidad_nombre: hit.detail ?? hit.collectorId })}`
        : '/retiros/historial';
    case 'BATCH':
      return `/lotes/lotes/${encodeURIComponent(hit.collectorId ?? '')}/${id}`;
    case 'DISTRIBUTION':
      return `/distribucion?${q({ q: hit.id })}`;
    case 'PRESENTATION':
      return `/afip/${id}`;
  }
}
