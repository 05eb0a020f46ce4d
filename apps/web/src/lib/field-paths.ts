/**
 * A gateway message without the argument paths it names for developers ('(filter.search)', '(input.ids[2])'):
 * the operator reads the Spanish sentence; the path stays in the response's `extensions.field`, or the payload's
 * `error.field` (schema 2.0.0), for support. A module of its own: the outcome kit reads it without Apollo's errors.
 */
export function withoutFieldPaths(message: string, field?: unknown): string {
  const named = typeof field === 'string' && field ? message.split(` (${field})`).join('') : message;
  return named
    .replace(/\s*\((?:[A-Za-z_$][\w$]*)(?:\.[A-Za-z_$][\w$]*|\[\d+\])+\)/g, '')
    .replace(/\.{2,}/g, '.')
    .replace(/\s+([.,;:])/g, '$1')
    .trim();
}
