/** The Spanish name of each country offered for a BIN (spec 001 §3 "Country list": ISO alpha-3 code), in order. */
const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  ARG: 'Argentina',
  BOL: 'Bolivia',
  BRA: 'Brasil',
  CHL: 'Chile',
  COL: 'Colombia',
  ESP: 'España',
  USA: 'Estados Unidos',
  MEX: 'México',
  PRY: 'Paraguay',
  PER: 'Perú',
  URY: 'Uruguay',
};

/** The countries offered for a BIN: ISO alpha-3 code and Spanish description. */
export const COUNTRIES: readonly { code: string; description: string }[] = Object.entries(COUNTRY_NAMES).map(
  ([code, description]) => ({ code, description }),
);

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
