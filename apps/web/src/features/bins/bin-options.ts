/** Countries offered for a BIN (spec 001 §3 "Country list": ISO alpha-3 code and Spanish description). */
export const COUNTRIES: readonly { code: string; description: string }[] = [
  { code: 'ARG', description: 'Argentina' },
  { code: 'BOL', description: 'Bolivia' },
  { code: 'BRA', description: 'Brasil' },
  { code: 'CHL', description: 'Chile' },
  { code: 'COL', description: 'Colombia' },
  { code: 'ESP', description: 'España' },
  { code: 'USA', description: 'Estados Unidos' },
  { code: 'MEX', description: 'México' },
  { code: 'PRY', description: 'Paraguay' },
  { code: 'PER', description: 'Perú' },
  { code: 'URY', description: 'Uruguay' },
];

export const countryName = (code: string | null | undefined): string | null =>
  code ? (COUNTRIES.find((country) => country.code === code)?.description ?? code) : null;

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * The payment-method catalogue searched as spec 001 §3 says: a case-insensitive substring of the description
 * (accents ignored too, so "credimas" finds "Credimás").
 */
export function searchPaymentMethods<T extends { name: string }>(methods: readonly T[], text: string): T[] {
  const needle = fold(text.trim());
  return needle ? methods.filter((method) => fold(method.name).includes(needle)) : [...methods];
}
