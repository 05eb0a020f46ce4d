/**
 * The last conversion result (spec 001 §7: "the result is cached and the user goes to /conversion"), kept in
 * session storage so /conversion survives a reload; without it /conversion goes back to /importacion.
 */
export interface ConversionErrorRow {
  index: number;
  errors: string[];
}

export interface ConversionResult {
  importId: string | null;
  errorRows: ConversionErrorRow[];
}

const KEY = 'imports.conversion';

/** The converter's answer `{error_rows, api_response: {import_id}}` as the cache keeps it. */
export function conversionOf(answer: unknown): ConversionResult {
  const raw = (answer ?? {}) as { error_rows?: unknown; api_response?: { import_id?: unknown } | null };
  const rows = Array.isArray(raw.error_rows) ? raw.error_rows : [];
  const importId = raw.api_response?.import_id;
  return {
    importId: typeof importId === 'string' || typeof importId === 'number' ? String(importId) : null,
    errorRows: rows.map((row: { index?: unknown; errors?: unknown }) => ({
      index: Number(row.index),
      errors: Array.isArray(row.errors) ? row.errors.map(String) : [],
    })),
  };
}

export function saveConversion(result: ConversionResult): void {
  sessionStorage.setItem(KEY, JSON.stringify(result));
}

export function readConversion(): ConversionResult | null {
  try {
    const text = sessionStorage.getItem(KEY);
    if (!text) return null;
    const parsed = JSON.parse(text) as Partial<ConversionResult>;
    return {
      importId: typeof parsed.importId === 'string' ? parsed.importId : null,
      errorRows: Array.isArray(parsed.errorRows) ? parsed.errorRows : [],
    };
  } catch {
    return null;
  }
}
