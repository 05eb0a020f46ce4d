/**
 * Headers every gateway request carries (spec 000 §1, spec 001 §7): source=backoffice, locale=es_AR when the
 * browser language starts with "es", and the bearer token. A request that already says source=collector
 * is left alone.
 */
export function requestHeaders(
  previous: Record<string, string> | undefined,
  { token, language }: { token: string | undefined; language: string | undefined },
): Record<string, string> {
  const headers: Record<string, string> = { ...previous };
  if (headers.source === 'collector') return headers;
  headers.source = 'backoffice';
  if (language && language.toLowerCase().startsWith('es')) headers.locale = 'es_AR';
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}
