/**
 * 'es_AR' when the operator's language starts with "es": the `locale` header the web sends, else the first
 * language of Accept-Language. Otherwise null (no locale header upstream). A leaf: GraphQL (context.ts via
 * server.ts) and the file routes (files/router.ts) read the operator's language the same way.
 */
export function operatorLocale(
  localeHeader: string | string[] | undefined,
  acceptLanguage: string | undefined,
): string | null {
  const explicit = typeof localeHeader === 'string' ? localeHeader.trim() : '';
  const language = explicit || (acceptLanguage ?? '').split(',')[0]?.split(';')[0]?.trim() || '';
  return /^es(?:$|[-_])/i.test(language) ? 'es_AR' : null;
}
