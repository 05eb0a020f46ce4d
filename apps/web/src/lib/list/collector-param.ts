/** A collector chosen as a list filter: its id, and its name as shown (the id while unknown). */
export interface CollectorParam {
  id: string;
  name: string;
}

/** The URL parameters of a list's collector filter: `entidad` (its id) and `entidad_nombre` (its name). */
export const COLLECTOR_PARAMS = ['entidad', 'entidad_nombre'] as const;

/** The collector the URL names; the name falls back to the id. */
export function parseCollectorParam(params: URLSearchParams): CollectorParam | null {
  const id = params.get('entidad')?.trim();
  return id ? { id, name: params.get('entidad_nombre')?.trim() || id } : null;
}

/** Writes the collector (its name only when it says more than the id). */
export function writeCollectorParam(collector: CollectorParam | null, params: URLSearchParams): void {
  if (!collector) return;
  params.set('entidad', collector.id);
  if (collector.name !== collector.id) params.set('entidad_nombre', collector.name);
}
