import type { SearchGroupKind, SearchGroupQuery } from '../gql/graphql';

export type SearchHitOf = NonNullable<SearchGroupQuery['search']>['groups'][number]['hits'][number];
type Hit = SearchHitOf;

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

/** Each group's list and the parameters that filter it by the text looked up ('Ver todos'). */
const GROUP_LISTS: Partial<
  Record<SearchGroupKind, [path: string, params: (value: string) => Record<string, string>]>
> = {
  // Every period: the payment looked up may be of another month than the list's default.
  PAYMENT: ['/pagos', (value) => ({ search: value, periodo: 'todos' })],
  SUBSCRIPTION: ['/suscripciones', (value) => ({ q: value, medio: 'todos', estado: 'todos' })],
  PAYER: ['/pagadores', (value) => ({ q: value })],
  COLLECTOR: ['/comercios', (value) => ({ q: value })],
  TRANSFER: ['/transferencias', (value) => ({ cuit: value })],
  IMPORT: ['/importaciones', (value) => ({ q: value })],
  DISTRIBUTION: ['/distribucion', (value) => ({ q: value })],
  PRESENTATION: ['/afip', (value) => ({ q: value })],
};

/**
 * 'Ver todos' of a group (issue 45): its list filtered by the text as looked up (`value`, after a group's word), or
 * null for a group whose list cannot be filtered so (withdrawals and batches are listed by collector).
 */
export function groupListPath(kind: SearchGroupKind, value: string): string | null {
  const list = GROUP_LISTS[kind];
  return list ? `${list[0]}?${q(list[1](value))}` : null;
}
