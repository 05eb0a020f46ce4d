/**
 * What an upload route accepts, checked when the operator chooses the file (before any dialog or request), with
 * the same Spanish texts the gateway's /files refusals use (apps/gateway/src/files/refusals.ts), which still
 * decide: a file this lets through may be refused there by its content.
 */
export interface UploadRule {
  /** Accepted extensions, lower case without the dot ('csv', 'xlsx'). */
  accept: readonly string[];
  /** Largest file accepted, in bytes. */
  maxBytes: number;
}

/** "10 MB", "512 KB": the limit as an operator reads it (as the gateway writes it). */
export function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1).replace('.', ',')} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** "CSV o XLSX", "CSV, TXT o XML". */
const acceptedText = (accept: readonly string[]): string => {
  const names = accept.map((format) => format.toUpperCase());
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} o ${names.at(-1)}` : (names[0] ?? '');
};

/** The `accept` attribute of a file input for the rule ('.csv,.xlsx'). */
export const acceptAttribute = (rule: UploadRule): string =>
  rule.accept.map((format) => `.${format}`).join(',');

/** Why the rule refuses the file (its type by the name's extension, then its size, then an empty file), or null. */
export function uploadProblem(file: { name: string; size: number }, rule: UploadRule): string | null {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!rule.accept.includes(extension)) {
    return `El tipo de archivo no es válido: se aceptan archivos ${acceptedText(rule.accept)}.`;
  }
  if (file.size > rule.maxBytes) {
    return `El archivo supera el tamaño máximo permitido (${sizeText(rule.maxBytes)}).`;
  }
  if (file.size === 0) return 'El archivo está vacío.';
  return null;
}
