import { IDENTIFICATION_TYPE_LABELS, normalizeIdentificationType } from '@backoffice/validators';

/** DNI_ARG -> 'DNI', CUIT_ARG -> 'CUIT'; an unknown type as it comes; none '—'. */
export function identificationTypeText(type: string | null | undefined): string {
  const known = normalizeIdentificationType(type);
  return known ? IDENTIFICATION_TYPE_LABELS[known] : (type ?? '—');
}
