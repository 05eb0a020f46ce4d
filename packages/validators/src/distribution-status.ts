/**
 * Distribution statuses as operators read them (spec 001 §4), by the service's code: the header's labels and the
 * detail's (authorization_pending and pending read differently there). One catalogue for the screen and for the
 * report the gateway writes, so both say the same. No yup here: list chunks import it.
 */
/** The header's labels, by every status code the service writes. */
export const DISTRIBUTION_HEADER_STATUS_TEXTS = {
  authorization_pending: 'Pendiente',
  error: 'Error',
  in_process: 'En proceso',
  pending: 'En proceso',
  rejected: 'Rechazado',
  success: 'Aprobado',
  manual: 'Manual',
  deferred: 'Diferido',
  scheduled: 'Programada',
} as const satisfies Readonly<Record<string, string>>;

export type DistributionStatusCode = keyof typeof DISTRIBUTION_HEADER_STATUS_TEXTS;

export const DISTRIBUTION_DETAIL_STATUS_TEXTS: Readonly<Record<DistributionStatusCode, string>> = {
  ...DISTRIBUTION_HEADER_STATUS_TEXTS,
  authorization_pending: 'En proceso',
  pending: 'Pendiente',
};

/** A status code's text (header or detail); an unknown code is shown as the service wrote it. */
export function distributionStatusText(code: string, of: 'header' | 'detail' = 'header'): string {
  const texts = of === 'header' ? DISTRIBUTION_HEADER_STATUS_TEXTS : DISTRIBUTION_DETAIL_STATUS_TEXTS;
  return (texts as Record<string, string>)[code.toLowerCase()] ?? code;
}

/** Every status code the service writes. */
export const DISTRIBUTION_STATUS_CODES = Object.keys(
  DISTRIBUTION_HEADER_STATUS_TEXTS,
) as DistributionStatusCode[];
