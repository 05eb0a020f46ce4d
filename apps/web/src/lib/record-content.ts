/**
 * What a record says, as text that does not depend on the order of its fields: Apollo's cache answers an object with
 * `__typename` first, the network where the query put it (last), so the same record read both ways must compare equal
 * (otherwise a detail view warns 'Otro operador modificó este registro' after its first check, untouched).
 */
export function recordContent(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, field: unknown) =>
    field && typeof field === 'object' && !Array.isArray(field)
      ? Object.fromEntries(
          Object.entries(field as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : field,
  );
}
